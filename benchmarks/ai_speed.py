"""How fast each level answers: nodes a second and seconds a move, over real games.

    python benchmarks/ai_speed.py [--games N] [--levels 1,5]

Each chosen level plays Red against the greedy baseline from seeds 1..N and
every move it makes is timed, by the wall clock and by the process's CPU
time (on a busy machine the second is the fairer measure).  Run it on the
target machine (a handheld is several times slower than a desktop) to check
the level budgets; the report says whether the engine runs compiled.
"""

import random
import statistics
import time

from engine import is_compiled
from engine.ai.levels import LEVELS
from engine.ai.search import Search
from engine.arguments import MAX_GAMES, OneLineParser, whole_number_in
from engine.pieces import RED
from engine.playout import greedy_move
from engine.start import starting_position


def time_level(number: int, games: int) -> list[str]:
    """One report line: the level's moves, mean and longest time, nodes a second."""
    limits = LEVELS[number - 1].limits
    seconds: list[float] = []
    cpu = 0.0
    nodes = 0
    for seed in range(1, games + 1):
        position = starting_position(seed)
        rng = random.Random(seed)
        while not position.is_over():
            if position.side == RED:
                started = time.perf_counter()
                cpu_started = time.process_time()
                result = Search(position, limits, seed).run()
                seconds.append(time.perf_counter() - started)
                cpu += time.process_time() - cpu_started
                nodes += result.nodes
                move = result.move
            else:
                move = greedy_move(position, rng)
            position.make(move)
    ordered = sorted(seconds)
    return [
        f"level {number} ({LEVELS[number - 1].name}, {limits.nodes} nodes): {len(seconds)} moves, "
        f"mean {statistics.fmean(seconds):.3f} s, 90th percentile "
        f"{ordered[int(0.9 * (len(ordered) - 1))]:.3f} s, longest {ordered[-1]:.3f} s, "
        f"{nodes / sum(seconds):,.0f} nodes/s; CPU time {cpu / len(seconds):.3f} s a move "
        "(what an unloaded machine would take)"
    ]


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=3, **whole_number_in(1, MAX_GAMES, ""))
    parser.add_argument("--levels", default="1,2,3,4,5")
    options = parser.parse_args()
    print(f"engine compiled: {is_compiled()}")
    for number in (int(text) for text in options.levels.split(",")):
        for line in time_level(number, options.games):
            print(line, flush=True)


if __name__ == "__main__":
    main()
