"""The reference device profiles and the key each logical button sends (profiles.toml)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

LOGICAL_BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "MENU", "SELECT")
# BCM GPIO numbers present on the 40-pin header of every Raspberry Pi.
HEADER_GPIOS = range(2, 28)


@dataclass(frozen=True)
class Key:
    """The key a logical button sends: Linux key code and its names."""

    code: int
    linux: str
    pygame: str


@dataclass(frozen=True)
class Button:
    """A physical button wired to a GPIO, standing for one logical button."""

    label: str
    gpio: int
    button: str


@dataclass(frozen=True)
class Profile:
    name: str
    title: str
    width: int
    height: int
    panel: str
    buttons: tuple[Button, ...]
    shutdown_gpio: int
    """The power button's GPIO (gpio-shutdown overlay)."""


@dataclass(frozen=True)
class ProfileTable:
    keys: dict[str, Key]
    profiles: dict[str, Profile]

    def keycode(self, button: Button) -> int:
        return self.keys[button.button].code


class ProfileTableError(ValueError):
    """profiles.toml contradicts itself (a bug in the shipped table)."""


def load_profiles() -> ProfileTable:
    """Read the table shipped inside the package."""
    text = resources.files("deploy").joinpath("profiles.toml").read_text(encoding="utf-8")
    return parse_profiles(tomllib.loads(text))


def parse_profiles(data: dict[str, Any]) -> ProfileTable:
    keys = {name: Key(**fields) for name, fields in data["keys"].items()}
    if sorted(keys) != sorted(LOGICAL_BUTTONS):
        raise ProfileTableError(f"[keys] must list exactly {', '.join(LOGICAL_BUTTONS)}")
    profiles = {
        name: _parse_profile(name, fields, keys) for name, fields in data["profiles"].items()
    }
    return ProfileTable(keys=keys, profiles=profiles)


def _parse_profile(name: str, fields: dict[str, Any], keys: dict[str, Key]) -> Profile:
    buttons = tuple(Button(**button) for button in fields["buttons"])
    gpios = [button.gpio for button in buttons] + [fields["shutdown_gpio"]]
    if len(set(gpios)) != len(gpios):
        raise ProfileTableError(f"profile {name}: a GPIO is used by two buttons")
    if fields["shutdown_gpio"] not in HEADER_GPIOS:
        raise ProfileTableError(f"profile {name}: the power button's GPIO is not on the header")
    for button in buttons:
        if button.button not in keys:
            raise ProfileTableError(f"profile {name}: unknown logical button {button.button}")
        if button.gpio not in HEADER_GPIOS:
            raise ProfileTableError(f"profile {name}: GPIO {button.gpio} is not on the header")
    return Profile(
        name=name,
        title=fields["title"],
        width=fields["width"],
        height=fields["height"],
        panel=fields["panel"],
        buttons=buttons,
        shutdown_gpio=fields["shutdown_gpio"],
    )
