"""The appliance's config file, /etc/satellites/config.toml: load, validate, write.

Every problem is reported as a ConfigError whose message names the file, the key
and what is allowed, so the launcher and the doctor can print it as it is.
Run `python -m deploy.config --help` for the command line the installer uses.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from deploy.profiles import load_profiles

DEFAULT_PATH = Path("/etc/satellites/config.toml")
DEFAULT_SAVE_DIR = Path("/var/lib/satellites")
LANGUAGES = ("en", "es")
DISPLAYS = ("kmsdrm", "x11", "wayland", "offscreen", "dummy")


@dataclass(frozen=True)
class Config:
    profile: str = "hatmini"
    button_serial_port: str = ""
    link_port: str = ""
    save_dir: Path = DEFAULT_SAVE_DIR
    language: str = "en"
    display: str = "kmsdrm"


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
    config = replace(Config(), **{k: v for k, v in data.items() if k != "save_dir"})
    if "save_dir" in data:
        config = replace(config, save_dir=Path(data["save_dir"]))
    validate(config, source)
    return config


def validate(config: Config, source: str = "config") -> None:
    profiles = sorted(load_profiles().profiles)
    if config.profile not in profiles:
        raise ConfigError(
            f"{source}: profile {config.profile!r} is unknown; use one of {', '.join(profiles)}"
        )
    if config.language not in LANGUAGES:
        raise ConfigError(
            f"{source}: language {config.language!r} is not offered; use one of "
            f"{', '.join(LANGUAGES)}"
        )
    if config.display not in DISPLAYS:
        raise ConfigError(
            f"{source}: display {config.display!r} is unknown; use one of {', '.join(DISPLAYS)}"
        )
    if not config.save_dir.is_absolute():
        raise ConfigError(f"{source}: save_dir must be an absolute path, not {config.save_dir}")
    for key in ("button_serial_port", "link_port"):
        port = getattr(config, key)
        if port and not (port.startswith("/") or "://" in port):
            raise ConfigError(
                f"{source}: {key} {port!r} must be empty, a device path such as "
                f"/dev/satellites-buttons, or a pyserial URL such as socket://host:port"
            )


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
        f"display = {json.dumps(config.display)}",
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
    for field in fields(Config):
        write.add_argument(f"--{field.name.replace('_', '-')}", dest=field.name, default=None)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse_args(sys.argv[1:] if argv is None else argv)
    try:
        if args.command == "write":
            given = {f.name: getattr(args, f.name) for f in fields(Config)}
            config = config_from_mapping(
                {key: value for key, value in given.items() if value is not None}, "settings"
            )
            args.path.parent.mkdir(parents=True, exist_ok=True)
            args.path.write_text(render_config(config), encoding="utf-8")
            return 0
        config = load_config(args.path)
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if args.command == "get":
        print(getattr(config, args.key))
    return 0


if __name__ == "__main__":
    sys.exit(main())
