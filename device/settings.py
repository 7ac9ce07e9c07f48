"""Player settings, kept across restarts.

The file is one journal-style line (a checksum, then JSON), replaced whole
and durably on each change.  Reading never fails: a missing, damaged or
unreadable file gives the defaults, and a value that is unknown, of the
wrong kind or out of range gives that setting's default (the dataclass
below names each default once; ``CHOICES`` names the values allowed).
Settings written by the first format (a checked container) are read too.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from device.buttons import REPEAT_SPEEDS
from device.disk import Disk
from device.journal.lines import decode_line, encode_line
from device.journal.old_saves import OldFormatError, decode_container

SETTINGS_FILE = "settings.json"
PREVIOUS_COPY = SETTINGS_FILE + ".prev"
"""The first format's copy before the last change."""

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
PROGRESS: dict[str, range] = {"tutorial_lessons": range(100)}
"""What the app keeps for the player that the Settings screen does not offer, and its range."""


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
    tutorial_lessons: int = 0
    """How many of the tutorial's lessons, in order, the player has done or skipped."""

    def cycle(self, name: str, step: int = 1) -> None:
        values = CHOICES[name]
        index = values.index(getattr(self, name))
        setattr(self, name, values[(index + step) % len(values)])


def settings_from(stored: object) -> Settings:
    """The settings a decoded document holds; defaults for what is unknown or out of range."""
    settings = Settings()
    if isinstance(stored, dict):
        for field in fields(Settings):
            value = stored.get(field.name)
            allowed = CHOICES.get(field.name) or PROGRESS[field.name]
            if value in allowed and type(value) is type(getattr(settings, field.name)):
                setattr(settings, field.name, value)
    return settings


def check_settings_file(data: bytes) -> object:
    """The document a settings file holds, in either format; ValueError if none."""
    event = decode_line(data.rstrip(b"\n")) if data.endswith(b"\n") else None
    if event is not None:
        return event
    try:
        return json.loads(decode_container(data))
    except (OldFormatError, ValueError, RecursionError) as error:
        raise ValueError(f"the settings cannot be read ({error})") from None


def load_settings(folder: Path, disk: Disk | None = None) -> Settings:
    """The stored settings; defaults for anything missing or damaged."""
    disk = disk or Disk()
    for name in (SETTINGS_FILE, PREVIOUS_COPY):
        try:
            return settings_from(check_settings_file(disk.read(folder / name)))
        except (OSError, ValueError):
            continue
    return Settings()


def store_settings(folder: Path, settings: Settings, disk: Disk | None = None) -> None:
    """Replace the stored settings durably; OSError if they cannot be."""
    disk = disk or Disk()
    disk.write_durably(folder / SETTINGS_FILE, encode_line(asdict(settings)))
    if PREVIOUS_COPY in disk.listdir(folder):
        disk.unlink(folder / PREVIOUS_COPY)
