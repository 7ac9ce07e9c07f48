"""satellites-appliance: the boot launcher, run here on SDL's dummy driver."""

import threading
from pathlib import Path
from typing import ClassVar

import pygame
import pytest

from deploy import appliance, panel, screen, session
from deploy.config import Config, VideoOutput, render_config
from device.app import App
from device.hardware.profiles import ProfileName
from device.journal.settings_file import load_settings, store_settings
from device.play.settings import Settings
from drivers.framebuffer import FramebufferGeometry, PixelFormat, prepare_framebuffer_file

pytestmark = pytest.mark.usefixtures("saves_allowed_in_tmp_path")


@pytest.fixture(autouse=True)
def keep_sdl_on_the_dummy_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    """The launcher sets SDL_VIDEODRIVER for real; put it back after each test."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


def write_config(folder: Path, **values: object) -> Path:
    config = Config(save_dir=folder / "saves", display=VideoOutput.DUMMY, **values)  # type: ignore[arg-type]
    path = folder / "config.toml"
    path.write_text(render_config(config), encoding="utf-8")
    return path


def quit_soon() -> threading.Timer:
    timer = threading.Timer(0.5, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    timer.start()
    return timer


def test_the_appliance_runs_the_game_until_it_is_asked_to_quit(tmp_path: Path) -> None:
    path = write_config(tmp_path, profile="lcdhat", language="es")
    timer = quit_soon()
    assert appliance.main(["--config", str(path)]) == 0
    timer.join()
    assert load_settings(tmp_path / "saves").language == "es"


def test_a_players_own_language_choice_is_kept(tmp_path: Path) -> None:
    path = write_config(tmp_path, language="es")
    (tmp_path / "saves").mkdir()
    store_settings(tmp_path / "saves", Settings(language="en"))
    timer = quit_soon()
    assert appliance.main(["--config", str(path)]) == 0
    timer.join()
    assert load_settings(tmp_path / "saves").language == "en"


def test_a_broken_config_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.toml"
    path.write_text('profile = "gameboy"\n', encoding="utf-8")
    assert appliance.main(["--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "profile" in err and "Traceback" not in err


def test_a_framebuffer_that_cannot_open_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_config(tmp_path)
    path.write_text(path.read_text().replace('"dummy"', '"framebuffer"'), encoding="utf-8")
    monkeypatch.setattr(panel, "framebuffer_device", lambda config, sysfs: Path("/dev/fb7"))
    assert appliance.main(["--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "/dev/fb7" in err and "Traceback" not in err


class ShownApp(App):
    """The real app, stopped before its loop: what the player sees first."""

    shown: ClassVar[list[str]] = []

    def run(self) -> None:
        self.draw()
        ShownApp.shown = [getattr(screen, "words", "") for screen in self.screens[1:]]


def framebuffer_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A regular file standing in for the panel's /dev/fb1 (320x240 RGB565)."""
    device = tmp_path / "fb1"
    geometry = FramebufferGeometry.for_format(PixelFormat.RGB565, 320, 240)
    prepare_framebuffer_file(device, geometry)
    monkeypatch.setattr(panel, "framebuffer_device", lambda config, sysfs: device)
    monkeypatch.setattr(FramebufferGeometry, "from_device", lambda fd, ioctl: geometry)
    return device


def test_kmsdrm_that_cannot_start_falls_back_to_the_framebuffer_saying_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    device = framebuffer_file(tmp_path, monkeypatch)

    def no_egl() -> None:
        raise pygame.error("Could not initialize EGL")

    monkeypatch.setattr(screen, "require_kmsdrm", no_egl)
    monkeypatch.setattr(session, "App", ShownApp)
    config = Config(save_dir=tmp_path / "saves", display=VideoOutput.KMSDRM)
    (tmp_path / "tty0").touch()  # a regular file: the console cannot be put in graphics mode
    session.run(config, tty=tmp_path / "tty0", dev_input=tmp_path)
    err = capsys.readouterr().err
    assert "kmsdrm could not open the screen (Could not initialize EGL)" in err
    assert "using the framebuffer instead" in err and "libegl1" in err
    assert device.read_bytes().count(0) < 320 * 240  # the title screen is on the panel


def test_without_its_data_partition_the_game_starts_with_saves_off(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    mounts = tmp_path / "mounts"
    mounts.write_text("overlayroot / overlay rw 0 0\n")  # read-only root, partition missing
    monkeypatch.setattr(session, "App", ShownApp)
    session.run(Config(save_dir=saves, display=VideoOutput.DUMMY), mounts=mounts)
    assert "saves are off" in capsys.readouterr().err
    assert [words.startswith("Saves are off:") for words in ShownApp.shown] == [True]
    assert "overlay" not in ShownApp.shown[0], "the reason is in the log, not on the screen"
    assert list(saves.iterdir()) == []


def test_a_crash_is_kept_and_named_once_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_config(tmp_path)

    def crash(self: App) -> None:
        raise KeyError("cell 101")

    monkeypatch.setattr(App, "run", crash)
    with pytest.raises(KeyError):
        appliance.main(["--config", str(path)])
    assert "KeyError: 'cell 101'" in (tmp_path / "saves" / "last-crash.txt").read_text()
    monkeypatch.undo()
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(session, "App", ShownApp)
    config = Config(save_dir=tmp_path / "saves", display=VideoOutput.DUMMY)
    session.run(config)
    assert ShownApp.shown == [
        "The game stopped by itself last time. What happened is kept in last-crash.txt in "
        "the save folder."
    ], "the error itself is for the doctor and the log, not the screen"
    session.run(config)
    assert ShownApp.shown == []


def exported_pwm_channel(sysfs: Path) -> Path:
    """/sys/class/pwm/pwmchip0/pwm1 as a hand-added ``pwm`` overlay and an export give it."""
    channel = sysfs / "class/pwm/pwmchip0/pwm1"
    channel.mkdir(parents=True)
    for name in ("period", "duty_cycle", "enable"):
        (channel / name).write_text("0\n")
    return channel


def test_the_splash_is_lit_on_a_pwm_backlight(tmp_path: Path) -> None:
    channel = exported_pwm_channel(tmp_path)
    appliance.light_pwm_backlight(Config(), tmp_path)
    assert (channel / "enable").read_text() == "1\n"
    assert (channel / "duty_cycle").read_text() == (channel / "period").read_text() != "0\n"


def test_a_kernel_backlight_device_leaves_the_pwm_channel_to_the_kernel(tmp_path: Path) -> None:
    channel = exported_pwm_channel(tmp_path)
    device = tmp_path / "class/backlight/backlight_pwm"
    device.mkdir(parents=True)
    (device / "max_brightness").write_text("15\n")
    appliance.light_pwm_backlight(Config(), tmp_path)
    assert (channel / "enable").read_text() == "0\n"


def test_profiles_without_a_pwm_backlight_leave_the_pwm_alone(tmp_path: Path) -> None:
    channel = exported_pwm_channel(tmp_path)
    appliance.light_pwm_backlight(Config(profile=ProfileName.LCDHAT), tmp_path)
    assert (channel / "enable").read_text() == "0\n"
