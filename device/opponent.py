"""Who thinks for the computer player and for hints.

``Thinker`` is what the app needs: start thinking about a position, poll
for the answer without blocking the screen, cancel.  ``EngineThinker`` runs
the engine's AI levels on a background thread; ``InstantThinker`` answers
during ``start`` (tests and headless runs need determinism).
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.ai.levels import HINT_LEVEL, LEVELS, choose_move
from engine.ai.thinker import Thinker as BackgroundSearch
from engine.position import Position

LEVEL_NUMBERS = tuple(level.number for level in LEVELS)
DEFAULT_LEVEL = 3
HINT = HINT_LEVEL
"""The level whose choice a hint shows."""


class Thinker(Protocol):
    def start(self, position: Position, level: int) -> None:
        """Begin choosing a move for the side to move in ``position`` (copied)."""
        ...

    def poll(self) -> int | None:
        """The chosen move once ready, else None; each answer is given once."""
        ...

    def cancel(self) -> None: ...

    @property
    def busy(self) -> bool: ...


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


class EngineThinker:
    """The engine's search on a daemon thread; a cancelled answer is dropped."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._search = BackgroundSearch()
        self._busy = False

    def start(self, position: Position, level: int) -> None:
        self._search.start(position, level, self._rng.randrange(2**31))
        self._busy = True

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
        self._search.cancel()
        self._busy = False

    @property
    def busy(self) -> bool:
        return self._busy
