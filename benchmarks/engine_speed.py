"""Engine speed and memory, for the pure-Python and the mypyc-compiled build.

    .venv/bin/python benchmarks/engine_speed.py            # both builds
    .venv/bin/python benchmarks/engine_speed.py --this     # whichever engine imports

Prints perft leaf nodes per second on three fixed positions (bulk-counted at
the last ply, as python-chess and most perft tools count, and also with every
leaf made and unmade), random playouts per second, and the peak extra memory
that perft 3 allocates (tracemalloc).  One core; numbers, not pass/fail.
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import engine
from engine.notation import parse_position
from engine.perft import perft
from engine.playout import play_out
from engine.position import Position
from engine.start import starting_position

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = {
    "start": "..r3r4.r3.r3../....r1.r2.../.b2.......b3/.b1......b1./.b1.......b3/.b2.......b4/"
    "b4........b4/b3.......b2./..r2.r2r1.r1../...r4..r4... r 0 0",
    "middle": "........../r1.r4..r3r1.../......r4.b2./.b4.r3.....b3/........b4./.b1r4.....b2./"
    ".b3.....r2../b1...b2...../....r3b4..../b1.r2r2b3r1.... r 0 0",
    "late": "........../.b3.b4....../.r4..r2.b1.../..r2.b2.r3.../...b1..b1.../r4..r3....../"
    "...b2r4..r1b4./.r1.r1.b3..../.b4.b2....../....r2b3.r3.. r 0 0",
}
DEPTH = {"start": 3, "middle": 3, "late": 4}
PLAYOUT_SECONDS = 5.0


def measure_this_build() -> None:
    print(f"build: {'compiled (mypyc)' if engine.is_compiled() else 'pure Python'}")
    for name, text in POSITIONS.items():
        position = parse_position(text)
        depth = DEPTH[name]
        started = time.perf_counter()
        leaves = perft(position, depth)
        bulk = leaves / (time.perf_counter() - started)
        started = time.perf_counter()
        full = full_perft(position, depth)
        each = full / (time.perf_counter() - started)
        print(
            f"  perft {name:6} depth {depth}: {leaves:>9,} leaves, "
            f"{bulk:>12,.0f} leaves/s bulk-counted, {each:>10,.0f} leaves/s made and unmade"
        )
    rng = random.Random(1)
    games = plies = 0
    started = time.perf_counter()
    while time.perf_counter() - started < PLAYOUT_SECONDS:
        plies += play_out(starting_position(games), rng)
        games += 1
    elapsed = time.perf_counter() - started
    print(
        f"  random playouts from the start: {games / elapsed:,.0f}/s "
        f"({plies / elapsed:,.0f} plies/s)"
    )
    position = parse_position(POSITIONS["start"])
    tracemalloc.start()
    perft(position, 3)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"  peak extra memory during perft 3 from the start: {peak / 1024:,.1f} KiB")


def full_perft(position: Position, depth: int) -> int:
    """Perft that makes and unmakes every leaf move too (no bulk counting)."""
    if depth == 0:
        return 1
    nodes = 0
    for move in position.legal_moves():
        position.make(move)
        nodes += full_perft(position, depth - 1)
        position.unmake()
    return nodes


def run_compiled() -> None:
    scratch = Path(tempfile.mkdtemp())
    try:
        for item in ("engine", "benchmarks", "setup.py", "pyproject.toml", "README.md"):
            source = ROOT / item
            if source.is_dir():
                shutil.copytree(source, scratch / item)
            else:
                shutil.copy(source, scratch / item)
        env = dict(os.environ, SATELLITES_MYPYC="1", PYTHONPATH=str(scratch))
        subprocess.run(
            [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
            cwd=scratch,
            env=env,
            check=True,
            capture_output=True,
        )
        subprocess.run(
            [sys.executable, str(scratch / "benchmarks" / "engine_speed.py"), "--this"],
            cwd=scratch,
            env=env,
            check=True,
        )
    finally:
        shutil.rmtree(scratch)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--this", action="store_true", help="measure only the engine that imports here"
    )
    if parser.parse_args().this:
        measure_this_build()
    else:
        subprocess.run(
            [sys.executable, __file__, "--this"],
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
            check=True,
        )
        run_compiled()


if __name__ == "__main__":
    main()
