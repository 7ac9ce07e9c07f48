"""The fortress probe: a player who parks two satellites on opposite corners.

Under the ``corner-edges`` variant (RULES.md before the corner ruling of
2026-12-03) a corner lies on two edges, so satellites on a1 and j10 (or j1 and
a10) occupy all four edges for good: no edge is ever free again and nothing
can connect.  The probe walks its two nearest satellites onto the pair of
corners it reaches soonest, then shuffles its other satellites.  It measures
the rules, not the AI: under the standard rules, where corners belong to no
edge, the fortress holds nothing.
"""

import random
from typing import Final

from engine.geometry import Cell, cell_at, file_of, rank_of
from engine.moves import Move, origin_of, target_of
from engine.pieces import Colour, colour_of
from engine.position import Position

LAST: Final = 9
CORNER_PAIRS: Final = (
    (cell_at(0, 0), cell_at(LAST, LAST)),
    (cell_at(LAST, 0), cell_at(0, LAST)),
)


def distance(a: Cell, b: Cell) -> int:
    """King steps between two cells."""
    return max(abs(file_of(a) - file_of(b)), abs(rank_of(a) - rank_of(b)))


def fortress_move(position: Position, rng: random.Random) -> Move:
    """The probe's move (the position must not be over)."""
    moves = position.legal_moves()
    colour = position.side
    corners = min(CORNER_PAIRS, key=lambda pair: _gap(position, colour, pair))
    held = [c for c in corners if _holds(position, colour, c)]
    if len(held) == len(corners):
        keeping = [m for m in moves if origin_of(m) not in corners]
        return rng.choice(keeping or moves)
    best = min(moves, key=lambda m: _gap_after(position, colour, corners, m))
    return best


def _holds(position: Position, colour: Colour, cell: Cell) -> bool:
    code = position.board[cell]
    return code != 0 and colour_of(code) == colour


def _gap(position: Position, colour: Colour, corners: tuple[Cell, Cell]) -> int:
    """Steps the nearest free satellites still need to stand on ``corners``."""
    walkers = [
        cell
        for cell in position.cells_of[colour]
        if cell not in corners and not position.is_connected(cell)
    ]
    total = 0
    for corner in corners:
        if _holds(position, colour, corner):
            continue
        total += min((distance(cell, corner) for cell in walkers), default=99)
    return total


def _gap_after(position: Position, colour: Colour, corners: tuple[Cell, Cell], move: Move) -> int:
    position.make(move)
    gap = _gap(position, colour, corners)
    position.unmake()
    stepped_off = origin_of(move) in corners
    return gap + (100 if stepped_off else 0) - (1 if target_of(move) in corners else 0)
