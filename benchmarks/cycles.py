"""Do games loop?  The longest cycle of repeated positions in self-play games.

    python benchmarks/cycles.py [--games N] [--agent level5] [--workers W]
    python benchmarks/cycles.py --results lab-results.jsonl [--players level5,level5]

A cycle is a position that comes back: its length is the number of plies
between two visits.  The report gives, over all games, how many positions
were visits to an earlier one, the longest cycle, the most visits of one
position, the games that end in a shuffle (a short loop filling their last
plies, with the loop's length) and how each game ended.  With ``--results``
it reads the standard-rules games of a balance-lab results file instead of
playing.
"""

from collections import Counter
from pathlib import Path

from engine.arguments import MAX_GAMES, MAX_SEED, MAX_WORKERS, OneLineParser, whole_number_in
from engine.lab.agents import parse_agent
from engine.lab.arena import run_arena
from engine.lab.balance import read_results, seed_and_moves
from engine.position import VARIANT_END_REASON_NAMES
from engine.start import starting_position

SHUFFLE_PLIES = 100
"""The stretch at a game's end where a shuffle is looked for (the quiet limit)."""
SHUFFLE_DISTINCT = 20
"""At most this many distinct positions in that stretch make it a shuffle."""

Game = tuple[int, list[int], int]
"""A game's seed, the key of every position it went through, and its end reason."""


def replay_keys(seed: int, moves: list[int]) -> Game:
    """The key of every position of a game, and how it ended."""
    position = starting_position(seed)
    for move in moves:
        position.make(move)
    return seed, [*position.history, position.key()], position.end_reason()


def ends_in_shuffle(keys: list[int]) -> bool:
    """Whether the game's last plies keep coming back to a handful of positions."""
    return len(keys) > SHUFFLE_PLIES and len(set(keys[-SHUFFLE_PLIES:])) <= SHUFFLE_DISTINCT


def cycle_lengths(keys: list[int]) -> list[int]:
    """Plies between each position and its previous visit, for every repeat."""
    last_seen: dict[int, int] = {}
    lengths = []
    for ply, key in enumerate(keys):
        if key in last_seen:
            lengths.append(ply - last_seen[key])
        last_seen[key] = ply
    return lengths


def shuffle_loop(keys: list[int]) -> int:
    """The commonest cycle length in a shuffle: the loop both sides keep playing."""
    return Counter(cycle_lengths(keys[-SHUFFLE_PLIES:])).most_common(1)[0][0]


def report(games: list[Game]) -> list[str]:
    repeats = [cycle_lengths(keys) for _, keys, _ in games]
    visits = [max(Counter(keys).values()) for _, keys, _ in games]
    longest = max((max(lengths) for lengths in repeats if lengths), default=0)
    reasons = Counter(reason for _, _, reason in games)
    shuffles = [
        f"{seed} ({shuffle_loop(keys)}-ply loop, {VARIANT_END_REASON_NAMES[reason]})"
        for seed, keys, reason in games
        if ends_in_shuffle(keys)
    ]
    return [
        f"{len(games)} games, {sum(len(keys) - 1 for _, keys, _ in games)} plies",
        f"games with a repeated position: {sum(1 for lengths in repeats if lengths)}",
        f"repeated positions: {sum(len(lengths) for lengths in repeats)}",
        f"longest cycle: {longest} plies; most visits of one position: {max(visits)}",
        f"ending in a shuffle (at most {SHUFFLE_DISTINCT} positions in the last "
        f"{SHUFFLE_PLIES} plies): {len(shuffles)}",
        *(f"  seed {shuffle}" for shuffle in shuffles),
        "ended by: "
        + ", ".join(f"{VARIANT_END_REASON_NAMES[k]} {n}" for k, n in sorted(reasons.items())),
    ]


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", default=100, **whole_number_in(1, MAX_GAMES, "games (each seed twice)")
    )
    parser.add_argument("--agent", default="level5", help="the agent playing both sides")
    parser.add_argument("--seed", default=1, **whole_number_in(0, MAX_SEED, ""))
    parser.add_argument("--workers", default=1, **whole_number_in(1, MAX_WORKERS, ""))
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
