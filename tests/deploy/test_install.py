"""install.sh, update.sh and uninstall.sh run into a scratch root (--root), as in CI."""

import subprocess
import tomllib
from pathlib import Path

import pytest

from deploy.config import load_config

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
ORIGINAL_BOOT_CONFIG = "dtparam=audio=on\ndtoverlay=vc4-kms-v3d\n[all]\n"


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
        "--save-dir", "/data/satellites",
        "--language", "es",
        "--skip-pip",
    )  # fmt: skip
    return root


def test_config_holds_the_given_settings(root: Path) -> None:
    config = load_config(root / "etc/satellites/config.toml")
    assert (config.profile, config.language, config.display) == ("lcdhat", "es", "kmsdrm")
    assert config.button_serial_port == "/dev/satellites-buttons"
    assert str(config.save_dir) == "/data/satellites"
    assert (root / "data/satellites").is_dir()


def test_unit_is_installed_enabled_and_confined_to_the_save_folder(root: Path) -> None:
    system = root / "etc/systemd/system"
    assert (system / "satellites.service").read_text() == (
        DEPLOY / "satellites.service"
    ).read_text()
    wants = system / "multi-user.target.wants/satellites.service"
    assert wants.is_symlink()
    drop_in = (system / "satellites.service.d/10-device.conf").read_text().splitlines()
    assert drop_in[1:5] == [
        "[Service]",
        "ReadWritePaths=",
        "ReadWritePaths=/data/satellites",
        "WorkingDirectory=/data/satellites",
    ]
    assert "DeviceAllow=/dev/satellites-buttons rw" in drop_in


def test_system_commands_are_recorded_not_run(root: Path) -> None:
    plan = (root / "install-plan.txt").read_text().splitlines()
    assert (
        "useradd --system --home-dir /data/satellites --no-create-home "
        "--shell /usr/sbin/nologin --groups video,render,input,dialout satellites"
    ) in plan
    assert f"chown satellites:satellites {root}/data/satellites" in plan
    assert "systemctl disable getty@tty1.service" in plan
    assert f"pip install into {root}/opt/satellites/venv: {DEPLOY.parent} (compile=1)" in plan


def test_virtual_environment_is_created_under_opt(root: Path) -> None:
    venv = root / "opt/satellites/venv"
    assert (venv / "bin/python").exists()
    assert "include-system-site-packages = false" in (venv / "pyvenv.cfg").read_text()


def test_udev_rule_carries_the_given_usb_ids(root: Path) -> None:
    rule = (root / "etc/udev/rules.d/99-satellites.rules").read_text()
    assert 'ATTRS{idVendor}=="1a86", ATTRS{idProduct}=="7523"' in rule


def test_panel_firmware_and_boot_overlays_are_installed(root: Path) -> None:
    firmware = (root / "lib/firmware/satellites-lcdhat.bin").read_bytes()
    assert firmware.startswith(b"MIPI DBI")
    boot = (root / "boot/firmware/config.txt").read_text()
    assert boot.startswith(ORIGINAL_BOOT_CONFIG)
    assert (DEPLOY / "boot-lcdhat.txt").read_text() in boot


def test_update_keeps_config_and_replaces_the_boot_block(root: Path) -> None:
    config = root / "etc/satellites/config.toml"
    before = config.read_text()
    run("update.sh", "--root", str(root), "--skip-pip")
    assert config.read_text() == before
    boot = (root / "boot/firmware/config.txt").read_text()
    assert boot.count("# >>> satellites >>>") == 1


def test_hdmi_profile_needs_no_panel_firmware(tmp_path: Path) -> None:
    run("install.sh", "--root", str(tmp_path), "--profile", "tabletop", "--skip-pip")
    assert not (tmp_path / "lib/firmware/satellites-tabletop.bin").exists()
    with (tmp_path / "etc/satellites/config.toml").open("rb") as file:
        assert tomllib.load(file)["profile"] == "tabletop"


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
    run("install.sh", "--root", str(tmp_path), "--profile", "hatmini", "--skip-pip")
    (tmp_path / "var/lib/satellites/game.log").write_text("ply 1")
    run("uninstall.sh", "--root", str(tmp_path))
    assert not (tmp_path / "opt/satellites").exists()
    assert not (tmp_path / "etc/systemd/system/satellites.service").exists()
    assert not (tmp_path / "lib/firmware/satellites-hatmini.bin").exists()
    assert "satellites" not in (tmp_path / "boot/firmware/config.txt").read_text()
    assert (tmp_path / "var/lib/satellites/game.log").read_text() == "ply 1"
    assert "systemctl enable getty@tty1.service" in (tmp_path / "uninstall-plan.txt").read_text()
