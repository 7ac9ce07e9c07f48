"""Moves as small integers.

A move packs ``from | to << 7 | land << 14 | kind << 21`` where ``land`` is the
displaced satellite's destination (displacements only).  The move generator
appends these ints to a caller-owned list, so generating moves creates no
objects beyond the ints themselves.
"""

from typing import Final, TypeAlias

from engine.geometry import Cell

Move: TypeAlias = int
"""A move packed as above; ``PASS`` for a pass."""

NORMAL: Final = 0
CONNECTION: Final = 1
DISPLACEMENT: Final = 2
PASS_KIND: Final = 3

KIND_NAMES: Final = ("normal", "connection", "displacement", "pass")

CELL_MASK: Final = 127
TO_SHIFT: Final = 7
LAND_SHIFT: Final = 14
KIND_SHIFT: Final = 21

CONNECTION_BITS: Final = CONNECTION << KIND_SHIFT
DISPLACEMENT_BITS: Final = DISPLACEMENT << KIND_SHIFT
PASS: Final[Move] = PASS_KIND << KIND_SHIFT


def encode(origin: Cell, target: Cell, kind: int, land: Cell = 0) -> Move:
    return origin | target << TO_SHIFT | land << LAND_SHIFT | kind << KIND_SHIFT


def origin_of(move: Move) -> Cell:
    return move & CELL_MASK


def target_of(move: Move) -> Cell:
    return (move >> TO_SHIFT) & CELL_MASK


def landing_of(move: Move) -> Cell:
    """Where a displaced satellite lands (meaningful for displacements only)."""
    return (move >> LAND_SHIFT) & CELL_MASK


def kind_of(move: Move) -> int:
    return move >> KIND_SHIFT


def is_forcing(move: Move) -> bool:
    """Connections and displacements: the moves that change the groups."""
    return kind_of(move) in (CONNECTION, DISPLACEMENT)
