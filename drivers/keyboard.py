"""SDL keys -> the physical buttons of each device profile.

On the device, the kernel's ``gpio-key`` overlay (deploy/profiles.toml) and
the serial button controller send the same keys as the desktop keyboard, so
one table per profile serves both: the device keys first, then the desktop
conveniences of the simulator.
"""

from __future__ import annotations

import pygame

_DPAD = {
    pygame.K_UP: "UP",
    pygame.K_DOWN: "DOWN",
    pygame.K_LEFT: "LEFT",
    pygame.K_RIGHT: "RIGHT",
}

KEYMAPS: dict[str, dict[int, str]] = {
    "hatmini": {
        # GPIO keys: A Enter, B Backspace, X Right, Y Down.
        pygame.K_RETURN: "A",
        pygame.K_BACKSPACE: "B",
        pygame.K_RIGHT: "X",
        pygame.K_DOWN: "Y",
        # Desktop: the four letters in the HAT's layout, and the usual keys.
        pygame.K_a: "A",
        pygame.K_s: "B",
        pygame.K_q: "X",
        pygame.K_w: "Y",
        pygame.K_z: "A",
        pygame.K_x: "B",
        pygame.K_LEFT: "Y",
        pygame.K_UP: "Y",
    },
    "lcdhat": {
        **_DPAD,
        pygame.K_RETURN: "PRESS",
        pygame.K_BACKSPACE: "KEY1",
        pygame.K_ESCAPE: "KEY2",
        pygame.K_SPACE: "KEY3",
        pygame.K_z: "PRESS",
        pygame.K_x: "KEY1",
        pygame.K_TAB: "KEY3",
    },
    "tabletop": {
        **_DPAD,
        pygame.K_RETURN: "A",
        pygame.K_BACKSPACE: "B",
        pygame.K_ESCAPE: "START",
        pygame.K_SPACE: "SELECT",
        pygame.K_z: "A",
        pygame.K_x: "B",
        pygame.K_TAB: "SELECT",
    },
}


def keymap_for(profile: str) -> dict[int, str]:
    """The SDL key -> physical button table of ``profile`` (KeyError if unknown)."""
    return KEYMAPS[profile]


def describe_keys(profile: str) -> list[tuple[str, str]]:
    """(key names, physical button) pairs for the simulator's help overlay."""
    by_button: dict[str, list[str]] = {}
    for key, button in KEYMAPS[profile].items():
        by_button.setdefault(button, []).append(pygame.key.name(key))
    return [(" / ".join(names), button) for button, names in by_button.items()]
