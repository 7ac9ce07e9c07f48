"""Do games loop?  The longest cycle of repeated positions in self-play games.

    python benchmarks/cycles.py [--games N] [--agent level5] [--workers W]
    python benchmarks/cycles.py --results lab-results.jsonl [--players level5,level5]

A cycle is a position that comes back: its length is the number of plies
between two visits.  The report gives, over all games, how many positions
were visits to an earlier one, the longest cycle, the most visits of one
position, and how each game ended.  With ``--results`` it reads the
standard-rules games of a balance-lab results file instead of playing.
"""

import argparse
from collections import Counter
from pathlib import Path

from engine.ai.agents import parse_agent
from engine.ai.arena import run_arena
from engine.ai.lab import read_results, seed_and_moves
from engine.position import VARIANT_END_REASON_NAMES
from engine.start import starting_position


def replay_keys(seed: int, moves: list[int]) -> tuple[list[int], int]:
    """The key of every position of a game, and how it ended."""
    position = starting_position(seed)
    for move in moves:
        position.make(move)
    return [*position.history, position.key()], position.end_reason()


def cycle_lengths(keys: list[int]) -> list[int]:
    """Plies between each position and its previous visit, for every repeat."""
    last_seen: dict[int, int] = {}
    lengths = []
    for ply, key in enumerate(keys):
        if key in last_seen:
            lengths.append(ply - last_seen[key])
        last_seen[key] = ply
    return lengths


def report(games: list[tuple[list[int], int]]) -> list[str]:
    repeats = [cycle_lengths(keys) for keys, _ in games]
    visits = [max(Counter(keys).values()) for keys, _ in games]
    longest = max((max(lengths) for lengths in repeats if lengths), default=0)
    reasons = Counter(reason for _, reason in games)
    return [
        f"{len(games)} games, {sum(len(keys) - 1 for keys, _ in games)} plies",
        f"games with a repeated position: {sum(1 for lengths in repeats if lengths)}",
        f"repeated positions: {sum(len(lengths) for lengths in repeats)}",
        f"longest cycle: {longest} plies; most visits of one position: {max(visits)}",
        "ended by: "
        + ", ".join(f"{VARIANT_END_REASON_NAMES[k]} {n}" for k, n in sorted(reasons.items())),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games (each seed twice)")
    parser.add_argument("--agent", default="level5", help="the agent playing both sides")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--results", type=Path, help="a balance-lab results file to read")
    parser.add_argument("--players", default="level5,level5", help="the lab pairing to read")
    options = parser.parse_args()
    if options.results:
        try:
            stored = read_results(options.results)
        except (OSError, ValueError) as error:
            parser.error(f"cannot read {options.results}: {error}")
        games = [
            replay_keys(*seed_and_moves(g))
            for g in stored
            if g.get("variant") == "standard" and g.get("players") == options.players
        ]
        if not games:
            parser.error(f"{options.results} holds no standard games of {options.players}")
    else:
        agent = parse_agent(options.agent)
        results = run_arena(agent, agent, options.games // 2, options.seed, options.workers)
        games = [replay_keys(r.seed, list(r.moves)) for r in results]
    for line in report(games):
        print(line)


if __name__ == "__main__":
    main()
