"""SDL keys -> the physical buttons of a device profile.

On the device, the kernel's ``gpio-key`` overlay and the serial button
controller send the key of the logical button each physical button is wired
as, the same keys as a desktop keyboard, so one table per profile serves
both.  The wiring hands over the profile's keys (``Profile.pygame_keys``):
for each physical button the key it sends first, then the desktop
conveniences of the simulator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame


def _key(name: str) -> int:
    code: int = getattr(pygame, name)
    return code


def keymap_for(pygame_keys: Mapping[str, Sequence[str]]) -> dict[int, str]:
    """The SDL key -> physical button table of a profile, from its buttons' pygame key names.

    A desktop convenience key wins over a key a button sends.
    """
    keymap = {_key(names[0]): button for button, names in pygame_keys.items()}
    for button, names in pygame_keys.items():
        keymap |= {_key(name): button for name in names[1:]}
    return keymap


def describe_keys(keymap: Mapping[int, str]) -> list[tuple[str, str]]:
    """(key names, physical button) pairs for the simulator's help overlay."""
    by_button: dict[str, list[str]] = {}
    for key, button in keymap.items():
        by_button.setdefault(button, []).append(pygame.key.name(key))
    return [(" / ".join(names), button) for button, names in by_button.items()]
