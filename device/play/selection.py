"""Choosing a move on the board: satellite, then destination, then (for a
displacement) where the displaced satellite goes.

Only legal moves are ever offered, so a finished choice is always playable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from device.play.navigation import Direction, jump
from engine.geometry import DIRECTIONS, file_of, rank_of
from engine.moves import DISPLACEMENT, PASS, kind_of, landing_of, origin_of, target_of


class Stage(Enum):
    ORIGIN = "origin"
    TARGET = "target"
    LANDING = "landing"


def reading_order(cell: int) -> tuple[int, int]:
    """North-west first, as the board is drawn (rank 10 at the top)."""
    return (-rank_of(cell), file_of(cell))


def _sign(number: int) -> int:
    return (number > 0) - (number < 0)


def round_order(origin: int) -> Callable[[int], tuple[int, int]]:
    """Round the chosen satellite: the nearest destinations first, each ring
    clockwise from north (so "previous" starts from the farthest ones)."""

    def key(cell: int) -> tuple[int, int]:
        dfile, drank = file_of(cell) - file_of(origin), rank_of(cell) - rank_of(origin)
        ring = max(abs(dfile), abs(drank))
        if ring == 0:
            return (0, 0)
        return (ring, DIRECTIONS.index((_sign(dfile), _sign(drank))))

    return key


@dataclass
class Selection:
    """The player's partial choice among ``moves`` and the cursor on the board."""

    moves: list[int]
    cursor: int = 0
    stage: Stage = Stage.ORIGIN
    origin: int = -1
    target: int = -1
    _choices: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._choices = self._compute_choices()

    @property
    def choices(self) -> list[int]:
        """The cells the player may pick at this stage: satellites and landings in
        reading order, destinations round the chosen satellite."""
        return self._choices

    def must_pass(self) -> bool:
        return self.moves == [PASS]

    def moves_from(self, origin: int) -> list[int]:
        return [m for m in self.moves if m != PASS and origin_of(m) == origin]

    def kind_at(self, target: int) -> int:
        """The kind of the move from the chosen origin to ``target`` (-1 if none)."""
        for move in self.moves_from(self.origin):
            if target_of(move) == target:
                return kind_of(move)
        return -1

    def move_to(self, target: int) -> int | None:
        """A move from the chosen origin to ``target`` (None: there is none)."""
        return next((m for m in self.moves_from(self.origin) if target_of(m) == target), None)

    def _compute_choices(self) -> list[int]:
        if self.stage is Stage.ORIGIN:
            cells = {origin_of(m) for m in self.moves if m != PASS}
        elif self.stage is Stage.TARGET:
            cells = {target_of(m) for m in self.moves_from(self.origin)}
        else:
            cells = {
                landing_of(m)
                for m in self.moves_from(self.origin)
                if target_of(m) == self.target and kind_of(m) == DISPLACEMENT
            }
        return sorted(cells, key=self._order())

    def _order(self) -> Callable[[int], tuple[int, int]]:
        """The order of this stage's choices (and where a cell off them falls in it)."""
        return round_order(self.origin) if self.stage is Stage.TARGET else reading_order

    def _go(self, stage: Stage) -> None:
        self.stage = stage
        self._choices = self._compute_choices()

    def jump(self, direction: Direction) -> None:
        """An arrow press: the cursor goes to the nearest choice that way (see ``navigation``)."""
        self.cursor = jump(self.cursor, self._choices, direction)

    def cycle(self, step: int) -> None:
        """Put the cursor on the next (step 1) or previous (-1) choice."""
        if not self._choices:
            return
        if self.cursor in self._choices:
            index = (self._choices.index(self.cursor) + step) % len(self._choices)
        else:
            order = self._order()
            key = order(self.cursor)
            later = [i for i, c in enumerate(self._choices) if order(c) > key]
            first_later = later[0] if later else len(self._choices)
            index = (first_later if step > 0 else first_later - 1) % len(self._choices)
        self.cursor = self._choices[index]

    def confirm(self) -> int | None:
        """Pick the cell under the cursor; returns the move once it is complete."""
        cell = self.cursor
        if self.stage is Stage.ORIGIN:
            if cell in self._choices:
                self.origin = cell
                self._go(Stage.TARGET)
            return None
        if self.stage is Stage.TARGET:
            if cell == self.origin:
                self.back()
                return None
            if cell not in self._choices:
                return None
            if self.kind_at(cell) == DISPLACEMENT:
                self.target = cell
                self._go(Stage.LANDING)
                self.cursor = self._choices[0]
                return None
            return self.move_to(cell)
        if cell not in self._choices:
            return None
        return next(
            m
            for m in self.moves_from(self.origin)
            if target_of(m) == self.target and landing_of(m) == cell
        )

    def back(self) -> bool:
        """Undo one stage of the choice; False when there was nothing to undo."""
        if self.stage is Stage.LANDING:
            self.cursor = self.target
            self.target = -1
            self._go(Stage.TARGET)
            return True
        if self.stage is Stage.TARGET:
            self.cursor = self.origin
            self.origin = -1
            self._go(Stage.ORIGIN)
            return True
        return False
