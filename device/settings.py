"""Player settings, kept across restarts (crash-safe, like the saves)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from device.buttons import REPEAT_SPEEDS
from device.storage import UnreadableFile, load_text, save_text

SETTINGS_FILE = "settings.json"

CHOICES: dict[str, tuple[object, ...]] = {
    "language": ("en", "es"),
    "colour_blind": (False, True),
    "rotation": (0, 90, 180, 270),
    "think_ms": (0, 500, 1000, 2000),
    "think_ahead": (True, False),
    "repeat": tuple(REPEAT_SPEEDS),
    "brightness": (100, 75, 50, 25),
    "dim_after_s": (60, 120, 300, 0, 30),
}
"""Each setting and its values, in the order the Settings screen cycles them."""
LIGHT_SETTINGS = ("brightness", "dim_after_s")
"""Shown only on a device with a backlight."""


@dataclass
class Settings:
    language: str = "en"
    colour_blind: bool = False
    rotation: int = 0
    think_ms: int = 1000
    """The computer takes at least this long over a move, so its play can be followed."""
    think_ahead: bool = True
    """The computer works on its answer while the person chooses (see device.opponent)."""
    repeat: str = "normal"
    brightness: int = 100
    """Percent of the panel's backlight (devices with a backlight only)."""
    dim_after_s: int = 60
    """Seconds without a button before the backlight dims; 0 never."""

    def cycle(self, name: str, step: int = 1) -> None:
        values = CHOICES[name]
        index = values.index(getattr(self, name))
        setattr(self, name, values[(index + step) % len(values)])


def load_settings(folder: Path) -> Settings:
    """The stored settings; defaults for anything missing or damaged."""
    try:
        loaded = load_text(folder / SETTINGS_FILE)
    except UnreadableFile:
        return Settings()
    if loaded is None:
        return Settings()
    try:
        stored = json.loads(loaded.text)
    except ValueError:
        return Settings()
    settings = Settings()
    if isinstance(stored, dict):
        for field in fields(Settings):
            value = stored.get(field.name)
            if value in CHOICES[field.name] and type(value) is type(getattr(settings, field.name)):
                setattr(settings, field.name, value)
    return settings


def store_settings(folder: Path, settings: Settings) -> None:
    save_text(folder / SETTINGS_FILE, json.dumps(asdict(settings)))
