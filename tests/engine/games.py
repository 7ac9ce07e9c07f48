"""Random games for property tests: mostly random moves, with a taste for connecting."""

import random
from collections.abc import Iterator

from engine.moves import NORMAL, kind_of
from engine.position import Position
from engine.rules import STANDARD, Rules
from engine.start import starting_position


def lively_move(position: Position, rng: random.Random) -> int:
    """A random legal move, preferring connections and displacements 4 times in 5.

    Plain random play rarely frees an edge, so without the preference most games
    would never open connections and the interesting rules would go untested.
    """
    moves = position.legal_moves()
    lively = [m for m in moves if kind_of(m) != NORMAL]
    if lively and rng.random() < 0.8:
        return rng.choice(lively)
    return rng.choice(moves)


def positions_of_a_game(
    seed: int, max_plies: int = 1000, rules: Rules = STANDARD
) -> Iterator[Position]:
    """Each position of one lively game from the start of ``seed`` (the same object, moved on)."""
    rng = random.Random(seed)
    position = starting_position(seed, rules)
    yield position
    for _ in range(max_plies):
        if position.is_over():
            return
        position.make(lively_move(position, rng))
        yield position
