"""What a match reports when it is ticked: the moves it stored, the saves that
failed, its end, and that what it shows changed."""

from __future__ import annotations

from dataclasses import dataclass

from device.play.game import Game
from engine.position import Position


@dataclass(frozen=True)
class MovePlayed:
    """``move`` is stored and on the board, whoever made it: the positions before and
    after it (copies)."""

    before: Position
    move: int
    after: Position


@dataclass(frozen=True)
class SaveFailed:
    """The journal could not store the game (it goes on in memory)."""

    error: OSError


@dataclass(frozen=True)
class MatchOver:
    """The game is over, its end stored (or that was attempted); reported once."""

    game: Game


@dataclass(frozen=True)
class Changed:
    """What the match shows changed otherwise: the computer began to think, a hint
    came, the link went down or came back."""


MatchEvent = MovePlayed | SaveFailed | MatchOver | Changed
