"""The seeded random setup of RULES.md section 2."""

import random

from engine.geometry import SIZE, cell_at
from engine.pieces import BLUE, COPIES_PER_VALUE, RED, VALUES, piece
from engine.position import Position
from engine.rules import STANDARD, Rules

CENTRAL = range(2, 8)
"""The six central files c..h (for Red) or ranks 3..8 (for Blue), as indexes."""


def _shuffled_values(rng: random.Random) -> list[int]:
    values = [v for v in VALUES for _ in range(COPIES_PER_VALUE)]
    rng.shuffle(values)
    return values


def _inward(value: int) -> int:
    """Values 1 and 2 stand one cell in from the edge; 3 and 4 on it."""
    return 1 if value <= 2 else 0


def starting_position(seed: int, rules: Rules = STANDARD) -> Position:
    """The start position the draw gives for ``seed``: Red North/South, Blue West/East."""
    rng = random.Random(seed)
    red = _shuffled_values(rng)
    blue = _shuffled_values(rng)
    position = Position(rules)
    for i, file_index in enumerate(CENTRAL):
        north, south = red[i], red[i + 6]
        position.place(cell_at(file_index, SIZE - 1 - _inward(north)), piece(RED, north))
        position.place(cell_at(file_index, _inward(south)), piece(RED, south))
    for i, rank_index in enumerate(CENTRAL):
        west, east = blue[i], blue[i + 6]
        position.place(cell_at(_inward(west), rank_index), piece(BLUE, west))
        position.place(cell_at(SIZE - 1 - _inward(east), rank_index), piece(BLUE, east))
    position.rebuild_groups()
    return position
