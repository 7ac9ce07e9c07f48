"""The config file: defaults, round trip, and clear messages for every mistake."""

import subprocess
import sys
from pathlib import Path

import pytest

from deploy.config import (
    Config,
    ConfigError,
    VideoOutput,
    load_config,
    parse_config,
    render_config,
)
from deploy.config import main as config_main
from device.hardware.profiles import ProfileName


def test_an_empty_file_gives_the_defaults() -> None:
    assert parse_config("") == Config()


def test_written_config_reads_back_the_same() -> None:
    config = Config(
        profile=ProfileName.LCDHAT,
        button_serial_port="/dev/satellites-buttons",
        link_port="/dev/ttyUSB0",
        save_dir=Path("/var/lib/satellites/saves"),
        language="es",
        display=VideoOutput.KMSDRM,
        fb_device="/dev/fb1",
        panel_driver="panel-mipi-dbi-spi",
    )
    assert parse_config(render_config(config)) == config


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("profile = ", "not valid TOML"),
        ('profil = "hatmini"', "unknown key 'profil'"),
        ('profile = "gameboy"', "use one of hatmini, lcdhat, tabletop"),
        ('language = "fr"', "use one of en, es"),
        ('display = "fbcon"', "display 'fbcon' is unknown"),
        ('save_dir = "saves"', "save_dir must be an absolute path"),
        ("save_dir = 3", "save_dir must be a quoted string"),
        ('button_serial_port = "ttyACM0"', "must be empty, a device path"),
        ('link_port = "/dev/ttyUSB0\\nExecStartPre=+/bin/sh"', "link_port must be one line"),
        ('button_serial_port = "/dev/tty USB0"', "must be empty, a device path"),
        ('link_port = "socket://127.0.0.1:7000"', "sandbox does not allow"),
        ('link_port = "rfc2217://box:2217"', "sandbox does not allow"),
        ('save_dir = "/"', "use /var/lib/satellites, or a folder in it"),
        ('save_dir = "/home/pi"', "save_dir /home/pi is not a save folder the game may use"),
        ('save_dir = "/var/lib/sudo"', "save_dir /var/lib/sudo is not a save folder"),
        ('save_dir = "/var/lib/satellites/.x"', "hidden folder"),
        ('save_dir = "/var/lib/satellites/my saves"', "must be a plain path"),
        ('save_dir = "/var/lib/satellites/../sudo"', "must be a plain path"),
        ('fb_device = "/dev/sda"', "framebuffer device such as /dev/fb1"),
        ('panel_driver = "../../bochs"', "kernel driver's name such as panel-mipi-dbi-spi"),
        ('panel_driver = "bochs drm"', "kernel driver's name"),
    ],
)
def test_mistakes_are_explained(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_config(text, source="/etc/satellites/config.toml")


def test_missing_and_undecodable_files_are_config_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such file"):
        load_config(tmp_path / "absent.toml")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe")
    with pytest.raises(ConfigError, match="cannot be read"):
        load_config(binary)


def test_command_line_reports_errors_without_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "config.toml"
    bad.write_text('language = "fr"\n')
    result = subprocess.run(
        [sys.executable, "-m", "deploy.config", "check", str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.startswith(f"error: {bad}: language 'fr'")
    assert "Traceback" not in result.stderr


def test_a_config_that_cannot_be_written_is_one_line_not_a_traceback(
    tmp_path: Path, file_in_the_way: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = file_in_the_way / "config.toml"
    assert config_main(["write", str(target), "--profile", "lcdhat"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {file_in_the_way}") and err.count("\n") == 1
