"""What worker processes buy: one search against root-parallel search.

    python benchmarks/parallel_speed.py [--workers 2] [--depth 3] [--positions 6]

For middle-game positions (seeds 1..N after 30 plies of level 3 self-play),
each search runs to a fixed depth, once in this process and once dealt among
the workers, and the report gives the wall time of each and the speedup
(time to depth).  The worker pool is started before the clock runs.  On a busy
machine the speedup is capped by the cores other programs leave free.
"""

import statistics
import time

from engine import is_compiled
from engine.ai.levels import choose_move
from engine.ai.parallel import ParallelSearch
from engine.ai.search import Limits, Search
from engine.arguments import MAX_WORKERS, OneLineParser, whole_number_in
from engine.position import Position
from engine.start import starting_position


def middle_game(seed: int, plies: int = 30) -> Position:
    position = starting_position(seed)
    for ply in range(plies):
        if position.is_over():
            break
        position.make(choose_move(position, 3, seed + ply).move)
    return position


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default=2, **whole_number_in(1, MAX_WORKERS, ""))
    parser.add_argument("--depth", default=3, **whole_number_in(1, 5, "search depth"))
    parser.add_argument("--positions", default=6, **whole_number_in(1, 1_000, ""))
    options = parser.parse_args()
    limits = Limits(max_depth=options.depth, contempt=300)
    ParallelSearch(starting_position(1), Limits(nodes=100), 0, options.workers).run()  # warm up
    print(f"engine compiled: {is_compiled()}; depth {options.depth}, {options.workers} workers")
    speedups = []
    for seed in range(1, options.positions + 1):
        position = middle_game(seed)
        if position.is_over():
            continue
        started = time.perf_counter()
        alone = Search(position, limits, seed).run()
        alone_time = time.perf_counter() - started
        started = time.perf_counter()
        split = ParallelSearch(position, limits, seed, options.workers).run()
        split_time = time.perf_counter() - started
        speedups.append(alone_time / split_time)
        print(
            f"seed {seed}: one process {alone_time:.2f} s ({alone.nodes} nodes), "
            f"{options.workers} workers {split_time:.2f} s ({split.nodes} nodes), "
            f"speedup {alone_time / split_time:.2f}",
            flush=True,
        )
    print(f"mean speedup {statistics.fmean(speedups):.2f} (time to depth {options.depth})")


if __name__ == "__main__":
    main()
