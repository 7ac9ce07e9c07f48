"""A finished game shown again, move by move: the positions after every ply and
the one on screen.

Nothing here needs pygame: the replay screen draws it and turns buttons into
``first``, ``previous``, ``next`` and ``last``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from device.play.game import Game
from device.play.match import RESIGNED_TAG
from engine.pieces import COLOUR_NAMES, NOBODY
from engine.position import Position
from engine.record import GameRecord
from engine.scoring import score

Ply = int
"""How many moves of the game have been played in a position (0: the start)."""


@dataclass(frozen=True)
class Outcome:
    """How a recorded game ended."""

    winner: int
    """RED, BLUE, or NOBODY for a draw or a game that did not end."""
    resigned: int = NOBODY
    """The colour that gave up, if the game ended that way."""
    finished: bool = True
    """False for a record that stops before the end (no result to tell)."""


def resigned_in(tags: Mapping[str, str]) -> int:
    """The colour a record's tags say resigned, or NOBODY."""
    resigned = tags.get(RESIGNED_TAG, "")
    return COLOUR_NAMES.index(resigned) if resigned in COLOUR_NAMES else NOBODY


def outcome_of(final: Position, resigned: int = NOBODY) -> Outcome:
    """The result of a game whose last position is ``final`` (``resigned``: who gave up)."""
    if resigned != NOBODY:
        return Outcome(winner=1 - resigned, resigned=resigned)
    if not final.is_over():
        return Outcome(winner=NOBODY, finished=False)
    return Outcome(winner=score(final).winner)


class Replay:
    """Every position of a recorded game, and which of them is shown.

    The record must replay (as one read by ``parse_record`` or played on the
    device does).
    """

    def __init__(self, record: GameRecord, *, at_end: bool = False, resigned: int = NOBODY) -> None:
        self.record = record
        position = record.start_position()
        self.positions: list[Position] = [position.copy()]
        self.movers: list[int] = []
        """Who played each ply (grace moves break the strict alternation)."""
        for move in record.moves:
            self.movers.append(position.side)
            position.make(move)
            self.positions.append(position.copy())
        self.outcome = outcome_of(position, resigned)
        self.index: Ply = self.plies if at_end else 0
        """The plies played in the position shown."""

    @classmethod
    def of(cls, game: Game, *, at_end: bool = False) -> Replay:
        return cls(game.record, at_end=at_end, resigned=game.resigned)

    @property
    def plies(self) -> Ply:
        """How many moves the whole game has."""
        return len(self.record.moves)

    @property
    def position(self) -> Position:
        return self.positions[self.index]

    @property
    def last_move(self) -> int | None:
        """The move that led to the position shown (None at the start)."""
        return self.record.moves[self.index - 1] if self.index else None

    @property
    def last_mover(self) -> int:
        """Who played ``last_move`` (NOBODY at the start)."""
        return self.movers[self.index - 1] if self.index else NOBODY

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def at_end(self) -> bool:
        return self.index == self.plies

    def go_to(self, ply: Ply) -> bool:
        """Show the position after ``ply`` moves (clamped to the game); True if it changed."""
        wanted = min(max(ply, 0), self.plies)
        changed = wanted != self.index
        self.index = wanted
        return changed

    def first(self) -> bool:
        return self.go_to(0)

    def previous(self) -> bool:
        return self.go_to(self.index - 1)

    def next(self) -> bool:
        return self.go_to(self.index + 1)

    def last(self) -> bool:
        return self.go_to(self.plies)
