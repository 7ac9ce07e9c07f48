"""How fast each level answers: nodes a second and seconds a move, over real games.

    python benchmarks/ai_speed.py [--games N] [--levels 1,5] [--against greedy]
        [--rules standard] [--workers 2]

Each chosen level plays Red against an arena agent (the greedy baseline by
default; ``--against level5`` for the positions a strong opponent makes) from
seeds 1..N, and every move it makes is timed, by the wall clock and by the
process's CPU time (on a busy machine the second is the fairer measure).
With ``--workers W`` each move is searched as a handheld with spare cores
searches it (``engine.ai.parallel``: the root moves dealt into W shares, each
with its part of the budget), the shares one after the other in this process,
and the move's time is its longest share's: the wait when each worker has a
core of its own (a Zero 2 W's four cores hold its two workers and the game).
Run it on the target machine (a handheld is several times slower than a
desktop) to check the level budgets; the report says whether the engine runs
compiled.  For a Raspberry Pi Zero 2 W the report multiplies the CPU times by
the calibration's bracket of how much longer its Cortex-A53 core takes over the
same pure-Python work (``ZERO2W_VS_HOST``, deploy/vm/calibration.py, from a
public benchmark's Cortex-A53 results against this development machine).
"""

import random
import statistics
import time
from dataclasses import dataclass

from deploy.vm.calibration import ZERO2W_VS_HOST
from engine import is_compiled
from engine.ai.levels import LEVELS
from engine.ai.parallel import deal, share_limits
from engine.ai.search import Limits, Search, SearchResult
from engine.arguments import (
    MAX_GAMES,
    MAX_WORKERS,
    OneLineParser,
    add_rules_option,
    whole_number_in,
)
from engine.lab.agents import AGENT_FORMS, parse_agent
from engine.moves import Move
from engine.pieces import RED
from engine.position import Position
from engine.rules import Rules, rules_named
from engine.start import starting_position


@dataclass(frozen=True)
class TimedMove:
    """A move searched in shares: the move, every share's nodes and seconds together,
    and the longest share's wall-clock and CPU seconds (the wait for the move)."""

    move: Move
    nodes: int
    busy_s: float
    wait_s: float
    wait_cpu_s: float


def search_in_shares(position: Position, limits: Limits, seed: int, workers: int) -> TimedMove:
    """The move the search in ``workers`` shares chooses, each share timed on its own."""
    shares = deal(position.legal_moves(), workers)
    share = share_limits(limits, len(shares))
    results: list[SearchResult] = []
    walls: list[float] = []
    cpus: list[float] = []
    for moves in shares:
        started = time.perf_counter()
        cpu_started = time.process_time()
        results.append(Search(position, share, seed, root_moves=moves).run())
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu_started)
    best = max(results, key=lambda result: result.value)
    nodes = sum(result.nodes for result in results)
    return TimedMove(best.move, nodes, sum(walls), max(walls), max(cpus))


def time_level(number: int, games: int, against: str, rules: Rules, workers: int) -> list[str]:
    """One report line: the level's moves, mean and longest time, nodes a second."""
    limits = LEVELS[number - 1].limits
    opponent = parse_agent(against)
    seconds: list[float] = []
    cpu: list[float] = []
    nodes = 0
    busy = 0.0
    for seed in range(1, games + 1):
        position = starting_position(seed, rules)
        rng = random.Random(seed)
        while not position.is_over():
            if position.side == RED:
                timed = search_in_shares(position, limits, seed, workers)
                seconds.append(timed.wait_s)
                cpu.append(timed.wait_cpu_s)
                nodes += timed.nodes
                busy += timed.busy_s
                move = timed.move
            else:
                move = opponent.choose(position, rng)
            position.make(move)
    ordered = sorted(seconds)
    cpu_ordered = sorted(cpu)
    low, high = ZERO2W_VS_HOST
    worst = cpu_ordered[-1]
    return [
        f"level {number} ({LEVELS[number - 1].name}, {limits.nodes} nodes, {workers} "
        f"share{'s' if workers > 1 else ''}) against {against}: "
        f"{len(seconds)} moves, wall clock mean {statistics.fmean(seconds):.3f} s, "
        f"90th percentile {ordered[int(0.9 * (len(ordered) - 1))]:.3f} s, longest "
        f"{ordered[-1]:.3f} s, {nodes / busy:,.0f} nodes/s",
        f"  CPU time (what an unloaded machine would take): mean {statistics.fmean(cpu):.3f} s, "
        f"90th percentile {cpu_ordered[int(0.9 * (len(cpu_ordered) - 1))]:.3f} s, "
        f"longest {worst:.3f} s; on a Zero 2 W ({low}-{high}x) longest "
        f"{worst * low:.2f}-{worst * high:.2f} s",
    ]


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=3, **whole_number_in(1, MAX_GAMES, ""))
    parser.add_argument("--levels", default="1,2,3,4,5")
    parser.add_argument("--against", default="greedy", help=f"Blue, an agent: {AGENT_FORMS}")
    add_rules_option(parser, "the rules the games are played under")
    parser.add_argument(
        "--workers", default=1, **whole_number_in(1, MAX_WORKERS, "shares of each search")
    )
    options = parser.parse_args()
    rules = rules_named(options.rules)
    parse_agent(options.against)  # a bad spec fails before any game
    print(f"engine compiled: {is_compiled()}; rules {rules.id}")
    for number in (int(text) for text in options.levels.split(",")):
        for line in time_level(number, options.games, options.against, rules, options.workers):
            print(line, flush=True)


if __name__ == "__main__":
    main()
