"""How often the idle game wakes, and the CPU it spends, at the title (while its
game plays behind the menu, in the minute after a press, then once it stands
still) and while waiting for the player's move: the device's loop (poll on its
key devices and its next deadline) on SDL's dummy driver, on the wall clock.

    python benchmarks/idle_wakeups.py [--seconds S] [--level N] [--profile P]

The title's still phase is reached by moving the app's clock a minute on (no
waiting). The computer thinks ahead on the player's turn (level 5 keeps it busy
for seconds: the loop should still sleep until that search ends).

Prints wakeups and frames per second and CPU % (of one core) for each.
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
from device.devices import Devices, monotonic_ms
from device.hardware.profiles import PROFILES
from device.play.demo import PLAYS_FOR_MS
from device.play.game import Game, GameSetup, Mode
from device.screens.game_screen import start_game
from drivers.display import HeadlessDisplay
from drivers.input_wait import FdWaiter
from engine.arguments import OneLineParser, number_in, whole_number_in


class MovableClock:
    """The app's clock in milliseconds, which the benchmark may move on."""

    def __init__(self) -> None:
        self.ahead_ms = 0

    def __call__(self) -> int:
        return monotonic_ms() + self.ahead_ms


def idle(app: App, waiter: FdWaiter, seconds: float) -> str:
    """Wakeups and frames a second and CPU % while nothing is pressed for ``seconds``."""
    app.step(0)
    wakeups, cpu, started = waiter.wakeups, time.process_time(), time.monotonic()
    frames = 0
    while time.monotonic() - started < seconds:
        frames += app.step()
    wall = time.monotonic() - started
    per_s = (waiter.wakeups - wakeups) / wall
    used = 100 * (time.process_time() - cpu) / wall
    return f"{per_s:5.2f} wakeups/s  {frames / wall:5.2f} frames/s  {used:5.2f} % CPU"


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
    clock = MovableClock()
    with tempfile.TemporaryDirectory() as saves:
        display = HeadlessDisplay(profile.size)
        app = App(Devices(profile, display, Path(saves), waiter=waiter, clock=clock))
        print(f"title, playing:  {idle(app, waiter, options.seconds)}")
        clock.ahead_ms += PLAYS_FOR_MS  # a minute without a press
        print(f"title, still:    {idle(app, waiter, options.seconds)}")
        setup = GameSetup(mode=Mode.VERSUS_AI, ai_level=options.level)
        start_game(app, Game.new(1, setup, ("You", "Computer"), "2026.12.03"))
        print(f"player to move:  {idle(app, waiter, options.seconds)}")
        app.playing.players.thinker.cancel()
    waiter.close()


if __name__ == "__main__":
    main()
