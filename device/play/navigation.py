"""Arrow jumps: where an arrow press takes the cursor among the cells that can be chosen.

An arrow does not walk the board one cell at a time: it lands on the nearest
cell the player may pick that lies that way, skipping everything else.  "That
way" is first the quarter of the board around the arrow's line (no farther
off the line than along it), then, if nothing is there, the whole half of the
board ahead.  Nearness counts a step off the line double, so a choice on the
same row or column wins over one the same distance away diagonally.  When
nothing lies ahead the cursor stays where it is: the board does not wrap.

In a few crowded layouts (about one choice set in 300 in random games) a
choice is screened by nearer ones from every side and no arrow lands on it;
the next-choice button, which every device with arrows has, goes through all.

Directions are on the board (files east, ranks north); whoever turns the
picture turns the arrow into a board direction first.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.geometry import file_of, rank_of

Direction = tuple[int, int]
"""A step on the board: (files east, ranks north), one of the four orthogonal ones."""

OFF_LINE_WEIGHT = 2
"""How much more a step off the arrow's line counts than a step along it."""


def _along_and_across(start: int, cell: int, direction: Direction) -> tuple[int, int]:
    """How far ``cell`` lies ahead of ``start`` along ``direction``, and how far off its line."""
    dfile, drank = file_of(cell) - file_of(start), rank_of(cell) - rank_of(start)
    east, north = direction
    return dfile * east + drank * north, abs(dfile * north - drank * east)


def nearness(start: int, cell: int, direction: Direction) -> tuple[int, int]:
    """Orders the cells ahead: smaller is nearer (then: closer to the line)."""
    along, across = _along_and_across(start, cell, direction)
    return along + OFF_LINE_WEIGHT * across, across


def in_cone(start: int, cell: int, direction: Direction) -> bool:
    """``cell`` lies ahead within the quarter of the board around the arrow's line."""
    along, across = _along_and_across(start, cell, direction)
    return along > 0 and across <= along


def ahead(start: int, cell: int, direction: Direction) -> bool:
    return _along_and_across(start, cell, direction)[0] > 0


def jump(start: int, choices: Iterable[int], direction: Direction) -> int:
    """The cell an arrow press from ``start`` lands on (``start`` itself: nothing that way)."""
    forward = [cell for cell in choices if ahead(start, cell, direction)]
    near = [cell for cell in forward if in_cone(start, cell, direction)] or forward
    if not near:
        return start
    # Ties (one as far above the line as another below) go to the cell read first.
    return min(near, key=lambda cell: (*nearness(start, cell, direction), -rank_of(cell), cell))
