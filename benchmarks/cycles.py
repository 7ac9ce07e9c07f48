"""Do games loop?  Self-play games, and the longest cycle of repeated positions.

    python benchmarks/cycles.py [--games N] [--agent level5] [--workers W]

A cycle is a position that comes back: its length is the number of plies
between two visits.  The report gives, over all games, how many positions
were visits to an earlier one, the longest cycle, the most visits of one
position, and how each game ended.
"""

import argparse
from collections import Counter

from engine.ai.agents import parse_agent
from engine.ai.arena import GameResult, run_arena
from engine.position import END_REASON_NAMES


def cycle_lengths(keys: tuple[int, ...]) -> list[int]:
    """Plies between each position and its previous visit, for every repeat."""
    last_seen: dict[int, int] = {}
    lengths = []
    for ply, key in enumerate(keys):
        if key in last_seen:
            lengths.append(ply - last_seen[key])
        last_seen[key] = ply
    return lengths


def report(results: list[GameResult]) -> list[str]:
    repeats = [cycle_lengths(r.keys) for r in results]
    visits = [max(Counter(r.keys).values()) for r in results]
    longest = max((max(lengths) for lengths in repeats if lengths), default=0)
    reasons = Counter(r.end_reason for r in results)
    return [
        f"{len(results)} games, {sum(len(r.keys) - 1 for r in results)} plies",
        f"games with a repeated position: {sum(1 for lengths in repeats if lengths)}",
        f"repeated positions: {sum(len(lengths) for lengths in repeats)}",
        f"longest cycle: {longest} plies; most visits of one position: {max(visits)}",
        "ended by: " + ", ".join(f"{END_REASON_NAMES[k]} {n}" for k, n in sorted(reasons.items())),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games (each seed twice)")
    parser.add_argument("--agent", default="level5", help="the agent playing both sides")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    options = parser.parse_args()
    agent = parse_agent(options.agent)
    results = run_arena(agent, agent, options.games // 2, options.seed, options.workers)
    for line in report(results):
        print(line)


if __name__ == "__main__":
    main()
