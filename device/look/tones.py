"""The sound effects, made at start from a few notes (there are no sound files).

Each effect is a short phrase of notes: a sine with a touch of its octave for
some body, a quick attack and a decay so nothing clicks.  The samples are in
the speaker's format (``device.hardware.sound``).
"""

from __future__ import annotations

import functools
import math
from array import array
from dataclasses import dataclass

from device.hardware.sound import SAMPLE_RATE
from device.play.sounds import Effect

PEAK = 0.6
"""The loudest sample, as a share of the format's full scale (headroom for overlaps)."""
ATTACK_MS = 4
FULL_SCALE = 32767
WAVE_SIZE = 2048


@functools.cache
def wave() -> list[float]:
    """One cycle of the wave every note plays (looked up: far quicker than sines per
    sample); worked out when the sounds are made, not when the app is loaded."""
    return [
        0.8 * math.sin(2 * math.pi * i / WAVE_SIZE) + 0.2 * math.sin(4 * math.pi * i / WAVE_SIZE)
        for i in range(WAVE_SIZE)
    ]


@dataclass(frozen=True)
class Note:
    hz: float
    ms: int
    to_hz: float | None = None
    """Glide to this pitch over the note (a sweep)."""
    loudness: float = 1.0


PHRASES: dict[Effect, tuple[Note, ...]] = {
    Effect.CURSOR: (Note(1760, 18, loudness=0.35),),
    Effect.CHOOSE: (Note(880, 60, loudness=0.6),),
    Effect.CONNECTION: (Note(660, 70), Note(990, 110)),
    Effect.COLONY: (Note(523, 80), Note(659, 80), Note(784, 180)),
    Effect.DISPLACEMENT: (Note(900, 170, to_hz=300), Note(1200, 60, loudness=0.7)),
    Effect.GRACE: (Note(1320, 50), Note(0, 30), Note(1320, 50), Note(0, 30), Note(1760, 90)),
    Effect.WIN: (Note(523, 110), Note(659, 110), Note(784, 110), Note(1047, 360)),
    Effect.LOSS: (Note(392, 180), Note(330, 180), Note(262, 420, to_hz=247)),
}
"""Every effect's notes, one after another (0 Hz is a rest)."""


def note_samples(note: Note) -> array[int]:
    count = SAMPLE_RATE * note.ms // 1000
    if note.hz <= 0:
        return array("h", bytes(2 * count))
    attack = max(1, SAMPLE_RATE * ATTACK_MS // 1000)
    end_hz = note.to_hz if note.to_hz is not None else note.hz
    step = note.hz * WAVE_SIZE / SAMPLE_RATE
    glide = (end_hz - note.hz) * WAVE_SIZE / SAMPLE_RATE / count
    scale = FULL_SCALE * PEAK * note.loudness
    table = wave()
    phase = 0.0
    samples = [0] * count
    for index in range(count):
        phase = (phase + step + glide * index) % WAVE_SIZE
        left = 1.0 - index / count
        envelope = left * left * min(1.0, index / attack)
        samples[index] = int(scale * envelope * table[int(phase)])
    return array("h", samples)


def effect_samples(effect: Effect) -> bytes:
    samples = array("h")
    for note in PHRASES[effect]:
        samples.extend(note_samples(note))
    return samples.tobytes()


def make_sounds() -> dict[str, bytes]:
    """Every effect's samples by its name."""
    return {effect.value: effect_samples(effect) for effect in Effect}
