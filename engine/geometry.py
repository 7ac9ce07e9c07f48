"""The 10 x 10 board as precomputed tables.

Cells are integers 0..99: ``cell = rank_index * 10 + file_index``, so ``a1`` is 0,
``j1`` is 9 and ``j10`` is 99.  Every neighbourhood and every ray the move
generator walks is computed once here, so the hot loops only index tuples.
"""

from typing import Final, TypeAlias

Cell: TypeAlias = int
"""A cell index 0..99 (``NO_CELL`` for none)."""

SIZE: Final = 10
CELLS: Final = SIZE * SIZE
NO_CELL: Final[Cell] = -1

FILES: Final = "abcdefghij"

# Edge bits.  The corners belong to no edge (RULES.md 1); ``SIDES_OF`` gives the
# board sides a cell lies on, corners included (for the corner-edges variant).
NORTH_EDGE: Final = 1
SOUTH_EDGE: Final = 2
WEST_EDGE: Final = 4
EAST_EDGE: Final = 8
EDGE_BITS: Final = (NORTH_EDGE, SOUTH_EDGE, WEST_EDGE, EAST_EDGE)
EDGE_NAMES: Final = ("North", "South", "West", "East")

# The eight directions as (file step, rank step): N, NE, E, SE, S, SW, W, NW.
DIRECTIONS: Final = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
DIRECTION_NAMES: Final = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
ORTHOGONAL_STEPS: Final = ((0, 1), (1, 0), (0, -1), (-1, 0))

MAX_VALUE: Final = 4
MAX_DISPLACEMENT: Final = 2


def cell_at(file_index: int, rank_index: int) -> Cell:
    return rank_index * SIZE + file_index


def file_of(cell: Cell) -> int:
    return cell % SIZE


def rank_of(cell: Cell) -> int:
    return cell // SIZE


def on_board(file_index: int, rank_index: int) -> bool:
    return 0 <= file_index < SIZE and 0 <= rank_index < SIZE


def _step(cell: Cell, step: tuple[int, int], distance: int) -> Cell:
    """The cell ``distance`` steps away, or NO_CELL when it falls off the board."""
    f = file_of(cell) + step[0] * distance
    r = rank_of(cell) + step[1] * distance
    return cell_at(f, r) if on_board(f, r) else NO_CELL


def _neighbours(cell: Cell, steps: tuple[tuple[int, int], ...]) -> tuple[Cell, ...]:
    return tuple(n for n in (_step(cell, s, 1) for s in steps) if n != NO_CELL)


def _ring(cell: Cell, distance: int) -> tuple[Cell, ...]:
    """Cells exactly ``distance`` away along the eight directions."""
    return tuple(n for n in (_step(cell, s, distance) for s in DIRECTIONS) if n != NO_CELL)


def _side_bits(cell: Cell) -> int:
    """The board sides ``cell`` lies on: two for a corner, one for an edge cell."""
    bits = 0
    if rank_of(cell) == SIZE - 1:
        bits |= NORTH_EDGE
    if rank_of(cell) == 0:
        bits |= SOUTH_EDGE
    if file_of(cell) == 0:
        bits |= WEST_EDGE
    if file_of(cell) == SIZE - 1:
        bits |= EAST_EDGE
    return bits


ORTHOGONAL: Final[tuple[tuple[Cell, ...], ...]] = tuple(
    _neighbours(c, ORTHOGONAL_STEPS) for c in range(CELLS)
)
"""Orthogonal neighbours (N, E, S, W order, off-board ones left out)."""

ADJACENT: Final[tuple[tuple[Cell, ...], ...]] = tuple(
    _neighbours(c, DIRECTIONS) for c in range(CELLS)
)
"""All eight neighbours, orthogonal and diagonal."""

RING: Final[tuple[tuple[tuple[Cell, ...], ...], ...]] = tuple(
    tuple(_ring(c, d) for d in range(MAX_VALUE + 1)) for c in range(CELLS)
)
"""``RING[cell][d]``: the on-board cells exactly ``d`` straight steps away (d = 1..4)."""

WITHIN: Final[tuple[tuple[tuple[Cell, ...], ...], ...]] = tuple(
    tuple(tuple(n for k in range(1, d) for n in RING[c][k]) for d in range(MAX_VALUE + 1))
    for c in range(CELLS)
)
"""``WITHIN[cell][v]``: cells 1..v-1 straight steps away (the normal-only distances)."""

DISPLACEMENT_TARGETS: Final[tuple[tuple[Cell, ...], ...]] = tuple(
    RING[c][1] + RING[c][2] for c in range(CELLS)
)
"""Where a displaced satellite may land: 1 or 2 straight steps away."""

SIDES_OF: Final[tuple[int, ...]] = tuple(_side_bits(c) for c in range(CELLS))
"""Side bits of each cell: two for a corner, one for an edge cell, 0 for inner cells."""

EDGES_OF: Final[tuple[int, ...]] = tuple(0 if bits.bit_count() > 1 else bits for bits in SIDES_OF)
"""Edge bits of each cell: the edge it belongs to, 0 for inner cells and corners."""

DIRECTION_BETWEEN: Final[dict[tuple[Cell, Cell], tuple[int, int]]] = {
    (c, n): (i, d)
    for c in range(CELLS)
    for i, s in enumerate(DIRECTIONS)
    for d in range(1, SIZE)
    if (n := _step(c, s, d)) != NO_CELL
}
"""``(from, to) -> (direction index, distance)`` for cells on one straight line."""


def cell_name(cell: Cell) -> str:
    return f"{FILES[file_of(cell)]}{rank_of(cell) + 1}"
