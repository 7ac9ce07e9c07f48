"""Sound through SDL's mixer, or silence where there is no audio output.

The mixer is opened once, at start; when that fails (no sound card, no HDMI
audio, a missing amplifier) the game goes on silently with one log line.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Iterator, Mapping

import pygame

log = logging.getLogger(__name__)

MIXER_BUFFER = 512
"""Samples per mixer buffer: small, so a press sounds without a noticeable lag."""
CHANNELS = 8
"""Sounds that may overlap (a cursor tick over a move's sound)."""


class SilentSpeaker:
    """No audio output: every sound is a no-op."""

    @property
    def working(self) -> bool:
        return False

    def load(self, sounds: Mapping[str, bytes]) -> None:
        """Nothing to prepare."""

    def play(self, name: str, volume: float) -> None:
        """Nothing to play."""


class MixerSpeaker:
    """SDL's mixer, already opened with the samples' own format (SDL converts for the device)."""

    def __init__(self) -> None:
        self._sounds: dict[str, pygame.mixer.Sound] = {}

    @property
    def working(self) -> bool:
        return True

    def load(self, sounds: Mapping[str, bytes]) -> None:
        self._sounds = {name: pygame.mixer.Sound(buffer=pcm) for name, pcm in sounds.items()}

    def play(self, name: str, volume: float) -> None:
        sound = self._sounds.get(name)
        if sound is None:
            return
        sound.set_volume(max(0.0, min(1.0, volume)))
        sound.play()


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Keep the sound library's own complaints (ALSA's, a line per failed step) out of
    the log while the mixer opens: the one line that matters is logged by us."""
    try:
        nowhere = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        saved = os.dup(2)
        os.dup2(nowhere, 2)
    finally:
        os.close(nowhere)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def open_speaker(
    sample_rate: int, sample_bytes: int, say: Callable[[str], None] | None = None
) -> MixerSpeaker | SilentSpeaker:
    """The mixer, for mono samples of ``sample_bytes`` signed bytes at ``sample_rate``,
    when an audio output exists, else silence, said in one line (to ``say``, or to the log)."""
    try:
        with _quiet_stderr():
            _open_mixer(sample_rate, sample_bytes)
    except pygame.error as error:
        (say or log.info)(f"no sound: {error}")
        return SilentSpeaker()
    return MixerSpeaker()


def _open_mixer(sample_rate: int, sample_bytes: int) -> None:
    pygame.mixer.init(
        frequency=sample_rate,
        size=-8 * sample_bytes,
        channels=1,
        buffer=MIXER_BUFFER,
        allowedchanges=0,
    )
    pygame.mixer.set_num_channels(CHANNELS)
