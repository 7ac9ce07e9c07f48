"""The blockade probe: a player who keeps one satellite on each of the four edges.

Under the seed rules connections need a free edge (RULES.md 3), and an
unconnected satellite on each edge keeps every edge occupied for as long as
its player likes; the standard game's stall ruling (RULES.md 6.5) opens them
after 20 such plies.  The probe walks its satellites, one per edge it does not yet
hold, onto the edges by the shortest way, then shuffles without ever leaving
an edge empty of its own satellites.  It measures the rules, not the AI: under
a variant that breaks the blockade, holding the edges stops paying.
"""

import random
from typing import Final

from engine.geometry import SIZE, Cell, file_of, rank_of
from engine.moves import Move
from engine.pieces import Colour
from engine.position import Position

HELD_WEIGHT: Final = 1000
"""An edge held outweighs any number of steps still to walk."""
LAST: Final = SIZE - 1


def blockade_move(position: Position, rng: random.Random) -> Move:
    """The probe's move (the position must not be over): the one that leaves the
    most edges held and the fewest steps still to walk, at random among equals."""
    colour = position.side
    moves = position.legal_moves()
    rng.shuffle(moves)
    best = moves[0]
    best_value = -1
    for move in moves:
        position.make(move)
        value = _value(position, colour)
        position.unmake()
        if value > best_value:
            best, best_value = move, value
    return best


def _value(position: Position, colour: Colour) -> int:
    held = position.edges_held(colour)
    return HELD_WEIGHT * held.bit_count() - _steps_to(position, colour, held)


def _steps_to(position: Position, colour: Colour, held: int) -> int:
    """Steps the nearest free satellites (not on an edge) still need to stand on
    each edge not held (a rough count: straight towards the edge's line)."""
    walkers = [
        cell
        for cell in position.cells_of[colour]
        if not position.is_connected(cell) and not position.edge_indexes[cell]
    ]
    total = 0
    for edge in range(4):
        if held & (1 << edge):
            continue
        total += min((_distance(cell, edge) for cell in walkers), default=SIZE)
    return total


def _distance(cell: Cell, edge: int) -> int:
    """Steps from ``cell`` to the line of ``edge`` (0 North, 1 South, 2 West, 3 East)."""
    f, r = file_of(cell), rank_of(cell)
    across = (LAST - r, r, f, LAST - f)[edge]
    along = f if edge < 2 else r
    off_the_corner = 1 if along in (0, LAST) else 0
    return across + off_the_corner
