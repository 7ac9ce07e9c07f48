"""A finished game reviewed by the computer, without pygame: the review under
way or done, its moments, and the moment looked at on the board.

``GameReview`` takes the review kept beside the game, or has a ``Reviewing``
work it out (in the background: ``EngineReviewer``; at once:
``BlockingReviewer``) and then hands it to ``keep`` (the archive);
``leave`` stops the work.  Its moments are the turning point and the moves
that lost the most (``engine.ai.review``), in the order they were played;
``MomentView`` shows one: the position before the move, with the move
played and the computer's better move, then the better move's line played
out one move at a time.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from device.play.game import Game
from device.play.replay import Replay, outcome_of
from engine.ai.review import (
    REVIEW_LIMITS,
    Permille,
    Ply,
    Review,
    ReviewProgress,
    chance_for,
    review_game,
)
from engine.ai.search import Limits
from engine.moves import Move
from engine.pieces import NOBODY, Colour
from engine.position import Position
from engine.record import GameRecord

if TYPE_CHECKING:
    from engine.ai.reviewer import Reviewer

log = logging.getLogger(__name__)


class Reviewing(Protocol):
    """Who works a review out: in the background (``EngineReviewer``), or at once."""

    def start(self, record: GameRecord, winner: Colour) -> None:
        """Begin reviewing ``record`` (copied), whose winner is ``winner``."""
        ...

    def poll(self) -> ReviewProgress | None:
        """How far the review has come (None: none is under way)."""
        ...

    def result(self) -> Review | None:
        """The review, once it is done."""
        ...

    def cancel(self) -> None:
        """Stop and forget the review under way."""
        ...


class EngineReviewer:
    """The engine's reviewer (``engine.ai.reviewer``), loaded when a review is first
    asked for: the game never needs it (nor its process pool's imports) before."""

    def __init__(self, workers: int | None = None, limits: Limits = REVIEW_LIMITS) -> None:
        """``workers``: search processes (None: as the machine allows); ``limits``: the
        search of each position."""
        self._workers = workers
        self._limits = limits
        self._reviewer: Reviewer | None = None

    def start(self, record: GameRecord, winner: Colour) -> None:
        if self._reviewer is None:
            from engine.ai.reviewer import Reviewer

            self._reviewer = Reviewer(self._workers, self._limits)
        self._reviewer.start(record, winner)

    def poll(self) -> ReviewProgress | None:
        return self._reviewer.poll() if self._reviewer is not None else None

    def result(self) -> Review | None:
        return self._reviewer.result() if self._reviewer is not None else None

    def cancel(self) -> None:
        if self._reviewer is not None:
            self._reviewer.cancel()


class BlockingReviewer:
    """Reviews the whole game during ``start``: the same frames on every run, for the
    headless simulator's scripts (which run on a virtual clock) and for tests."""

    def __init__(self, limits: Limits = REVIEW_LIMITS) -> None:
        self.limits = limits
        self._review: Review | None = None

    def start(self, record: GameRecord, winner: Colour) -> None:
        self._review = review_game(record, self.limits, winner)

    def poll(self) -> ReviewProgress | None:
        if self._review is None:
            return None
        return ReviewProgress(self._review.plies + 1, self._review.plies + 1)

    def result(self) -> Review | None:
        return self._review

    def cancel(self) -> None:
        self._review = None


class Stage(StrEnum):
    WORKING = "working"
    """The computer goes through the game."""
    READY = "ready"
    FAILED = "failed"
    """The review could not be finished (its reason is ``failure``)."""


@dataclass(frozen=True)
class Moment:
    """A move worth looking at again."""

    ply: Ply
    """The move's number in the game."""
    mover: Colour
    played: Move
    better: Move
    """The move the computer would have played."""
    line: tuple[Move, ...]
    """The better move, then the replies the computer expected."""
    before: Permille
    """The mover's chance with the better move."""
    after: Permille
    """The mover's chance after the move played."""
    turning: bool
    """The turning point of the game."""

    @property
    def lost(self) -> Permille:
        return max(0, self.before - self.after)


def moments_of(review: Review) -> list[Moment]:
    """The turning point and the moves that lost the most, in the order played."""
    turning = review.turning_point()
    plies = sorted({*review.biggest_losses(), *([turning] if turning is not None else [])})
    moments = []
    for ply in plies:
        mover = review.movers[ply - 1]
        better = review.assessments[ply - 1]
        before = chance_for(mover, review.chance(ply - 1))
        after = chance_for(mover, review.chance(ply))
        played = review.moves[ply - 1]
        moments.append(
            Moment(ply, mover, played, better.best, better.line, before, after, ply == turning)
        )
    return moments


def winner_of(game: Game) -> Colour:
    """Who won ``game`` (a resignation included), or NOBODY."""
    outcome = outcome_of(game.position, game.resigned)
    return outcome.winner if outcome.finished else NOBODY


class GameReview:
    """One game's review: kept from before, or worked out now and then kept."""

    def __init__(
        self,
        game: Game,
        reviewing: Reviewing,
        kept: Review | None,
        keep: Callable[[Review], None],
    ) -> None:
        """``kept``: the review stored beside the game, if any; ``keep``: store a new one."""
        self.game = game
        self.replay = Replay.of(game)
        """Every position of the game."""
        self._reviewing = reviewing
        self._keep = keep
        self.review = kept
        self.progress = ReviewProgress(0, game.ply + 1)
        self.moments = moments_of(kept) if kept is not None else []
        if kept is None:
            reviewing.start(game.record, winner_of(game))

    @property
    def stage(self) -> Stage:
        if self.review is not None:
            return Stage.READY
        return Stage.FAILED if self.progress.failure else Stage.WORKING

    def update(self) -> bool:
        """Take the news of the work under way; True when there is some."""
        if self.stage is not Stage.WORKING:
            return False
        progress = self._reviewing.poll()
        if progress is None or progress == self.progress:
            return False
        self.progress = progress
        if progress.failure:
            log.warning("the review could not be finished: %s", progress.failure)
        review = self._reviewing.result() if progress.finished else None
        if review is not None:
            self.review = review
            self.moments = moments_of(review)
            self._keep(review)
        return True

    def leave(self) -> None:
        """The player left: the work stops (it starts again next time)."""
        if self.stage is Stage.WORKING:
            self._reviewing.cancel()

    def chances(self) -> list[Permille | None]:
        """Red's chance in each position, None while it is not known."""
        if self.review is not None:
            return list(self.review.chances())
        return [None] * (self.game.ply + 1)


class MomentView:
    """One moment on the board: step 0 is the position before the move, the move
    played and the better one marked; step ``n`` is the position after ``n`` moves
    of the better line."""

    def __init__(self, review: GameReview, index: int) -> None:
        self.review = review
        self.index = index
        self.step = 0

    @property
    def moment(self) -> Moment:
        return self.review.moments[self.index]

    @property
    def steps(self) -> int:
        """How many moves of the better line there are to play out."""
        return len(self.moment.line)

    def position(self) -> Position:
        """The position shown."""
        position = self.review.replay.positions[self.moment.ply - 1].copy()
        for move in self.moment.line[: self.step]:
            position.make(move)
        return position

    def last_mover(self) -> Colour:
        """Who played ``last_move`` (at step 0: who plays the moment's move)."""
        position = self.review.replay.positions[self.moment.ply - 1].copy()
        for move in self.moment.line[: max(0, self.step - 1)]:
            position.make(move)
        return position.side

    def last_move(self) -> Move | None:
        """The move of the line that led to the position shown (None at step 0)."""
        return self.moment.line[self.step - 1] if self.step else None

    def forward(self) -> bool:
        """The next move of the line; after its last, the moment again from the start."""
        self.step = 0 if self.step >= self.steps else self.step + 1
        return True

    def back(self) -> bool:
        if self.step == 0:
            return False
        self.step -= 1
        return True

    def other_moment(self, step: int) -> bool:
        """The next (``step`` 1) or the previous (-1) moment, from its start."""
        index = min(max(self.index + step, 0), len(self.review.moments) - 1)
        changed = index != self.index
        self.index, self.step = index, 0 if changed else self.step
        return changed
