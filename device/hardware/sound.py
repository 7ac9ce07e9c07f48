"""The loudspeaker, as the app sees it: named sounds, prepared once, played on demand.

The app makes the sounds itself (``device.look.tones``) as raw samples in the one
format below, so there are no sound files; a driver turns them into whatever
its output needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

SAMPLE_RATE = 22050
"""Samples per second of every sound: mono, signed 16-bit, native byte order."""
SAMPLE_BYTES = 2


class Speaker(Protocol):
    """Where the sound effects go (an HDMI output, a USB or I2S amplifier)."""

    @property
    def working(self) -> bool:
        """False when there is no audio output: everything is then a quiet no-op."""
        ...

    def load(self, sounds: Mapping[str, bytes]) -> None:
        """Prepare the sounds by name (raw samples in the format above)."""
        ...

    def play(self, name: str, volume: float) -> None:
        """Start a prepared sound at ``volume`` (0 to 1) and return at once."""
        ...
