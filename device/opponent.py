"""Who thinks for the computer player and for hints.

``Thinker`` is what the app needs: start thinking about a position, poll
for the answer without blocking the screen, cancel.  ``GreedyThinker`` runs
the engine's one-ply greedy player in a background thread; ``InstantThinker``
answers at once (tests, and the benchmark, need determinism).
"""

from __future__ import annotations

import random
import threading
from typing import Protocol

from engine.playout import greedy_move, random_move
from engine.position import Position

LEVELS = (1, 2, 3, 4)


class Thinker(Protocol):
    def start(self, position: Position, level: int, think_ms: int) -> None:
        """Begin choosing a move for the side to move in ``position`` (copied)."""
        ...

    def poll(self) -> int | None:
        """The chosen move once ready, else None; each answer is given once."""
        ...

    def cancel(self) -> None: ...

    @property
    def busy(self) -> bool: ...


def choose(position: Position, level: int, rng: random.Random) -> int:
    """Level 1 plays at random, higher levels greedily."""
    if level <= 1:
        return random_move(position, rng)
    return greedy_move(position, rng)


class InstantThinker:
    """Chooses during ``start``: deterministic for a given seed."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._answer: int | None = None
        self._thinking = False

    def start(self, position: Position, level: int, think_ms: int) -> None:
        self._answer = choose(position.copy(), level, self._rng)
        self._thinking = True

    def poll(self) -> int | None:
        if not self._thinking:
            return None
        self._thinking = False
        return self._answer

    def cancel(self) -> None:
        self._thinking = False

    @property
    def busy(self) -> bool:
        return self._thinking


class GreedyThinker:
    """Thinks in a daemon thread; a cancelled answer is dropped."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self._generation = 0
        self._answer: int | None = None
        self._thinking = False

    def start(self, position: Position, level: int, think_ms: int) -> None:
        with self._lock:
            self._generation += 1
            generation = self._generation
            self._answer = None
            self._thinking = True
        snapshot = position.copy()
        rng = random.Random(self._rng.random())
        thread = threading.Thread(
            target=self._think, args=(snapshot, level, rng, generation), daemon=True
        )
        thread.start()

    def _think(self, position: Position, level: int, rng: random.Random, generation: int) -> None:
        move = choose(position, level, rng)
        with self._lock:
            if generation == self._generation:
                self._answer = move

    def poll(self) -> int | None:
        with self._lock:
            if self._answer is None:
                return None
            move, self._answer = self._answer, None
            self._thinking = False
            return move

    def cancel(self) -> None:
        with self._lock:
            self._generation += 1
            self._answer = None
            self._thinking = False

    @property
    def busy(self) -> bool:
        return self._thinking
