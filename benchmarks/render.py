"""Device app performance: frame render time, idle CPU, first frame, memory,
and the bytes the framebuffer backend writes to the panel for a cursor step and
for a move.

    python benchmarks/render.py            # all measurements, every profile

Runs on SDL's dummy video driver, so it measures the app's own drawing (what
a Pi pushes to its panel comes on top of this).  Targets from the issue:
full frame <= 5 ms at 320x240 and <= 10 ms at 480x320, idle CPU <= 2 %,
first frame <= 1.5 s after launch, resident memory <= 100 MB.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from device.app import App  # noqa: E402
from device.devices import Devices  # noqa: E402
from device.hardware.buttons import Button  # noqa: E402
from device.hardware.profiles import PROFILES, ProfileName  # noqa: E402
from device.play.game import Game, GameSetup, Mode  # noqa: E402
from device.play.opponent import InstantThinker  # noqa: E402
from device.screens.game_screen import GameScreen, start_game  # noqa: E402
from drivers.display import HeadlessDisplay  # noqa: E402
from drivers.framebuffer import (  # noqa: E402
    FramebufferDisplay,
    FramebufferGeometry,
    PixelFormat,
    prepare_framebuffer_file,
)
from drivers.keyboard import KeyboardInput, keymap_for  # noqa: E402
from engine.playout import random_move  # noqa: E402
from engine.record import GameRecord  # noqa: E402

BUSY_SEED = 41
"""After 120 random plies from this seed: four colonies, connections open."""
FRAMES = 300
IDLE_SECONDS = 5.0


def _app(profile: str, folder: Path) -> App:
    spec = PROFILES[profile]
    return App(
        Devices(spec, HeadlessDisplay(spec.size), folder),
        thinker=InstantThinker(1),
        hint_thinker=InstantThinker(2),
        seed=1,
    )


def played_game(seed: int, plies: int) -> Game:
    game = Game(GameRecord.from_seed(seed), GameSetup())
    rng = random.Random(seed)
    while not game.is_over() and game.ply < plies:
        game.play(random_move(game.position, rng))
    return game


def frame_times(profile: str) -> list[float]:
    """Milliseconds per full redraw of a busy game screen."""
    with tempfile.TemporaryDirectory() as folder:
        app = _app(profile, Path(folder))
        start_game(app, played_game(BUSY_SEED, plies=120))
        app.settings.think_ms = 0
        times = []
        for _ in range(FRAMES):
            app.dirty = True
            started = time.perf_counter()
            app.draw()
            times.append((time.perf_counter() - started) * 1000)
        return times


SETTLE_MS = 1000
"""Long enough for a move's animation to end."""
TAP_MS = 40
"""A short press, well before the button repeats."""


def panel_bytes(profile: str) -> tuple[int, int, int]:
    """(cursor step, move, whole screen): bytes written into an RGB565 framebuffer.

    A cursor step is one press of the profile's cursor button on a busy board;
    a move is one legal move played, with every frame of its animation.
    """
    spec = PROFILES[profile]
    geometry = FramebufferGeometry.for_format(PixelFormat.RGB565, *spec.size)
    with tempfile.TemporaryDirectory() as folder:
        device = Path(folder) / "fb0"
        prepare_framebuffer_file(device, geometry)
        display = FramebufferDisplay(spec.size, device, 0, geometry)
        clock = [0]
        devices = Devices(spec, display, Path(folder), clock=lambda: clock[0])
        app = App(devices, thinker=InstantThinker(1), hint_thinker=InstantThinker(2), seed=1)
        start_game(app, played_game(BUSY_SEED, plies=120))

        def settle(millis: int = SETTLE_MS) -> None:
            end = clock[0] + millis
            while clock[0] < end:
                app.update(clock[0])
                app.draw()
                clock[0] += 10

        def tap(button: str) -> None:
            app.press(button, clock[0])
            settle(TAP_MS)
            app.release(button, clock[0])
            settle()

        settle()
        screen = app.screens[-1]
        assert isinstance(screen, GameScreen) and screen.selection is not None
        if len(screen.selection.choices) < 2:  # one piece can move: take it, step among targets
            tap(spec.pressing(Button.A))
        before = display.bytes_written
        tap(spec.pressing(Button.RIGHT, Button.NEXT))  # one cursor step
        cursor = display.bytes_written - before
        tap(spec.pressing(Button.B))
        before = display.bytes_written
        screen.match.play(random_move(screen.game.position, random.Random(BUSY_SEED)))
        settle()
        move = display.bytes_written - before
        display.close()
        return cursor, move, geometry.length


def idle_cpu(profile: str) -> float:
    """Percent of one core the loop uses while the game screen waits for a button."""
    with tempfile.TemporaryDirectory() as folder:
        app = _app(profile, Path(folder))
        start_game(app, played_game(BUSY_SEED, plies=120))
        app.step(0)
        cpu, wall = time.process_time(), time.perf_counter()
        end = wall + IDLE_SECONDS
        while time.perf_counter() < end:
            app.step()
        return 100 * (time.process_time() - cpu) / (time.perf_counter() - wall)


def first_frame_then_a_game(profile: ProfileName) -> None:
    """What a launch does, in a process of its own: print the time of the first
    frame, then play 80 plies against the computer (level 3), drawing every
    frame, and print the peak resident memory in KiB, to see where it settles."""
    pygame.display.init()
    pygame.font.init()
    spec = PROFILES[profile]
    keys = KeyboardInput(keymap_for(spec.pygame_keys))
    devices = Devices(spec, HeadlessDisplay(spec.size), Path(tempfile.mkdtemp()), inputs=(keys,))
    app = App(devices)
    app.draw()
    print(time.time(), flush=True)
    app.settings.think_ms = 0
    start_game(app, Game.new(5, GameSetup(Mode.VERSUS_AI, 3), ("You", "Computer"), "2026.11.30"))
    rng = random.Random(5)
    while isinstance(screen := app.screens[-1], GameScreen) and screen.game.ply < 80:
        if screen.game.human_to_move() and screen.animation is None:
            screen.match.play(random_move(screen.game.position, rng))
        app.step(20)
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True)


def launch(profile: str) -> tuple[float, float]:
    """(seconds from process start to the first frame, peak resident MB)."""
    started = time.time()
    output = subprocess.run(
        [sys.executable, __file__, "--launch", profile], capture_output=True, text=True, check=True
    ).stdout.split()
    return float(output[0]) - started, int(output[1]) / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--launch", choices=list(ProfileName), help="(internal) one launch, timed by the caller"
    )
    args = parser.parse_args()
    if args.launch:
        first_frame_then_a_game(ProfileName(args.launch))
        return 0
    pygame.display.init()
    pygame.font.init()
    print(
        f"{'profile':9} {'frame ms (median / p95 / max)':30} {'idle CPU':9} "
        f"{'first frame':12} {'memory':8}"
    )
    for profile in ProfileName:
        times = sorted(frame_times(profile))
        p95 = times[int(len(times) * 0.95)]
        cpu = idle_cpu(profile)
        first, memory = launch(profile)
        frames = f"{statistics.median(times):.2f} / {p95:.2f} / {times[-1]:.2f}"
        print(f"{profile:9} {frames:30} {cpu:7.2f} % {first:9.2f} s {memory:6.1f} MB")
    print(f"(this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.1f} MB)")
    print()
    print("framebuffer backend, RGB565: bytes written to the panel")
    print(f"{'profile':9} {'cursor step':>12} {'move':>10} {'whole screen':>13}")
    for profile in ProfileName:
        cursor, move, whole = panel_bytes(profile)
        print(f"{profile:9} {cursor:12,} {move:10,} {whole:13,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
