"""SDL keys -> the physical buttons of a device profile: the app's input from keys.

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


class KeyboardInput:
    """The profile's buttons pressed on keys: the key events in SDL's queue (a
    keyboard, the GPIO keys, the serial button controller's reader), taken by the
    app's loop (``device.hardware.input``)."""

    def __init__(self, keymap: Mapping[int, str]) -> None:
        self.keymap = keymap
        """SDL key -> physical button (``keymap_for``)."""

    def read(self, events: Sequence[pygame.event.Event]) -> list[tuple[str, bool]]:
        changes = []
        for event in events:
            change = self.change(event)
            if change is not None:
                changes.append(change)
        return changes

    def change(self, event: pygame.event.Event) -> tuple[str, bool] | None:
        """The button a key event presses or lets go (None: another event, a key of no
        button)."""
        if event.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return None
        button = self.keymap.get(event.key)
        return None if button is None else (button, event.type == pygame.KEYDOWN)


def describe_keys(keymap: Mapping[int, str]) -> list[tuple[str, str]]:
    """(key names, physical button) pairs for the simulator's help overlay."""
    by_button: dict[str, list[str]] = {}
    for key, button in keymap.items():
        by_button.setdefault(button, []).append(pygame.key.name(key))
    return [(" / ".join(names), button) for button, names in by_button.items()]
