"""SDL keys -> the physical buttons of each device profile.

On the device, the kernel's ``gpio-key`` overlay and the serial button
controller send the key of the logical button each physical button is wired
as (``ports.profiles``), the same keys as a desktop keyboard, so one table per
profile serves both: the device keys first, then the desktop conveniences of
the simulator.
"""

from __future__ import annotations

import pygame

from ports.profiles import KEYS, PROFILES, Profile


def _key(name: str) -> int:
    code: int = getattr(pygame, name)
    return code


def _keymap(profile: Profile) -> dict[int, str]:
    keymap = {_key(KEYS[button.sends].pygame): button.name for button in profile.buttons}
    for button in profile.buttons:
        keymap |= {_key(name): button.name for name in button.desktop_keys}
    return keymap


KEYMAPS: dict[str, dict[int, str]] = {name: _keymap(p) for name, p in PROFILES.items()}


def keymap_for(profile: str) -> dict[int, str]:
    """The SDL key -> physical button table of ``profile`` (KeyError if unknown)."""
    return KEYMAPS[profile]


def describe_keys(profile: str) -> list[tuple[str, str]]:
    """(key names, physical button) pairs for the simulator's help overlay."""
    by_button: dict[str, list[str]] = {}
    for key, button in KEYMAPS[profile].items():
        by_button.setdefault(button, []).append(pygame.key.name(key))
    return [(" / ".join(names), button) for button, names in by_button.items()]
