"""The mixer opens on SDL's dummy audio driver; without any audio output the game
gets silence, with no error and one line in the log."""

import logging
from array import array
from collections.abc import Iterator

import pygame
import pytest

from device.hardware.sound import SAMPLE_BYTES, SAMPLE_RATE
from drivers.audio import MixerSpeaker, SilentSpeaker, open_speaker

BEEP = array("h", [8000, -8000] * (SAMPLE_RATE // 100)).tobytes()


@pytest.fixture(autouse=True)
def closed_mixer() -> Iterator[None]:
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_on_the_dummy_driver_the_mixer_opens_and_plays() -> None:
    speaker = open_speaker(SAMPLE_RATE, SAMPLE_BYTES)
    assert isinstance(speaker, MixerSpeaker) and speaker.working
    assert pygame.mixer.get_init() == (SAMPLE_RATE, -16, 1)
    speaker.load({"beep": BEEP})
    speaker.play("beep", 0.5)
    speaker.play("beep", 7.0)  # a volume out of range is clamped, not an error
    speaker.play("not loaded", 1.0)  # unknown names are quiet


def test_without_an_audio_output_the_game_is_silent_and_says_so_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-output")
    with caplog.at_level(logging.INFO, logger="drivers.audio"):
        speaker = open_speaker(SAMPLE_RATE, SAMPLE_BYTES)
    assert isinstance(speaker, SilentSpeaker) and not speaker.working
    assert len(caplog.records) == 1 and "no sound" in caplog.records[0].getMessage()
    speaker.load({"beep": BEEP})
    speaker.play("beep", 1.0)
    assert pygame.mixer.get_init() is None
