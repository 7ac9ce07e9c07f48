"""A game being played on the device: the record, the live position, who plays whom."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.ai.levels import DEFAULT_LEVEL
from engine.moves import PASS
from engine.pieces import BLUE, NOBODY, RED
from engine.position import Position
from engine.record import GameRecord
from engine.rules import STANDARD, Rules
from engine.scoring import Score, score


class Mode(StrEnum):
    """How a game is played; the value is the word records and saves store."""

    HOTSEAT = "hotseat"
    VERSUS_AI = "ai"
    LINK = "link"


def mode_named(word: object) -> Mode | None:
    """The mode a record or a save names (None when it is none of them)."""
    return next((mode for mode in Mode if mode.value == word), None)


MODE_TAG, LEVEL_TAG = "Mode", "Level"
"""Record tags naming how a game was played (the archive shows them)."""


@dataclass
class GameSetup:
    """How a game is played: what Continue must restore besides the moves."""

    mode: Mode = Mode.HOTSEAT
    ai_level: int = DEFAULT_LEVEL
    human_colour: int = RED
    """Against the AI or over the link: the colour played on this device."""
    tabletop: bool = False
    """Hotseat: turn the board 180 degrees on Blue's turn."""

    def is_human(self, colour: int) -> bool:
        return self.mode == Mode.HOTSEAT or colour == self.human_colour


@dataclass
class Game:
    """The record and its final position, kept in step; the position plays the
    record's rules."""

    record: GameRecord
    setup: GameSetup = field(default_factory=GameSetup)
    position: Position = field(init=False)
    resigned: int = NOBODY
    """The colour that resigned, if the game ended that way."""
    movers: list[int] = field(init=False)
    """Who played each ply (grace moves break the strict alternation)."""

    def __post_init__(self) -> None:
        self.position = self.record.start_position()
        self.movers = []
        for move in self.record.moves:
            self.movers.append(self.position.side)
            self.position.make(move)

    @classmethod
    def new(
        cls,
        seed: int,
        setup: GameSetup,
        names: tuple[str, str],
        date: str,
        rules: Rules = STANDARD,
    ) -> Game:
        """A game drawn from ``seed``, played under ``rules`` (its record keeps them)."""
        record = GameRecord.from_seed(seed, red=names[RED], blue=names[BLUE], rules=rules)
        record.date = date
        record.tags = {MODE_TAG: setup.mode}
        if setup.mode == Mode.VERSUS_AI:
            record.tags[LEVEL_TAG] = str(setup.ai_level)
        return cls(record, setup)

    @property
    def ply(self) -> int:
        return len(self.record.moves)

    @property
    def last_move(self) -> int | None:
        return self.record.moves[-1] if self.record.moves else None

    def is_over(self) -> bool:
        return self.resigned != NOBODY or self.position.is_over()

    def human_to_move(self) -> bool:
        return not self.is_over() and self.setup.is_human(self.position.side)

    def play(self, move: int) -> None:
        """Play a legal move (ValueError otherwise: the screen never offers others)."""
        if move not in self.position.legal_moves():
            raise ValueError("illegal move")
        self.movers.append(self.position.side)
        self.position.make(move)
        self.record.moves.append(move)

    def can_undo(self) -> bool:
        if self.setup.mode == Mode.LINK:
            return False
        if self.setup.mode == Mode.HOTSEAT:
            return self.ply > 0
        return self.setup.human_colour in self.movers

    def undo(self) -> int:
        """Take back the last move (hotseat) or back to the human's last turn (AI).

        Returns how many plies were taken back.
        """
        if not self.can_undo():
            return 0
        taken = 0
        while self.record.moves:
            mover = self.movers.pop()
            self.position.unmake()
            self.record.moves.pop()
            taken += 1
            if self.setup.mode == Mode.HOTSEAT or mover == self.setup.human_colour:
                break
        return taken

    def score(self) -> Score:
        return score(self.position)

    def must_pass(self) -> bool:
        return self.position.legal_moves() == [PASS]
