"""The appliance's memory with its search workers: the app (pygame, fonts, the
title drawn) and the worker processes the computer's first move starts.

    python benchmarks/appliance_memory.py [--workers N] [--level 5] [--review]

Prints the resident memory (RSS) and the proportional share (PSS: pages
shared between the processes counted once) of the app and of each worker,
in MB; with ``--review``, again after the review of a 100-ply game (the
review's searches run in the same workers, or on a thread of the app).
``--workers`` defaults to what this machine's cores and memory give (a 512 MB
board: 2).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # review_speed beside it
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
from review_speed import club_games

from device.app import App
from device.devices import Devices
from device.hardware.profiles import PROFILES
from device.play.game import Game, GameSetup, Mode
from device.play.opponent import EngineThinker
from device.play.review import EngineReviewer, Stage
from device.screens.game_screen import start_game
from device.screens.review_screen import ReviewScreen
from drivers.display import HeadlessDisplay
from engine import is_compiled
from engine.ai.levels import DEFAULT_LEVEL
from engine.ai.parallel import default_workers
from engine.arguments import OneLineParser, whole_number_in

REVIEW_PLIES = 100
REVIEW_WAIT = 900
"""Seconds the review may take before the measure is taken anyway."""


def memory_mb(pid: int) -> tuple[float, float]:
    """RSS and PSS of process ``pid`` in MB (PSS 0 where the kernel does not give it)."""
    rss = pss = 0.0
    status = Path(f"/proc/{pid}/status").read_text()
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
    rollup = Path(f"/proc/{pid}/smaps_rollup")
    if rollup.exists():
        for line in rollup.read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1]) / 1024
    return rss, pss


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--workers", default=default_workers(), **whole_number_in(0, 64, "search processes")
    )
    parser.add_argument("--profile", default="hatmini", choices=sorted(PROFILES))
    parser.add_argument(
        "--review",
        action="store_true",
        help=f"then review a {REVIEW_PLIES}-ply game as Past games does, and measure again",
    )
    parser.add_argument(
        "--level", default=DEFAULT_LEVEL, **whole_number_in(1, 5, "the computer's level")
    )
    options = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    profile = PROFILES[options.profile]
    with tempfile.TemporaryDirectory() as saves:
        thinker = EngineThinker(1, workers=options.workers)
        devices = Devices(profile, HeadlessDisplay(profile.size), Path(saves))
        reviewing = EngineReviewer(options.workers)
        app = App(devices, thinker=thinker, reviewing=reviewing)
        app.draw()
        before = memory_mb(os.getpid())
        setup = GameSetup(mode=Mode.VERSUS_AI, ai_level=options.level, human_colour=2)
        start_game(app, Game.new(1, setup, ("Computer", "You"), "2026.12.03"))
        deadline = time.monotonic() + 60
        while (
            app.playing.match is not None
            and app.playing.match.game.ply == 0
            and time.monotonic() < deadline
        ):
            app.update()
            time.sleep(0.05)
        app.draw()
        print(f"{'app at the title':<22} RSS {before[0]:6.1f} MB  PSS {before[1]:6.1f} MB")
        print_memory("app after a move")
        if options.review:
            review_a_game(app)
            print_memory("app after a review")
        app.to_title()


def print_memory(label: str) -> None:
    """The app's memory, each worker's, and all of them together."""
    rows = [(label, *memory_mb(os.getpid()))]
    workers = multiprocessing.active_children()
    rows += [(f"worker {pid}", *memory_mb(pid)) for pid in sorted(p.pid or 0 for p in workers)]
    for name, rss, pss in rows:
        print(f"{name:<22} RSS {rss:6.1f} MB  PSS {pss:6.1f} MB")
    total = f"all ({len(workers)} workers)"
    rss, pss = sum(row[1] for row in rows), sum(row[2] for row in rows)
    print(f"{total:<22} RSS {rss:6.1f} MB  PSS {pss:6.1f} MB")


def review_a_game(app: App) -> None:
    """The review of a Club game of ``REVIEW_PLIES`` moves, as Past games opens it
    (from the title: no game is played meanwhile)."""
    (record,) = club_games(1, REVIEW_PLIES).values()
    app.to_title()
    screen = ReviewScreen(app, Game(record), None)
    app.push(screen)
    started = time.monotonic()
    while screen.review.stage is Stage.WORKING and time.monotonic() < started + REVIEW_WAIT:
        app.update()
        time.sleep(0.05)
    app.draw()
    took = time.monotonic() - started
    engine = "compiled" if is_compiled() else "pure Python"
    print(f"reviewed {REVIEW_PLIES} plies in {took:.1f} s ({screen.review.stage}, {engine} engine)")


if __name__ == "__main__":
    main()
