"""What the player was shown, as text files another program can follow.

``--log-moves FILE`` appends one line per move once a frame showing it is
drawn: ``SEED PLY MOVE`` (the game's seed, the move's ply from 1, its
notation), and ``SEED end`` once the game is over and its end is shown.  A
line for a ply already written means the game went back (an undo) and this
move replaced it.  ``--log-messages FILE`` appends each message
the player is asked to read, one line each.  Every line is flushed to the
operating system at once, so a crash of the simulator keeps everything it
had shown: a move in this log was seen by the player.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

import pygame

from device.app import App
from device.screens.dialogs import MessageScreen
from engine.notation import format_move


def open_log(path: Path) -> TextIO:
    """``path`` opened for appending lines (its folder made if needed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return open(path, "a", encoding="utf-8")


class MoveLog:
    """Called after each drawn frame: writes the moves this frame shows for the first time."""

    def __init__(self, app: App, out: TextIO) -> None:
        self.app = app
        self.out = out
        self._seed: int | None = None
        self._moves: list[int] = []
        self._ended = False

    def __call__(self, surface: pygame.Surface) -> None:
        match = self.app.playing.match
        if match is None or match.policy is not None:  # a lesson's moves are no game's
            return
        record = match.game.record
        if record.seed != self._seed:
            self._seed, self._moves, self._ended = record.seed, [], False
        moves = record.moves
        same = 0
        while same < min(len(moves), len(self._moves)) and moves[same] == self._moves[same]:
            same += 1
        for ply in range(same, len(moves)):
            self.out.write(f"{record.seed} {ply + 1} {format_move(moves[ply])}\n")
        self._moves = list(moves)
        if match.finished and not self._ended:
            self._ended = True
            self.out.write(f"{record.seed} end\n")
        self.out.flush()


class MessageLog:
    """Called after each drawn frame: writes a message the first time it is drawn."""

    def __init__(self, app: App, out: TextIO) -> None:
        self.app = app
        self.out = out
        self._seen: list[MessageScreen] = []

    def __call__(self, surface: pygame.Surface) -> None:
        for screen in self.app.screens:
            if isinstance(screen, MessageScreen) and all(screen is not s for s in self._seen):
                self._seen.append(screen)
                self.out.write(" ".join(screen.words.split()) + "\n")
                self.out.flush()
