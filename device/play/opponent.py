"""Who thinks for the computer player and for hints.

``Thinker`` is what the app needs: start thinking about a position, poll
for the answer without blocking the screen, cancel.  ``EngineThinker`` runs
the engine's AI levels on a background thread; ``InstantThinker`` answers
during ``start`` (tests and headless runs need determinism).

Thinking ahead ("pondering"): while the person chooses a move, the engine
thinker guesses it (the move its own level would play in their place) and
searches its answer to that guess, with the very seed its next move will be
given.  When the guess is right the answer is ready, or partly done, when
the person moves; the move is the same as without thinking ahead, since the
search is the same.  A wrong guess costs nothing but the idle time it used.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from engine.ai.levels import HINT_LEVEL, LEVELS, choose_move
from engine.position import Position

if TYPE_CHECKING:
    from engine.ai.thinker import BackgroundSearch

LEVEL_NUMBERS = tuple(level.number for level in LEVELS)
HINT = HINT_LEVEL
"""The level whose choice a hint shows."""


class Thinker(Protocol):
    def start(self, position: Position, level: int) -> None:
        """Begin choosing a move for the side to move in ``position`` (copied)."""
        ...

    def poll(self) -> int | None:
        """The chosen move once ready, else None; each answer is given once."""
        ...

    def cancel(self) -> None:
        """Forget the current search, and any thinking ahead."""
        ...

    @property
    def busy(self) -> bool: ...

    def ponder(self, position: Position, level: int) -> None:
        """Think ahead on the person's time: ``position`` has the person to move."""
        ...

    def keep_pondering(self) -> bool:
        """Move the thinking ahead on; True while there is more of it to do.

        Nobody polls a thinker that thinks ahead: it calls the ``on_done`` it was
        given (the app's waiter's wake) as each of its searches ends.
        """
        ...


class InstantThinker:
    """Chooses during ``start``: deterministic for a given seed."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._answer: int | None = None

    def start(self, position: Position, level: int) -> None:
        self._answer = choose_move(position.copy(), level, self._rng.randrange(2**31)).move

    def poll(self) -> int | None:
        move, self._answer = self._answer, None
        return move

    def cancel(self) -> None:
        self._answer = None

    @property
    def busy(self) -> bool:
        return self._answer is not None

    def ponder(self, position: Position, level: int) -> None:
        """Answers are instant: nothing to think ahead about."""

    def keep_pondering(self) -> bool:
        return False


class PonderStage(StrEnum):
    IDLE = "idle"
    GUESSING = "guessing"
    """Searching the person's most likely move."""
    ANSWERING = "answering"
    """Searching the answer to that guess."""


class EngineThinker:
    """The engine's search on a daemon thread; a cancelled answer is dropped."""

    def __init__(
        self,
        seed: int | None = None,
        think_ahead: Callable[[], bool] = lambda: False,
        workers: int | None = None,
        on_done: Callable[[], None] = lambda: None,
    ) -> None:
        """``workers``: search processes (None: as this machine's cores and memory allow;
        thinking ahead uses the same ones).  ``on_done``: called from the search's
        thread as each search ends (to wake a sleeping loop)."""
        self._rng = random.Random(seed)
        self._next_seed = self._rng.randrange(2**31)
        self._workers, self._on_done = workers, on_done
        self._background: BackgroundSearch | None = None
        self._busy = False
        self._think_ahead = think_ahead
        self._stage = PonderStage.IDLE
        self._guessed_from: Position | None = None
        self._answering: tuple[int, int] = (0, 0)
        """The position key and level the thinking ahead is answering."""
        self.hits = 0
        """Moves answered by thinking ahead (for the benchmark and the tests)."""

    def start(self, position: Position, level: int) -> None:
        seed = self._take_seed()
        if self._stage == PonderStage.ANSWERING and self._answering == (position.key(), level):
            self.hits += 1
        else:
            self._search.start(position, level, seed)
        self._stage = PonderStage.IDLE
        self._busy = True

    def ponder(self, position: Position, level: int) -> None:
        if self._busy or not self._think_ahead() or position.is_over():
            return
        self._guessed_from = position.copy()
        self._answering = (0, level)
        self._search.start(position, level, self._next_seed)
        self._stage = PonderStage.GUESSING

    def keep_pondering(self) -> bool:
        if self._stage != PonderStage.GUESSING:
            return self._stage == PonderStage.ANSWERING and not self._search_done()
        guess = self._search.result() if self._search_done() else None
        if guess is None or self._guessed_from is None:
            return True
        after = self._guessed_from
        after.make(guess)
        self._guessed_from = None
        if after.is_over():
            self._stage = PonderStage.IDLE
            return False
        self._answering = (after.key(), self._answering[1])
        self._search.start(after, self._answering[1], self._next_seed)
        self._stage = PonderStage.ANSWERING
        return True

    @property
    def _search(self) -> BackgroundSearch:
        """The engine's search, loaded when the computer first thinks: the title and a
        game between two people never need it (nor its process pool's imports)."""
        if self._background is None:
            from engine.ai.thinker import BackgroundSearch

            self._background = BackgroundSearch(self._workers, self._on_done)
        return self._background

    def _search_done(self) -> bool:
        progress = self._search.poll()
        return progress is not None and progress.done

    def _take_seed(self) -> int:
        """The seed of this move; the next one is drawn now, so thinking ahead knows it."""
        seed, self._next_seed = self._next_seed, self._rng.randrange(2**31)
        return seed

    def poll(self) -> int | None:
        if not self._busy:
            return None
        progress = self._search.poll()
        if progress is None or not progress.done:
            return None
        move = self._search.result()
        self.cancel()
        return move

    def cancel(self) -> None:
        if self._background is not None:
            self._background.cancel()
        self._busy = False
        self._stage = PonderStage.IDLE
        self._guessed_from = None

    @property
    def busy(self) -> bool:
        return self._busy
