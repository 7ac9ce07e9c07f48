"""The appliance's config file, /etc/satellites/config.toml: load, validate, write.

Every problem is reported as a ConfigError whose message names the file, the key
and what is allowed, so the launcher and the doctor can print it as it is.
Run `python -m deploy.config --help` for the command line the installer uses.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from device.hardware.profiles import PROFILES, ProfileName
from device.i18n import LANGUAGES

DEFAULT_PATH = Path("/etc/satellites/config.toml")
DEFAULT_SAVE_DIR = Path("/var/lib/satellites")


class VideoOutput(StrEnum):
    """How the game reaches the screen: the kernel's framebuffer, or SDL's video
    driver of that name."""

    FRAMEBUFFER = "framebuffer"
    KMSDRM = "kmsdrm"
    X11 = "x11"
    WAYLAND = "wayland"
    OFFSCREEN = "offscreen"
    DUMMY = "dummy"


Named = TypeVar("Named", ProfileName, VideoOutput)
DEFAULT_DISPLAY = {"spi": VideoOutput.FRAMEBUFFER, "hdmi": VideoOutput.KMSDRM}
"""The panel's kind -> the display path a profile uses unless the config says otherwise.

SPI panels go through the kernel's framebuffer (nothing to install, no Mesa);
HDMI screens through kmsdrm, which falls back to the framebuffer when it fails.
"""
SAFE_PATH = re.compile(r"/[A-Za-z0-9._+@:/-]*")
"""Paths written into systemd units and udev rules: no spaces, quotes or specials."""
SAVE_FOLDERS = (DEFAULT_SAVE_DIR,)
"""The save folder is one of these or a folder in one: the game's state folder
(/var/lib/satellites, the home of its user), where the installer mounts the data
partition. Anything else is refused wherever the config is read: the installer
would chown it to the game's user, and the service's sandbox lets the game write
only there (ProtectSystem=strict, ProtectHome=, PrivateTmp=)."""
DRIVER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
"""A kernel driver's name as sysfs shows it."""
NETWORK_URLS = ("socket://", "rfc2217://", "listen://")


@dataclass(frozen=True)
class Config:
    profile: ProfileName = ProfileName.HATMINI
    button_serial_port: str = ""
    link_port: str = ""
    save_dir: Path = DEFAULT_SAVE_DIR
    language: str = "en"
    display: VideoOutput = VideoOutput.FRAMEBUFFER
    fb_device: str = ""
    """The panel's /dev/fbN; empty = the one the kernel made for the profile's panel."""
    panel_driver: str = ""
    """The kernel driver of the panel's DRM device (``panel-mipi-dbi-spi``); empty = the
    card whose connector is the profile's kind. Unlike fb_device, it holds from one
    boot to the next whatever number the framebuffer gets."""


class ConfigError(ValueError):
    """The config file is missing, is not TOML, or holds a value that is not allowed."""


def load_config(path: Path) -> Config:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path}: cannot be read ({error})") from None
    return parse_config(text, source=str(path))


def parse_config(text: str, source: str = "config") -> Config:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{source}: not valid TOML: {error}") from None
    return config_from_mapping(data, source)


def config_from_mapping(data: Mapping[str, Any], source: str = "config") -> Config:
    known = {field.name for field in fields(Config)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ConfigError(
            f"{source}: unknown key {unknown[0]!r}; the keys are {', '.join(sorted(known))}"
        )
    for key, value in data.items():
        if not isinstance(value, str):
            raise ConfigError(f"{source}: {key} must be a quoted string, not {value!r}")
    typed = {"save_dir", "profile", "display"}
    config = replace(Config(), **{key: value for key, value in data.items() if key not in typed})
    if "save_dir" in data:
        config = replace(config, save_dir=Path(data["save_dir"]))
    if "profile" in data:
        config = replace(config, profile=_one_of(ProfileName, "profile", data["profile"], source))
    if "display" in data:
        config = replace(config, display=_one_of(VideoOutput, "display", data["display"], source))
    validate(config, source)
    return config


def validate(config: Config, source: str = "config") -> None:
    for field in fields(Config):
        value = str(getattr(config, field.name))
        if any(ord(char) < 32 or ord(char) == 127 for char in value):
            raise ConfigError(f"{source}: {field.name} must be one line of printable text")
    if config.language not in LANGUAGES:
        raise ConfigError(
            f"{source}: language {config.language!r} is not offered; use one of "
            f"{', '.join(LANGUAGES)}"
        )
    _validate_save_dir(config.save_dir, source)
    for key in ("button_serial_port", "link_port"):
        _validate_port(key, getattr(config, key), source)
    if config.fb_device and not re.fullmatch(r"/dev/fb[0-9]+", config.fb_device):
        raise ConfigError(
            f"{source}: fb_device {config.fb_device!r} must be empty (found from the panel) "
            "or a framebuffer device such as /dev/fb1"
        )
    if config.panel_driver and not DRIVER_NAME.fullmatch(config.panel_driver):
        raise ConfigError(
            f"{source}: panel_driver {config.panel_driver!r} must be empty (found by the "
            "connector) or a kernel driver's name such as panel-mipi-dbi-spi"
        )


def _validate_save_dir(folder: Path, source: str) -> None:
    text = str(folder)
    if not folder.is_absolute():
        raise ConfigError(f"{source}: save_dir must be an absolute path, not {text!r}")
    if not SAFE_PATH.fullmatch(text) or os.path.normpath(text) != text:
        raise ConfigError(
            f"{source}: save_dir {text!r} must be a plain path: letters, digits and . _ - + @ :, "
            "no spaces, no .. and no trailing /"
        )
    if not any(folder.is_relative_to(allowed) for allowed in SAVE_FOLDERS):
        raise ConfigError(
            f"{source}: save_dir {text} is not a save folder the game may use: "
            f"use {' or '.join(map(str, SAVE_FOLDERS))}, or a folder in it"
        )
    if any(part.startswith(".") for part in folder.parts):
        raise ConfigError(
            f"{source}: save_dir {text} is or lies in a hidden folder; use one such as "
            f"{DEFAULT_SAVE_DIR}"
        )


def _validate_port(key: str, port: str, source: str) -> None:
    if not port:
        return
    if port.startswith(NETWORK_URLS):
        raise ConfigError(
            f"{source}: {key} {port!r} is a network connection, which the appliance's "
            "sandbox does not allow; use the serial port of the cable, such as /dev/ttyUSB0"
        )
    if "://" in port:
        if not re.fullmatch(r"[a-z0-9]+://[A-Za-z0-9._+@:/,=?&-]*", port):
            raise ConfigError(f"{source}: {key} {port!r} holds characters a port never has")
        return
    if not SAFE_PATH.fullmatch(port) or port == "/":
        raise ConfigError(
            f"{source}: {key} {port!r} must be empty, a device path such as "
            "/dev/satellites-buttons, or a pyserial URL such as hwgrep://2e8a:000a"
        )


def _one_of(kind: type[Named], key: str, name: str, source: str) -> Named:
    """The member of ``kind`` called ``name`` (ConfigError naming them all otherwise)."""
    try:
        return kind(name)
    except ValueError:
        names = ", ".join(kind)
        raise ConfigError(f"{source}: {key} {name!r} is unknown; use one of {names}") from None


def default_display(profile: str) -> VideoOutput:
    """The display path of a profile: see DEFAULT_DISPLAY."""
    return DEFAULT_DISPLAY[PROFILES[profile].panel]


def render_config(config: Config) -> str:
    """The config as TOML text; strings are quoted with JSON escapes, which TOML accepts."""
    lines = [
        "# Satellites appliance settings. Check them with: satellites-doctor",
        f"profile = {json.dumps(config.profile)}",
        "# serial button controller; empty = buttons come from GPIO or a keyboard",
        f"button_serial_port = {json.dumps(config.button_serial_port)}",
        "# link cable serial port (or pyserial URL); empty = no link cable",
        f"link_port = {json.dumps(config.link_port)}",
        f"save_dir = {json.dumps(str(config.save_dir))}",
        f"language = {json.dumps(config.language)}",
        "# framebuffer (the kernel's /dev/fbN, nothing else needed), kmsdrm (Mesa; falls",
        "# back to the framebuffer when it cannot open the screen), or x11/wayland",
        f"display = {json.dumps(config.display)}",
        "# the framebuffer device; empty = the one the kernel made for the profile's panel",
        f"fb_device = {json.dumps(config.fb_device)}",
        "# the panel's kernel driver, when its connector does not say it is the panel",
        f"panel_driver = {json.dumps(config.panel_driver)}",
    ]
    return "\n".join(lines) + "\n"


def _parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m deploy.config")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="validate a config file")
    check.add_argument("path", type=Path)
    get = commands.add_parser("get", help="print one value of a valid config file")
    get.add_argument("path", type=Path)
    get.add_argument("key", choices=[field.name for field in fields(Config)])
    write = commands.add_parser("write", help="validate settings and write them as a file")
    write.add_argument("path", type=Path)
    commands.add_parser("profiles", help="print the device profiles' names, one per line")
    settings = commands.add_parser(
        "check-settings", help="validate settings as write would, writing nothing"
    )
    for command in (write, settings):
        for field in fields(Config):
            command.add_argument(f"--{field.name.replace('_', '-')}", dest=field.name, default=None)
    return parser.parse_args(argv)


def _config_from_arguments(args: argparse.Namespace) -> Config:
    """The settings given on the command line; the display follows the profile unless given."""
    given = {f.name: getattr(args, f.name) for f in fields(Config)}
    chosen = {key: value for key, value in given.items() if value}
    profile = chosen.get("profile", Config.profile)
    if "display" not in chosen and profile in PROFILES:
        chosen["display"] = default_display(profile)
    return config_from_mapping(chosen, "settings")


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse_args(sys.argv[1:] if argv is None else argv)
    if args.command == "profiles":
        print("\n".join(sorted(PROFILES)))
        return 0
    try:
        if args.command == "check-settings":
            _config_from_arguments(args)
            return 0
        if args.command == "write":
            config = _config_from_arguments(args)
            args.path.parent.mkdir(parents=True, exist_ok=True)
            args.path.write_text(render_config(config), encoding="utf-8")
            return 0
        config = load_config(args.path)
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except OSError as error:  # write: the file or its folder cannot be made
        print(f"error: {error.filename}: {error.strerror}", file=sys.stderr)
        return 1
    if args.command == "get":
        print(getattr(config, args.key))
    return 0


if __name__ == "__main__":
    sys.exit(main())
