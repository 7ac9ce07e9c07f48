"""install.sh, update.sh and uninstall.sh run into a scratch root (--root), as in CI."""

import subprocess
import tomllib
from pathlib import Path

import pytest

from deploy.config import load_config
from deploy.vm.cuts import config_txt_after_install
from deploy.vm.panel_tree import read_overlay
from device.hardware.profiles import PROFILES

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
ORIGINAL_BOOT_CONFIG = "dtparam=audio=on\ndtoverlay=vc4-kms-v3d\n[all]\n"


def install(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run("install.sh", "--root", str(root), "--skip-pip", "--systemd-version", "252", *args)


def run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        ["bash", str(DEPLOY / script), *args], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("root")
    boot = root / "boot" / "firmware" / "config.txt"
    boot.parent.mkdir(parents=True)
    boot.write_text(ORIGINAL_BOOT_CONFIG)
    run(
        "install.sh",
        "--root", str(root),
        "--profile", "lcdhat",
        "--button-serial", "/dev/satellites-buttons",
        "--buttons-usb-id", "1a86:7523",
        "--save-dir", "/var/lib/satellites/saves",
        "--language", "es",
        "--systemd-version", "257",
        "--skip-pip",
    )  # fmt: skip
    return root


def test_config_holds_the_given_settings(root: Path) -> None:
    config = load_config(root / "etc/satellites/config.toml")
    assert (config.profile, config.language, config.display) == ("lcdhat", "es", "framebuffer")
    assert config.button_serial_port == "/dev/satellites-buttons"
    assert str(config.save_dir) == "/var/lib/satellites/saves"
    assert (root / "var/lib/satellites/saves").is_dir()


def test_unit_is_installed_enabled_and_confined_to_the_save_folder(root: Path) -> None:
    system = root / "etc/systemd/system"
    assert (system / "satellites.service").read_text() == (
        DEPLOY / "satellites.service"
    ).read_text()
    wants = system / "multi-user.target.wants/satellites.service"
    assert wants.is_symlink()
    drop_in = (system / "satellites.service.d/10-device.conf").read_text().splitlines()
    assert [line for line in drop_in if line.startswith("ReadWritePaths")] == [
        "ReadWritePaths=-/var/lib/satellites/saves",
    ]
    assert "DeviceAllow=/dev/satellites-buttons rw" in drop_in
    # The game must not need the data partition to start: no working directory on it.
    unit = (system / "satellites.service").read_text()
    assert not [
        line for line in unit.splitlines() + drop_in if line.startswith("WorkingDirectory=")
    ]
    assert "ReadWritePaths=-/var/lib/satellites" in unit.splitlines()


def test_system_commands_are_recorded_not_run(root: Path) -> None:
    plan = (root / "install-plan.txt").read_text().splitlines()
    assert (
        "useradd --system --home-dir /var/lib/satellites/saves --no-create-home "
        "--shell /usr/sbin/nologin --groups video,render,input,dialout,audio satellites"
    ) in plan
    assert f"chown -R satellites:satellites {root}/var/lib/satellites/saves" in plan
    assert (
        "apt-get install --yes --no-install-recommends "
        "libegl1 libgles2 libgbm1 libgl1-mesa-dri libdrm2"
    ) in plan
    assert "systemctl disable getty@tty1.service" in plan
    assert f"pip install into {root}/opt/satellites/venv: {DEPLOY.parent} (compile=1)" in plan


def test_virtual_environment_is_created_under_opt_with_nothing_in_it_under_skip_pip(
    root: Path,
) -> None:
    venv = root / "opt/satellites/venv"
    assert (venv / "bin/python").exists()
    assert "include-system-site-packages = false" in (venv / "pyvenv.cfg").read_text()
    assert not (venv / "bin/pip").exists(), "--skip-pip installs nothing, not even pip"


def test_udev_rule_carries_the_given_usb_ids(root: Path) -> None:
    rule = (root / "etc/udev/rules.d/99-satellites.rules").read_text()
    assert 'ATTRS{idVendor}=="1a86", ATTRS{idProduct}=="7523"' in rule


def test_panel_firmware_and_boot_overlays_are_installed(root: Path) -> None:
    firmware = (root / "lib/firmware/satellites-lcdhat.bin").read_bytes()
    assert firmware.startswith(b"MIPI DBI")
    boot = (root / "boot/firmware/config.txt").read_text()
    assert boot.startswith(ORIGINAL_BOOT_CONFIG)
    assert (DEPLOY / "boot-lcdhat.txt").read_text() in boot


def test_the_panels_driver_loads_for_the_device_its_boot_lines_describe(root: Path) -> None:
    """The kernel's SPI modalias is the panel node's first compatible, which no module
    names: the installer's alias makes udev load panel-mipi-dbi for it."""
    (first, *_) = read_overlay((DEPLOY / "boot-lcdhat.txt").read_text()).compatible
    alias = (root / "etc/modprobe.d/satellites-panel.conf").read_text().splitlines()
    assert f"alias spi:{first} panel-mipi-dbi" in alias


def test_the_boot_config_keeps_its_previous_copy_and_the_install_ends_with_sync(
    root: Path,
) -> None:
    folder = root / "boot/firmware"
    assert (folder / "config.txt.bak").read_text() == ORIGINAL_BOOT_CONFIG
    assert sorted(path.name for path in folder.iterdir()) == ["config.txt", "config.txt.bak"]
    plan = (root / "install-plan.txt").read_text().splitlines()
    assert plan[-1] == "sync", "everything on the card before the installer is done"


def test_update_keeps_config_and_replaces_the_boot_block(root: Path) -> None:
    config = root / "etc/satellites/config.toml"
    before = config.read_text()
    run("update.sh", "--root", str(root), "--skip-pip")
    assert config.read_text() == before
    boot = (root / "boot/firmware/config.txt").read_text()
    assert boot.count("# >>> satellites >>>") == 1
    backup = (root / "boot/firmware/config.txt.bak").read_text()
    assert backup == ORIGINAL_BOOT_CONFIG, "the same block again: config.txt is not rewritten"


def test_hdmi_profile_needs_no_panel_firmware_and_uses_kmsdrm(tmp_path: Path) -> None:
    install(tmp_path, "--profile", "tabletop")
    assert not (tmp_path / "lib/firmware/satellites-tabletop.bin").exists()
    assert not (tmp_path / "etc/modprobe.d/satellites-panel.conf").exists()
    with (tmp_path / "etc/satellites/config.toml").open("rb") as file:
        config = tomllib.load(file)
    assert (config["profile"], config["display"]) == ("tabletop", "kmsdrm")


def test_help_and_a_missing_profile_name_every_declared_profile(tmp_path: Path) -> None:
    names = sorted(PROFILES)
    expected = f"{', '.join(names[:-1])} or {names[-1]}"
    usage = run("install.sh", "--help").stdout.splitlines()
    profile_line = next(line for line in usage if line.lstrip().startswith("--profile"))
    assert expected in profile_line
    missing = subprocess.run(
        ["bash", str(DEPLOY / "install.sh"), "--root", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert missing.returncode != 0
    assert f"give --profile ({expected})" in missing.stderr


def test_unknown_profile_is_refused(tmp_path: Path) -> None:
    result = subprocess.run(
        ["bash", str(DEPLOY / "install.sh"), "--root", str(tmp_path), "--profile", "gameboy"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "gameboy" in result.stderr


def test_uninstall_removes_the_appliance_but_keeps_saves(tmp_path: Path) -> None:
    install(tmp_path, "--profile", "hatmini")
    (tmp_path / "var/lib/satellites/game.log").write_text("ply 1")
    command = tmp_path / "usr/local/sbin/satellites-update"
    assert command.readlink() == Path("/opt/satellites/venv/bin/satellites-update")
    run("uninstall.sh", "--root", str(tmp_path))
    assert not (tmp_path / "opt/satellites").exists()
    assert not command.is_symlink()
    assert not (tmp_path / "etc/systemd/system/satellites.service").exists()
    assert not (tmp_path / "lib/firmware/satellites-hatmini.bin").exists()
    assert not (tmp_path / "etc/modprobe.d/satellites-panel.conf").exists()
    assert "satellites" not in (tmp_path / "boot/firmware/config.txt").read_text()
    assert (tmp_path / "var/lib/satellites/game.log").read_text() == "ply 1"
    assert "systemctl enable getty@tty1.service" in (tmp_path / "uninstall-plan.txt").read_text()


def refused(root: Path, *args: str) -> str:
    """install.sh's error for ``args``, after checking it wrote nothing at all."""
    result = subprocess.run(
        ["bash", str(DEPLOY / "install.sh"), "--root", str(root), "--skip-pip", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert not root.exists(), sorted(str(p) for p in root.rglob("*"))
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("install.sh: ")
    return result.stderr


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--link-port", "/dev/ttyUSB0\nExecStartPre=+/bin/sh -c reboot", "one line"),
        ("--button-serial", "/dev/ttyACM0\nDeviceAllow=/dev/mem rw", "one line"),
        ("--buttons-usb-id", '2e8a:000a", RUN+="/bin/sh -c reboot', "four hex digits"),
        ("--buttons-usb-id", "2e8a", "four hex digits"),
        ("--save-dir", "/data/my saves", "plain path"),
        ("--save-dir", "/var", "not a save folder the game may use"),
        ("--save-dir", "/", "not a save folder the game may use"),
        ("--save-dir", "saves", "absolute path"),
        ("--link-port", "socket://192.168.1.5:7000", "sandbox"),
        ("--systemd-version", "257; reboot", "a number"),
    ],
)
def test_values_that_would_break_system_files_are_refused_before_anything_is_written(
    tmp_path: Path, option: str, value: str, message: str
) -> None:
    error = refused(tmp_path / "root", "--profile", "hatmini", option, value)
    assert message in error


def test_usb_ids_in_capitals_match_sysfs_and_both_picos_are_known_by_default(
    tmp_path: Path,
) -> None:
    install(tmp_path / "a", "--profile", "hatmini", "--buttons-usb-id", "2E8A:000A")
    rule = (tmp_path / "a/etc/udev/rules.d/99-satellites.rules").read_text()
    assert 'ATTRS{idVendor}=="2e8a", ATTRS{idProduct}=="000a"' in rule
    install(tmp_path / "b", "--profile", "hatmini")
    rules = [
        line
        for line in (tmp_path / "b/etc/udev/rules.d/99-satellites.rules").read_text().splitlines()
        if line.startswith("SUBSYSTEM")
    ]
    assert len(rules) == 2
    assert 'ATTRS{idProduct}=="000a"' in rules[0] and 'ATTRS{idProduct}=="0009"' in rules[1]


@pytest.mark.parametrize(("version", "direct"), [("252", False), ("254", True), ("257", True)])
def test_restarts_skip_on_failure_where_systemd_would_run_it_first(
    tmp_path: Path, version: str, direct: bool
) -> None:
    run(
        "install.sh", "--root", str(tmp_path), "--skip-pip", "--profile", "hatmini",
        "--systemd-version", version,
    )  # fmt: skip
    drop_in = (tmp_path / "etc/systemd/system/satellites.service.d/10-device.conf").read_text()
    assert ("RestartMode=direct" in drop_in.splitlines()) is direct


# raspi-config's own test and removal of the overlay option (raspi-config, do_overlayfs).
RASPI_CONFIG_SEES_OVERLAY = ["grep", "-q", "overlayroot=tmpfs"]
RASPI_CONFIG_DISABLE = ["sed", "-i", "-e", r"s/\(.*\)overlayroot=tmpfs \(.*\)/\1\2/"]


def test_the_overlay_option_is_left_in_the_form_raspi_config_can_turn_off(tmp_path: Path) -> None:
    cmdline = tmp_path / "boot/firmware/cmdline.txt"
    cmdline.parent.mkdir(parents=True)
    cmdline.write_text(
        "overlayroot=tmpfs:recurse=0 console=tty1 root=PARTUUID=1-02 rootfstype=ext4 rootwait\n"
    )
    install(tmp_path, "--profile", "lcdhat")
    assert cmdline.read_text().startswith("overlayroot=tmpfs console=tty1 ")
    assert (
        cmdline.with_name("cmdline.txt.bak").read_text().startswith("overlayroot=tmpfs:recurse=0")
    )
    subprocess.run([*RASPI_CONFIG_DISABLE, str(cmdline)], check=True)
    seen = subprocess.run([*RASPI_CONFIG_SEES_OVERLAY, str(cmdline)], check=False)
    assert seen.returncode == 1, cmdline.read_text()
    assert cmdline.read_text() == "console=tty1 root=PARTUUID=1-02 rootfstype=ext4 rootwait\n"


def data_partition(root: Path, label: str) -> None:
    """The kernel's link for a file system with this label, in the scratch root."""
    by_label = root / "dev/disk/by-label"
    by_label.mkdir(parents=True, exist_ok=True)
    (root / "dev/mmcblk0p3").touch()
    (by_label / label).symlink_to("../../mmcblk0p3")


def test_the_data_partition_is_a_mount_unit_the_game_waits_for_but_does_not_need(
    tmp_path: Path,
) -> None:
    data_partition(tmp_path, "satdata")
    install(tmp_path, "--profile", "hatmini", "--save-dir", "/var/lib/satellites/saves",
            "--data-partition", "satdata")  # fmt: skip
    system = tmp_path / "etc/systemd/system"
    mount = (system / "var-lib-satellites-saves.mount").read_text()
    assert "What=/dev/disk/by-label/satdata" in mount and "Where=/var/lib/satellites/saves" in mount
    assert "nofail" in mount
    assert (system / "local-fs.target.wants/var-lib-satellites-saves.mount").is_symlink()
    timeout = system / r"dev-disk-by\x2dlabel-satdata.device.d/50-satellites-timeout.conf"
    assert "JobRunningTimeoutSec=10s" in timeout.read_text()
    drop_in = (system / "satellites.service.d/10-device.conf").read_text().splitlines()
    assert "After=var-lib-satellites-saves.mount" in drop_in
    assert not any(line.startswith(("Requires", "BindsTo")) for line in drop_in)
    plan = (tmp_path / "install-plan.txt").read_text().splitlines()
    assert "systemctl start var-lib-satellites-saves.mount" in plan
    run("update.sh", "--root", str(tmp_path), "--skip-pip", "--systemd-version", "252")
    assert (
        "After=var-lib-satellites-saves.mount"
        in (system / "satellites.service.d/10-device.conf").read_text()
    )


def test_purge_removes_the_save_folder_the_installer_made(tmp_path: Path) -> None:
    install(tmp_path, "--profile", "hatmini")
    (tmp_path / "var/lib/satellites/settings.json").write_text("{}")
    result = run("uninstall.sh", "--root", str(tmp_path), "--purge")
    assert "removed /var/lib/satellites" in result.stdout
    assert not (tmp_path / "var/lib/satellites").exists()
    assert (tmp_path / "var/lib").is_dir()
    assert not (tmp_path / "etc/satellites").exists()


def test_purge_keeps_a_folder_the_installer_did_not_make(tmp_path: Path) -> None:
    (tmp_path / "var/lib/satellites/saves").mkdir(parents=True)
    (tmp_path / "var/lib/satellites/saves/holiday.jpg").write_text("not the game's")
    install(tmp_path, "--profile", "hatmini", "--save-dir", "/var/lib/satellites/saves")
    result = run("uninstall.sh", "--root", str(tmp_path), "--purge")
    assert "kept /var/lib/satellites/saves" in result.stdout
    assert (tmp_path / "var/lib/satellites/saves/holiday.jpg").exists()


@pytest.mark.parametrize(
    "line",
    [
        'save_dir = "/var/lib/satellites" # the saves',
        'save_dir = "/"',
        'save_dir = "/var"',
        'save_dir = ""',
        'save_dir = "var/lib/satellites"',
    ],
)
def test_purge_never_removes_more_than_the_save_folder(tmp_path: Path, line: str) -> None:
    install(tmp_path, "--profile", "hatmini")
    (tmp_path / "var/lib/other").mkdir()
    config = tmp_path / "etc/satellites/config.toml"
    text = "\n".join(
        line if entry.startswith("save_dir") else entry for entry in config.read_text().splitlines()
    )
    config.write_text(text + "\n")
    run("uninstall.sh", "--root", str(tmp_path), "--purge")
    assert (tmp_path / "var/lib/other").is_dir()
    assert (tmp_path / "boot/firmware/config.txt").exists()
    assert (tmp_path / "var/lib/satellites").exists() != line.startswith(
        'save_dir = "/var/lib/satellites"'
    )


def test_the_game_may_power_off_and_dim_the_panel(root: Path) -> None:
    rule = (root / "etc/polkit-1/rules.d/50-satellites-power.rules").read_text()
    assert '"org.freedesktop.login1.power-off"' in rule and 'subject.user == "satellites"' in rule
    backlight = (root / "etc/udev/rules.d/98-satellites-backlight.rules").read_text()
    assert 'SUBSYSTEM=="backlight"' in backlight and "chgrp video" in backlight
    (pwm,) = [line for line in backlight.splitlines() if line.startswith('SUBSYSTEM=="pwm"')]
    assert 'ACTION=="add|change"' in pwm, "the chip's export, then each exported channel"
    assert "chgrp -R video /sys%p" in pwm and "chmod -R g+w /sys%p" in pwm


def test_a_data_partition_label_nobody_has_stops_the_install_before_any_change(
    tmp_path: Path,
) -> None:
    data_partition(tmp_path, "satdata")
    result = subprocess.run(
        ["bash", str(DEPLOY / "install.sh"), "--root", str(tmp_path), "--skip-pip",
         "--systemd-version", "252", "--profile", "hatmini", "--data-partition", "satdta"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode != 0
    assert "satdta: no file system has this label" in result.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["dev"], "nothing was changed"


def test_uninstall_removes_the_data_partitions_mount_unit_and_drop_in(tmp_path: Path) -> None:
    data_partition(tmp_path, "satdata")
    install(tmp_path, "--profile", "hatmini", "--save-dir", "/var/lib/satellites/saves",
            "--data-partition", "satdata")  # fmt: skip
    system = tmp_path / "etc/systemd/system"
    (system / "other.mount").write_text("[Mount]\nWhat=/dev/sdb1\n")
    run("uninstall.sh", "--root", str(tmp_path))
    assert not (system / "var-lib-satellites-saves.mount").exists()
    assert not (system / "local-fs.target.wants/var-lib-satellites-saves.mount").exists()
    assert not (system / r"dev-disk-by\x2dlabel-satdata.device.d").exists()
    assert (system / "other.mount").exists(), "a unit the installer did not write is kept"
    plan = (tmp_path / "uninstall-plan.txt").read_text().splitlines()
    assert "systemctl disable var-lib-satellites-saves.mount" in plan


def test_power_off_through_polkit_has_its_daemon(root: Path) -> None:
    plan = (root / "install-plan.txt").read_text().splitlines()
    assert "apt-get install --yes --no-install-recommends polkitd" in plan


@pytest.mark.parametrize(("memory_kb", "compile_flag"), [(439_112, 0), (3_884_332, 1)])
def test_a_board_with_little_memory_never_compiles_the_engine(
    tmp_path: Path, memory_kb: int, compile_flag: int
) -> None:
    (tmp_path / "proc").mkdir()
    (tmp_path / "proc/meminfo").write_text(f"MemTotal:       {memory_kb} kB\n")
    result = install(tmp_path, "--profile", "hatmini")
    plan = (tmp_path / "install-plan.txt").read_text()
    assert f"(compile={compile_flag})" in plan
    assert ("too little to compile" in result.stdout) == (compile_flag == 0)


def test_offline_the_bundles_compiled_engine_for_this_python_is_installed(tmp_path: Path) -> None:
    tag = subprocess.run(
        ["python3", "-c", "import sys, sysconfig; print(f'cp{sys.version_info[0]}"
         "{sys.version_info[1]}', sysconfig.get_platform().replace('-', '_').replace('.', '_'))"],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    pure = bundle / "satellites-0.1.0-py3-none-any.whl"
    compiled = bundle / f"satellites-0.1.0-{tag[0]}-{tag[0]}-{tag[1]}.whl"
    other = bundle / "satellites-0.1.0-cp39-cp39-linux_armv6l.whl"
    for wheel in (pure, compiled, other):
        wheel.touch()
    root = tmp_path / "root"
    install(root, "--profile", "hatmini", "--offline", str(bundle), "--wheel", str(pure))
    assert f": {compiled} (compile=" in (root / "install-plan.txt").read_text()


def test_a_panel_found_by_its_driver_is_named_in_the_config(tmp_path: Path) -> None:
    install(tmp_path, "--profile", "hatmini", "--panel-driver", "bochs-drm")
    assert load_config(tmp_path / "etc/satellites/config.toml").panel_driver == "bochs-drm"


def test_a_panel_driver_that_is_no_driver_name_is_refused_before_anything_is_written(
    tmp_path: Path,
) -> None:
    result = subprocess.run(
        ["bash", str(DEPLOY / "install.sh"), "--root", str(tmp_path), "--skip-pip",
         "--profile", "hatmini", "--panel-driver", "../../etc"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode != 0 and "panel_driver" in result.stderr
    assert not (tmp_path / "etc/satellites/config.toml").exists()


def test_only_a_game_turns_off_ssh_the_radios_and_cloud_init_at_boot(tmp_path: Path) -> None:
    units = tmp_path / "usr/lib/systemd/system"
    units.mkdir(parents=True)
    for unit in ("ssh.service", "ssh.socket"):
        (units / unit).touch()
    (tmp_path / "etc/cloud").mkdir(parents=True)
    wifi = tmp_path / "sys/class/rfkill/rfkill0"
    wifi.mkdir(parents=True)
    for name, value in (("type", "wlan"), ("soft", "0"), ("hard", "0")):
        (wifi / name).write_text(f"{value}\n")
    install(tmp_path, "--profile", "hatmini", "--appliance")
    plan = (tmp_path / "install-plan.txt").read_text().splitlines()
    assert "systemctl disable --now ssh.service" in plan
    assert "systemctl disable --now ssh.socket" in plan
    assert not [line for line in plan if "bluetooth.service" in line], "no such unit here"
    assert (wifi / "soft").read_text().strip() == "1"
    assert (tmp_path / "etc/cloud/cloud-init.disabled").exists()


def test_without_the_appliance_option_ssh_and_the_radios_are_left_alone(root: Path) -> None:
    plan = (root / "install-plan.txt").read_text()
    assert "ssh" not in plan and not (root / "etc/cloud/cloud-init.disabled").exists()


def test_the_virtual_cards_check_after_a_power_cut_expects_what_the_installer_writes(
    tmp_path: Path,
) -> None:
    boot = tmp_path / "boot/firmware/config.txt"
    boot.parent.mkdir(parents=True)
    boot.write_text(ORIGINAL_BOOT_CONFIG)
    install(tmp_path, "--profile", "hatmini")
    assert boot.read_text() == config_txt_after_install(ORIGINAL_BOOT_CONFIG, "hatmini")
