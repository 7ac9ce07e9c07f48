"""The doctor's checks, each made to fail on a faked machine."""

import os
import pwd
import types
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from deploy import doctor
from deploy.checks import (
    Identity,
    LocalSystem,
    Status,
    check_display,
    check_engine,
    check_font,
    check_game_only,
    check_input,
    check_last_crash,
    check_save_dir,
    check_serial_port,
    check_version,
    game_identity,
    run_probe,
)
from deploy.config import DEFAULT_SAVE_DIR, Config, VideoOutput
from deploy.crash import record_crash
from deploy.panel import PanelMissingError, framebuffer_device

# A real font the tests can count on: pygame-ce ships one.
PYGAME_FONT = Path(pygame.__file__).parent / "freesansbold.ttf"


@pytest.fixture
def system(tmp_path: Path) -> LocalSystem:
    """A healthy appliance: display, input devices, a serial port, a font, a compiled engine."""
    dev = tmp_path / "dev"
    (dev / "dri").mkdir(parents=True)
    (dev / "dri" / "card1").touch()
    (dev / "input").mkdir()
    (dev / "input" / "event0").touch()
    (dev / "ttyACM0").touch()
    fonts = tmp_path / "assets"
    fonts.mkdir()
    (fonts / "DejaVuSans.ttf").write_bytes(PYGAME_FONT.read_bytes())
    mounts = tmp_path / "mounts"
    mounts.write_text(f"/dev/root / ext4 rw 0 0\n/dev/mmcblk0p3 {tmp_path} ext4 rw 0 0\n")
    engine = types.SimpleNamespace(is_compiled=lambda: True)
    return LocalSystem(
        dev=dev,
        mounts=mounts,
        sysfs=tmp_path / "sys",
        proc_net=tmp_path / "net",
        environ={},
        identity=Identity(
            "satellites", frozenset({"satellites", "video", "render", "input", "dialout"})
        ),
        font_dir=fonts,
        import_engine=lambda: engine,  # type: ignore[arg-type,return-value]
        probe_display=lambda path: "ok: framebuffer showed a frame of 320x240",
    )


@pytest.fixture
def config(tmp_path: Path) -> Config:
    saves = tmp_path / "saves"
    saves.mkdir()
    return Config(save_dir=saves, button_serial_port=str(tmp_path / "dev" / "ttyACM0"))


def write_config(tmp_path: Path, config: Config) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(
        f'profile = "{config.profile}"\nsave_dir = "{config.save_dir}"\n'
        f'button_serial_port = "{config.button_serial_port}"\n'
    )
    return path


@pytest.mark.usefixtures("saves_allowed_in_tmp_path")
def test_a_healthy_appliance_passes(
    tmp_path: Path, system: LocalSystem, config: Config, capsys: pytest.CaptureFixture[str]
) -> None:
    status = doctor.main(["--config", str(write_config(tmp_path, config))], system)
    out = capsys.readouterr().out
    assert status == 0, out
    assert "FAIL" not in out
    assert "compiled with mypyc" in out


def test_the_screen_is_opened_for_real_and_its_failure_named_with_the_fix(
    tmp_path: Path, system: LocalSystem, config: Config
) -> None:
    path = write_config(tmp_path, config)
    opened: list[Path] = []

    def probe(config_path: Path) -> str:
        opened.append(config_path)
        return (
            "FAIL: kmsdrm cannot start (EGL not initialized): libEGL.so.1, libgbm.so.1 missing; "
            "fix: sudo apt-get install libegl1 libgles2 libgbm1 libgl1-mesa-dri libdrm2"
        )

    finding = check_display(
        replace(config, display=VideoOutput.KMSDRM), replace(system, probe_display=probe), path
    )
    assert opened == [path]
    assert finding.status is Status.FAIL
    assert "libEGL.so.1, libgbm.so.1 missing" in finding.detail
    assert finding.fix == "sudo apt-get install libegl1 libgles2 libgbm1 libgl1-mesa-dri libdrm2"


def test_a_missing_framebuffer_points_at_the_boot_overlay(
    tmp_path: Path, system: LocalSystem, config: Config
) -> None:
    sysfs = tmp_path / "sys"
    (sysfs / "class" / "drm" / "card0-HDMI-A-1").mkdir(parents=True)
    with pytest.raises(
        PanelMissingError, match=r"no framebuffer for the spi panel \(outputs: card0-HDMI-A-1\)"
    ):
        framebuffer_device(config, sysfs)
    finding = check_display(
        config,
        replace(system, probe_display=lambda path: "FAIL: no framebuffer for the spi panel"),
        write_config(tmp_path, config),
    )
    assert finding.status is Status.FAIL
    assert "boot-hatmini.txt" in finding.fix


def test_the_real_probe_opens_the_framebuffer_in_a_subprocess(
    tmp_path: Path, config: Config
) -> None:
    not_a_framebuffer = tmp_path / "fb0"
    not_a_framebuffer.write_bytes(bytes(64))
    path = write_config(tmp_path, replace(config, save_dir=DEFAULT_SAVE_DIR))
    path.write_text(path.read_text() + 'fb_device = "/dev/fb9"\n')
    verdict = run_probe(path)
    assert verdict.startswith("FAIL:") and "/dev/fb9" in verdict


def test_a_recorded_crash_is_shown_with_where_its_traceback_is(config: Config) -> None:
    assert check_last_crash(config).status is Status.OK
    try:
        raise ValueError("the board has no cell 101")
    except ValueError as error:
        record_crash(config.save_dir, error)
    finding = check_last_crash(config)
    assert finding.status is Status.WARN
    assert finding.detail.endswith("ValueError: the board has no cell 101")
    assert str(config.save_dir / "last-crash.txt") in finding.fix
    assert "Traceback" in (config.save_dir / "last-crash.txt").read_text()


def test_desktop_display_needs_a_session(system: LocalSystem, config: Config) -> None:
    finding = check_display(replace(config, display=VideoOutput.X11), system)
    assert (finding.status, "DISPLAY is not set" in finding.detail) == (Status.FAIL, True)
    ok = check_display(
        replace(config, display=VideoOutput.X11), replace(system, environ={"DISPLAY": ":0"})
    )
    assert ok.status is Status.OK


def in_groups(system: LocalSystem, *groups: str) -> LocalSystem:
    """The system with the game's user in ``groups`` only."""
    return replace(system, identity=Identity(system.identity.user, frozenset(groups)))


def test_user_outside_the_input_group_is_told_how_to_join(
    system: LocalSystem, config: Config
) -> None:
    finding = check_input(config, in_groups(system, "video"))
    assert finding.status is Status.FAIL
    assert finding.fix == "sudo usermod -aG input satellites && sudo systemctl restart satellites"


def test_no_input_devices_means_the_button_overlays_are_missing(
    system: LocalSystem, config: Config
) -> None:
    (system.dev / "input" / "event0").unlink()
    assert check_input(config, system).status is Status.WARN


def test_input_group_does_not_matter_on_a_desktop(system: LocalSystem, config: Config) -> None:
    desktop = replace(config, display=VideoOutput.WAYLAND)
    assert check_input(desktop, in_groups(system)).status is Status.SKIP


def test_absent_serial_port_is_a_failure_with_a_way_to_find_it(system: LocalSystem) -> None:
    finding = check_serial_port("button_serial_port", "/dev/satellites-buttons", system)
    assert finding.status is Status.FAIL
    assert "/dev/serial/by-id/" in finding.fix


def test_serial_port_outside_dialout_is_a_failure(system: LocalSystem, config: Config) -> None:
    no_dialout = in_groups(system, "input")
    finding = check_serial_port("button_serial_port", config.button_serial_port, no_dialout)
    assert finding.status is Status.FAIL
    assert "usermod -aG dialout" in finding.fix


def test_serial_urls_and_empty_ports_are_not_checked_on_disk(system: LocalSystem) -> None:
    assert check_serial_port("link_port", "socket://peer:7000", system).status is Status.OK
    assert check_serial_port("link_port", "", system).status is Status.SKIP


def test_missing_save_folder_is_created_by_the_fix(system: LocalSystem, config: Config) -> None:
    config.save_dir.rmdir()
    finding = check_save_dir(config, system)
    assert finding.status is Status.FAIL
    assert finding.fix == f"sudo install -d -m 0750 -o satellites -g satellites {config.save_dir}"


def test_unwritable_save_folder_is_a_failure(system: LocalSystem, config: Config) -> None:
    occupied = config.save_dir / "not-a-folder"
    occupied.touch()
    finding = check_save_dir(replace(config, save_dir=occupied), system)
    assert finding.status is Status.FAIL


def test_save_folder_on_the_ram_overlay_would_lose_saves(
    system: LocalSystem, config: Config
) -> None:
    system.mounts.write_text(
        f"overlayroot / overlay rw 0 0\ntmpfs {config.save_dir} tmpfs rw 0 0\n"
    )
    finding = check_save_dir(config, system)
    assert finding.status is Status.FAIL
    assert "lost at power-off" in finding.detail


def test_missing_font_folder_and_broken_font_fail(system: LocalSystem) -> None:
    assert check_font(replace(system, font_dir=None)).status is Status.FAIL
    assert system.font_dir is not None
    (system.font_dir / "DejaVuSans.ttf").write_bytes(b"<html>not a font</html>")
    finding = check_font(system)
    assert finding.status is Status.FAIL
    assert "not a TrueType font" in finding.detail


def test_font_with_a_truetype_header_but_no_glyphs_fails_to_load(system: LocalSystem) -> None:
    assert system.font_dir is not None
    (system.font_dir / "DejaVuSans.ttf").write_bytes(b"\x00\x01\x00\x00" + bytes(60))
    finding = check_font(system)
    assert finding.status is Status.FAIL
    assert finding.detail.startswith("pygame cannot load")


def test_engine_that_cannot_be_imported_fails(system: LocalSystem) -> None:
    def broken() -> types.ModuleType:
        raise ImportError("No module named 'engine'")

    finding = check_engine(replace(system, import_engine=broken))
    assert finding.status is Status.FAIL
    assert finding.detail == "engine not importable: No module named 'engine'"


def test_pure_python_engine_is_a_warning_with_the_way_to_compile(system: LocalSystem) -> None:
    pure = types.SimpleNamespace(is_compiled=lambda: False)
    finding = check_engine(replace(system, import_engine=lambda: pure))  # type: ignore[arg-type,return-value]
    assert finding.status is Status.WARN
    assert "update.sh" in finding.fix


def test_malformed_config_fails_without_a_traceback(
    tmp_path: Path, system: LocalSystem, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.toml"
    path.write_text("profile = [\n")
    assert doctor.main(["--config", str(path)], system) == 1
    out = capsys.readouterr().out
    assert out.startswith("FAIL  config")
    assert "not valid TOML" in out
    assert "Traceback" not in out


def test_without_a_config_file_the_desktop_defaults_are_checked(tmp_path: Path) -> None:
    config = doctor.desktop_config({"DISPLAY": ":0", "XDG_DATA_HOME": str(tmp_path)})
    assert (config.display, config.save_dir) == ("x11", tmp_path / "satellites")


def test_a_panel_driver_that_has_no_card_is_named_in_the_message(
    tmp_path: Path, config: Config
) -> None:
    sysfs = tmp_path / "sys"
    (sysfs / "class" / "drm" / "card0-Virtual-1").mkdir(parents=True)
    with pytest.raises(PanelMissingError, match="no framebuffer for the panel driven by bochs-drm"):
        framebuffer_device(replace(config, panel_driver="bochs-drm"), sysfs)


def test_the_groups_judged_are_the_games_not_those_of_whoever_runs_the_doctor(
    tmp_path: Path,
) -> None:
    unit = tmp_path / "satellites.service"
    unit.write_text(
        "[Service]\nUser=satellites-nobody-here\nGroup=satellites\n"
        "SupplementaryGroups=video render input dialout audio\n"
    )
    game = game_identity(unit)
    assert game.user == "satellites-nobody-here"
    assert {"input", "dialout", "video"} <= game.groups
    without_unit = game_identity(tmp_path / "absent.service")
    assert without_unit.user == pwd.getpwuid(os.geteuid()).pw_name


def test_ssh_and_radios_left_on_a_game_are_a_warning_naming_them(
    tmp_path: Path, system: LocalSystem, config: Config
) -> None:
    assert check_game_only(config, system).status is Status.OK, "no radio, nothing listening"
    (tmp_path / "net").mkdir()
    (tmp_path / "net/tcp").write_text("header\n   0: 00000000:0016 00000000:0000 0A 0\n")
    bluetooth = tmp_path / "sys/class/rfkill/rfkill0"
    bluetooth.mkdir(parents=True)
    for name, value in (("type", "bluetooth"), ("soft", "0"), ("hard", "0")):
        (bluetooth / name).write_text(f"{value}\n")
    finding = check_game_only(config, system)
    assert finding.status is Status.WARN
    assert finding.detail == "SSH on, Wi-Fi none, Bluetooth on: SSH and Bluetooth still on"
    assert "install.sh --keep-config --appliance" in finding.fix
    desktop = replace(config, display=VideoOutput.X11)
    assert check_game_only(desktop, system).status is Status.SKIP


def test_the_installed_version_is_shown_and_an_uninstalled_game_is_said_so(
    tmp_path: Path, system: LocalSystem, capsys: pytest.CaptureFixture[str]
) -> None:
    installed = replace(system, game_version=lambda: "0.2.0")
    doctor.main(["--config", str(tmp_path / "absent.toml")], installed)
    assert "ok    version  satellites 0.2.0 installed\n" in capsys.readouterr().out
    finding = check_version(replace(system, game_version=lambda: None))
    assert finding.status is Status.SKIP and "not installed" in finding.detail
