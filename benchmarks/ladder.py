"""Run the arena pairings behind the AI's strength table, one after another.

    python benchmarks/ladder.py [--games N] [--workers W] [PAIRING ...]

A PAIRING is ``A,B`` in the arena's agent specs (default: each level against
the one below, then the strongest level against vanilla UCT at equal time and
against random).  Each pairing's report is printed as soon as it finishes.
"""

import time

from engine.arguments import MAX_GAMES, MAX_SEED, MAX_WORKERS, OneLineParser, whole_number_in
from engine.lab.agents import parse_agent
from engine.lab.arena import run_arena, summarize

DEFAULT_PAIRINGS = (
    "level2,level1",
    "level3,level2",
    "level4,level3",
    "level5,level4",
    "level5@0.25,uct@0.25",
    "level5,random",
)


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("pairings", nargs="*", default=list(DEFAULT_PAIRINGS))
    parser.add_argument("--games", default=100, **whole_number_in(1, MAX_GAMES, ""))
    parser.add_argument("--seed", default=1, **whole_number_in(0, MAX_SEED, ""))
    parser.add_argument("--workers", default=2, **whole_number_in(1, MAX_WORKERS, ""))
    options = parser.parse_args()
    for pairing in options.pairings:
        a_spec, b_spec = pairing.split(",")
        a, b = parse_agent(a_spec), parse_agent(b_spec)
        started = time.perf_counter()
        results = run_arena(a, b, options.games // 2, options.seed, options.workers)
        for line in summarize(a, b, results, options.seed):
            print(line)
        print(f"({time.perf_counter() - started:.0f} s wall clock)\n", flush=True)


if __name__ == "__main__":
    main()
