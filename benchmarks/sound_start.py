"""What sound costs at start: making every effect's samples, and opening the mixer
with an audio output (SDL's dummy driver), with none, and as SDL chooses itself
(on a machine without a sound card: the path of a Pi without one).

    python benchmarks/sound_start.py [--repeat N]

Prints the median milliseconds of each over N runs.
"""

from __future__ import annotations

import functools
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from device.hardware.sound import SAMPLE_BYTES, SAMPLE_RATE
from device.look.tones import make_sounds
from drivers.audio import open_speaker
from engine.arguments import OneLineParser, whole_number_in


def _median_ms(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _open_with(driver: str) -> str:
    """Open the mixer on SDL's ``driver`` ("": SDL's own choice); the speaker's kind."""
    pygame.mixer.quit()
    os.environ.pop("SDL_AUDIODRIVER", None)
    if driver:
        os.environ["SDL_AUDIODRIVER"] = driver
    return type(open_speaker(SAMPLE_RATE, SAMPLE_BYTES, lambda line: None)).__name__


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeat", default=5, **whole_number_in(1, 1_000, "runs of each measurement")
    )
    args = parser.parse_args()
    samples = sum(len(pcm) // 2 for pcm in make_sounds().values())
    print(f"make every effect ({samples} samples): {_median_ms(make_sounds, args.repeat):.1f} ms")
    for driver in ("dummy", "no-such-output", ""):
        kind = _open_with(driver)
        took = _median_ms(functools.partial(_open_with, driver), args.repeat)
        print(f"open the mixer, SDL_AUDIODRIVER={driver or '(unset)'}: {kind} in {took:.1f} ms")
    pygame.mixer.quit()


if __name__ == "__main__":
    main()
