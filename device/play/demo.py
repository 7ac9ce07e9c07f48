"""The game the title shows behind its menu: the computer playing both sides, a
move every so often, for a minute after the last button press; then the board
stands still, and an idle title wakes the device for nothing.

The moves are chosen to show the game quickly (connections first, then a move
that opens an edge, else any), cheaply: no search runs while the player reads
the menu.  Nothing here needs pygame.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.moves import CONNECTION, DISPLACEMENT, Move, kind_of
from engine.position import Position
from engine.start import starting_position

MOVE_EVERY_MS = 1500
"""How often the computer moves on the title."""
PLAYS_FOR_MS = 60_000
"""How long after the last button press it goes on moving."""
NEW_GAME_AFTER_MS = 4 * MOVE_EVERY_MS
"""How long a finished game's last position stays before a new game starts."""
OPENING_SEED = 0
"""The seed of the title's first game: the same game at every start, so the device
greets its player with a picture they know, and a card's first frames can be checked
pixel for pixel against the simulator's."""


def showcase_move(position: Position, rng: random.Random) -> Move:
    """A move that shows the game: a connection or displacement when there is one,
    else one that opens an edge while connections are closed, else any (each chosen
    at random among its kind)."""
    moves = position.legal_moves()
    linking = [m for m in moves if kind_of(m) in (CONNECTION, DISPLACEMENT)]
    if linking:
        return rng.choice(linking)
    if not position.connections_open():
        opening = [m for m in moves if _opens(position, m)]
        if opening:
            return rng.choice(opening)
    return rng.choice(moves)


def _opens(position: Position, move: Move) -> bool:
    position.make(move)
    opened = position.connections_open()
    position.unmake()
    return opened


@dataclass(frozen=True)
class Played:
    """The move last played on the title's board, and when."""

    move: Move
    at: int


class Demo:
    """The title's game: it moves while the player was active within a minute."""

    def __init__(self, seed: int, now: int) -> None:
        self._rng = random.Random(seed)
        self.position = starting_position(self._rng.randrange(1, 2**31))
        self.last: Played | None = None
        self._next_move: int | None = now + MOVE_EVERY_MS
        """When the next move is due; None while the board stands still."""

    def tick(self, now: int, last_input: int) -> bool:
        """Play the move that is due; True when one was played.  A minute after the
        last press the board stops; a press starts it again, a move's time later."""
        if now - last_input >= PLAYS_FOR_MS:
            self._next_move = None
            return False
        if self._next_move is None:
            self._next_move = now + MOVE_EVERY_MS
            return False
        if now < self._next_move:
            return False
        if self.position.is_over():
            self.position = starting_position(self._rng.randrange(1, 2**31))
            self.last = None
        else:
            move = showcase_move(self.position, self._rng)
            self.position.make(move)
            self.last = Played(move, now)
        self._next_move = now + (NEW_GAME_AFTER_MS if self.position.is_over() else MOVE_EVERY_MS)
        return True

    def next_move(self, last_input: int) -> int | None:
        """When the next move is due (None: the board stands still until a press)."""
        if self._next_move is None or self._next_move - last_input >= PLAYS_FOR_MS:
            return None
        return self._next_move
