"""What the stall ruling did in recorded games: who connected when a stall opened
connections, and whether a player lost by holding edges it could not afford.

    python benchmarks/stall_openings.py RESULTS.jsonl [RESULTS.jsonl ...]

RESULTS are results files of the arena (``--results``) or the balance lab,
read from the first player's side (A, the first of the pair).  Every game is
replayed: each time a stall opens connections (RULES.md 6.5: every edge
occupied and nothing connected for 20 plies), the player to move then moves
first.  The report counts, for each side, the openings it moved first at and
the connections it made while a stall held connections open.  A game is
*lost by holding edges* when A lost it after A had a satellite on an edge
that no satellite of B occupied (A's own holding kept connections closed),
and B, on a stall's opening, made a connection that turned the position from
won for A into won for B as it stood; and lost by *a hold of its own making*
when, besides, the stall had begun with A's move onto the last free edge (A
chose to close the board, not B).  The games A lost by holding edges are
named by seed and A's colour, to be looked at move by move.  It also counts
the games the no-progress rule ended (RULES.md 6.4).
"""

from collections import Counter
from pathlib import Path

from engine.ai.evaluation import winner_now
from engine.arguments import OneLineParser
from engine.lab.balance import entry_rules, read_results, seed_and_moves
from engine.pieces import BLUE, COLOUR_NAMES, RED, Colour, other
from engine.position import ENDED_NO_PROGRESS, Position
from engine.start import starting_position


def holds_an_edge_alone(position: Position, colour: Colour) -> bool:
    """Some edge holds satellites of ``colour`` and none of the other colour."""
    return bool(position.edges_held(colour) & ~position.edges_held(other(colour)))


def study(entry: dict[str, object], counts: Counter[str]) -> str:
    """Replay one game and add what it shows to ``counts``; the game's name
    (its seed and A's colour) when A lost it by holding edges, else ''."""
    seed, moves = seed_and_moves(entry)
    position = starting_position(seed, entry_rules(entry))
    a = RED if entry["a_is_red"] else BLUE
    sides = {a: "A", other(a): "B"}
    turned_by_b = turned_after_own_close = False
    opening_seen = False
    closed_by = None
    for move in moves:
        by_stall = position.plies_until_stall_opens() == 0
        mover = position.side
        if by_stall and not opening_seen:
            counts[f"openings {sides[mover]} moved first at"] += 1
        opening_seen = by_stall
        before = position.connected_total()
        was_winning = winner_now(position)
        a_holds = holds_an_edge_alone(position, a)
        an_edge_was_free = bool(position.free_edges())
        position.make(move)
        if an_edge_was_free and not position.free_edges():
            closed_by = mover
        if by_stall and position.connected_total() > before:
            counts[f"connections {sides[mover]} made in an opened stall"] += 1
            if mover != a and was_winning == a and a_holds and winner_now(position) == mover:
                turned_by_b = True
                turned_after_own_close |= closed_by == a
    counts["games"] += 1
    if position.end_reason() == ENDED_NO_PROGRESS:
        counts["games ended by the no-progress rule"] += 1
    if entry["a_points"] == 0.0:
        counts["games A lost"] += 1
        if turned_by_b:
            counts["games A lost by holding edges"] += 1
            own = ""
            if turned_after_own_close:
                counts["games A lost by a hold of its own making"] += 1
                own = ", its own making"
            return f"seed {seed} (A {COLOUR_NAMES[a]}{own})"
    return ""


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+", type=Path, help="results files (JSON lines)")
    options = parser.parse_args()
    counts: Counter[str] = Counter()
    players = set()
    held_and_lost: list[str] = []
    for path in options.results:
        for entry in read_results(path):
            players.add(str(entry["players"]))
            if name := study(entry, counts):
                held_and_lost.append(name)
    print(f"players (A,B): {', '.join(sorted(players))}")
    for name in (
        "games",
        "games A lost",
        "games A lost by holding edges",
        "games A lost by a hold of its own making",
        "games ended by the no-progress rule",
        "openings A moved first at",
        "openings B moved first at",
        "connections A made in an opened stall",
        "connections B made in an opened stall",
    ):
        print(f"{name}: {counts[name]}")
    if held_and_lost:
        print(f"lost by holding edges: {'; '.join(held_and_lost)}")


if __name__ == "__main__":
    main()
