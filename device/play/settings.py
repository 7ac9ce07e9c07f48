"""The player's settings: each one, its default, and the values it may take.

The dataclass names each default once; ``CHOICES`` names the values the
Settings screen offers, in the order it cycles them, and ``PROGRESS`` what is
kept for the player without being offered.  Keeping them on disk is
``device.journal.settings_file``'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from device.hardware.buttons import RepeatSpeed
from device.i18n import LANGUAGES

CHOICES: dict[str, tuple[object, ...]] = {
    "language": LANGUAGES,
    "colour_blind": (False, True),
    "rotation": (0, 90, 180, 270),
    "think_ms": (0, 500, 1000, 2000),
    "think_ahead": (True, False),
    "repeat": tuple(RepeatSpeed),
    "brightness": (100, 75, 50, 25),
    "dim_after_s": (60, 120, 300, 0, 30),
    "sound": (True, False),
    "volume": (50, 75, 100, 25),
}
"""Each setting and its values, in the order the Settings screen cycles them."""
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
    """The computer works on its answer while the person chooses (see device.play.opponent)."""
    repeat: RepeatSpeed = RepeatSpeed.NORMAL
    brightness: int = 100
    """Percent of the panel's backlight (devices with a backlight only)."""
    dim_after_s: int = 60
    """Seconds without a button before the backlight dims; 0 never."""
    tutorial_lessons: int = 0
    """How many of the tutorial's lessons, in order, the player has done or skipped."""
    sound: bool = True
    """False mutes every sound effect."""
    volume: int = 50
    """Percent of the effects' full loudness."""

    def cycle(self, name: str, step: int = 1) -> None:
        values = CHOICES[name]
        index = values.index(getattr(self, name))
        setattr(self, name, values[(index + step) % len(values)])
