"""How long the review of a 100-ply game takes, and the memory it needs.

    python benchmarks/review_speed.py [--games N] [--plies 100] [--workers 1]

Plays Club (level 3) against itself from seed 1 on, keeps the first N games
that last ``--plies`` moves and their first ``--plies`` moves, then
reviews each record as the device does (``engine.ai.reviewer``: a thread in
this process with ``--workers 1``, else that many worker processes), timing
each review by the wall clock and by the CPU time of this process (on a busy
machine the second is the fairer measure of one core's work; with worker
processes only the wall clock counts).  Prints the review's budget, each
game's time, the mean, and what that is on a Raspberry Pi Zero 2 W: one
core's time times the calibration's bracket of how much slower a Zero 2 W's
core runs the same pure-Python work (``ZERO2W_VS_HOST``, deploy/vm/calibration.py,
from a public benchmark's Cortex-A53 results), divided among the two processes a
Zero 2 W searches with.  Also prints the pure-Python calibration's own seconds here
(``deploy/vm/sample.py bench``), to set against a virtual Zero 2 W's
``vm_speed``, the largest memory one position's assessment allocates
(tracemalloc, the middle of the first game again, untimed: a review holds
one search at a time, and what it keeps of each position is a few numbers)
and this process's peak resident memory.
"""

from __future__ import annotations

import resource
import statistics
import time
import tracemalloc

from deploy.vm.calibration import ZERO2W_VS_HOST
from deploy.vm.sample import bench
from engine import is_compiled
from engine.ai.levels import choose_move
from engine.ai.parallel import SMALL_MEMORY_WORKERS
from engine.ai.review import REVIEW_NODES, Review, assess_ply
from engine.ai.reviewer import Reviewer
from engine.arguments import OneLineParser, whole_number_in
from engine.pieces import NOBODY
from engine.record import GameRecord

CLUB = 3


def club_game(seed: int, plies: int) -> GameRecord | None:
    """Club against itself from ``seed``, its first ``plies`` moves (None when the
    game ends before)."""
    record = GameRecord.from_seed(seed)
    position = record.final_position()
    while len(record.moves) < plies:
        if position.is_over():
            return None
        move = choose_move(position, CLUB, seed + len(record.moves)).move
        position.make(move)
        record.moves.append(move)
    return record


def club_games(count: int, plies: int) -> dict[int, GameRecord]:
    """The first ``count`` seeds' Club games that last ``plies`` moves, by seed."""
    games: dict[int, GameRecord] = {}
    seed = 0
    while len(games) < count:
        seed += 1
        record = club_game(seed, plies)
        if record is not None:
            games[seed] = record
    return games


def timed_review(record: GameRecord, workers: int) -> tuple[Review, float, float]:
    """The review, its wall-clock seconds and this process's CPU seconds."""
    reviewer = Reviewer(workers)
    started, cpu = time.perf_counter(), time.process_time()
    reviewer.start(record, NOBODY)
    while (review := reviewer.result()) is None:
        progress = reviewer.poll()
        if progress is not None and progress.failure:
            raise SystemExit(f"the review failed: {progress.failure}")
        time.sleep(0.01)
    return review, time.perf_counter() - started, time.process_time() - cpu


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=3, **whole_number_in(1, 100, "games reviewed"))
    parser.add_argument("--plies", default=100, **whole_number_in(1, 400, "moves a game"))
    parser.add_argument("--workers", default=1, **whole_number_in(1, 16, "search processes"))
    options = parser.parse_args()
    engine = "compiled" if is_compiled() else "pure Python"
    print(f"engine {engine}; {REVIEW_NODES:,} nodes a position; {options.workers} worker(s)")
    records = club_games(options.games, options.plies)
    walls, cpus = [], []
    for seed, record in records.items():
        review, wall, cpu = timed_review(record, options.workers)
        walls.append(wall)
        cpus.append(cpu)
        losses = len(review.biggest_losses())
        print(f"seed {seed}: {wall:.1f} s ({cpu:.1f} s CPU), {losses} big losses")
    one_core = statistics.fmean(cpus if options.workers == 1 else walls)
    print(f"a {options.plies}-ply game: {statistics.fmean(walls):.1f} s, {one_core:.1f} s CPU")
    if options.workers == 1:
        low, high = (one_core * factor for factor in ZERO2W_VS_HOST)
        shared = SMALL_MEMORY_WORKERS
        print(
            f"on a Zero 2 W: {low:.0f}-{high:.0f} s on one core, "
            f"{low / shared:.0f}-{high / shared:.0f} s in its {shared} search processes"
        )
    first_seed, first = next(iter(records.items()))
    middle = len(first.moves) // 2
    tracemalloc.start()
    assess_ply(first, middle)
    largest = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    print(f"largest allocation assessing position {middle} of seed {first_seed}: {largest:.1f} MB")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory of this process: {peak:.1f} MB")
    calibration = min(bench() for _ in range(3))
    print(f"the pure-Python calibration (deploy/vm/sample.py bench) here: {calibration:.3f} s")


if __name__ == "__main__":
    main()
