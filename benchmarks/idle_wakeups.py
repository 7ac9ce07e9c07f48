"""How often the idle game wakes, and the CPU it spends, at the title and while
waiting for the player's move: the device's loop (poll on its key devices and
its next deadline) on SDL's dummy driver, on the wall clock.

    python benchmarks/idle_wakeups.py [--seconds S] [--level N]

The computer thinks ahead on the player's turn (level 5 keeps it busy for
seconds: the loop should still sleep until that search ends).

Prints wakeups per second and CPU % (of one core) for each.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame

from device.app import App
from device.devices import Devices
from device.hardware.profiles import PROFILES
from device.play.game import Game, GameSetup, Mode
from drivers.display import HeadlessDisplay
from drivers.input_wait import FdWaiter
from engine.arguments import OneLineParser, number_in, whole_number_in


def idle(app: App, waiter: FdWaiter, seconds: float) -> tuple[float, float]:
    """Wakeups a second and CPU % while nothing is pressed for ``seconds``."""
    app.step(0)
    wakeups, cpu, started = waiter.wakeups, time.process_time(), time.monotonic()
    while time.monotonic() - started < seconds:
        app.step()
    wall = time.monotonic() - started
    return (waiter.wakeups - wakeups) / wall, 100 * (time.process_time() - cpu) / wall


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", default=10, **number_in(1, 3600, "idle time measured, each"))
    parser.add_argument("--profile", default="hatmini", choices=sorted(PROFILES))
    parser.add_argument("--level", default=1, **whole_number_in(1, 5, "the computer's level"))
    options = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    profile = PROFILES[options.profile]
    waiter = FdWaiter()
    with tempfile.TemporaryDirectory() as saves:
        app = App(Devices(profile, HeadlessDisplay(profile.size), {}, Path(saves), waiter=waiter))
        per_s, cpu = idle(app, waiter, options.seconds)
        print(f"title:          {per_s:5.2f} wakeups/s  {cpu:5.2f} % CPU")
        setup = GameSetup(mode=Mode.VERSUS_AI, ai_level=options.level)
        app.start_game(Game.new(1, setup, ("You", "Computer"), "2026.12.03"))
        per_s, cpu = idle(app, waiter, options.seconds)
        print(f"player to move: {per_s:5.2f} wakeups/s  {cpu:5.2f} % CPU")
        app.thinker.cancel()
    waiter.close()


if __name__ == "__main__":
    main()
