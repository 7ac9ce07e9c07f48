"""One game's journal on disk: created whole, then appended to, then archived.

Every append is flushed and fsynced before it returns, and the match calls it
before a move is shown, sent or acknowledged, so a move the player saw is a
move the journal holds.  When an append fails (a full card, a folder turned
read-only) the journal no longer knows what the file ends with, so its next
write replaces the file whole with everything it should hold.

Undos only append, so a player who takes moves back over and over would grow
the file without end; before it would reach ``COMPACT_BYTES`` it is replaced
whole (the same crash-safe write) with the header and the plies still played.
The longest game the rules allow writes a few tens of kilobytes.

Names in the archive that the game did not write (another number of digits, a
folder, a name the file system can hardly hold) are never numbered from, and
one that cannot be removed stays: none can stop a game from being archived.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from pathlib import Path

from device.journal.disk import MAX_FILE_BYTES, Disk
from device.journal.events import (
    Header,
    Replayed,
    end_event,
    header_event,
    ply_event,
    replay,
    undo_event,
)
from device.journal.lines import Event, encode_lines
from device.play.game import Game
from engine.notation import format_move

SUFFIX = ".journal"
ARCHIVE = "finished"
"""The archive's folder, inside the save folder."""
ARCHIVE_SIZE = 50
"""The archive keeps this many finished games, the ones archived last."""
NUMBER_DIGITS = 6
"""An archived journal's name starts with the number of its place in the archive
(``000051.20261201-204815-a1b2c3.journal``): the archive's order, kept whatever
the clock said (a Pi has no clock battery, and may have no network)."""
COMPACT_BYTES = MAX_FILE_BYTES // 2
"""A journal about to grow past this is rewritten with its live plies only: well
below the size the game reads (``MAX_FILE_BYTES``)."""


log = logging.getLogger(__name__)


def journal_path(folder: Path, game_id: str) -> Path:
    return folder / f"{game_id}{SUFFIX}"


class Journal:
    """The journal of one game (``disk`` None: saves are off, nothing is written)."""

    def __init__(
        self,
        disk: Disk | None,
        path: Path,
        header: Header,
        moves: Sequence[str] = (),
        *,
        written: bool = True,
    ) -> None:
        self.disk = disk
        self.path = path
        self.header = header
        self.moves = list(moves)
        """The plies the file holds."""
        self.ended = False
        self._unsure = not written
        """The file is not known to hold the journal (not written yet, or an append
        failed): the next write replaces it whole."""
        self._archived = False
        """The file was moved into the archive."""
        self.size = 0
        """The bytes this journal has written to its file (compaction counts them)."""

    @property
    def game_id(self) -> str:
        return self.header.game_id

    def store(self) -> None:
        """Write the whole journal durably now (a journal converted from old saves)."""
        self._write_whole([])

    @classmethod
    def reopen(cls, disk: Disk | None, path: Path, replayed: Replayed) -> Journal:
        """Carry on the journal ``replayed`` read from ``path``.

        An unfinished last line (an append cut short, by a stop or a full card) is
        cut in memory only: the next write replaces the file whole.  Damaged lines
        are cut off now (written whole without them) so they are told once; if even
        that cannot be written (a full card) the file stays as it is, and they are
        cut at the next write."""
        journal = cls(disk, path, replayed.header, replayed.moves)
        journal.ended = replayed.ended
        journal.size = replayed.valid_bytes
        journal._unsure = replayed.torn or bool(replayed.lost_lines)
        if replayed.lost_lines:
            with contextlib.suppress(OSError):
                journal._write_whole(journal._end_lines(replayed))
        return journal

    @staticmethod
    def _end_lines(replayed: Replayed) -> list[Event]:
        return [end_event(replayed.game())] if replayed.ended else []

    # -- what the match calls ---------------------------------------------------

    def sync(self, game: Game) -> None:
        """Store the plies and undos of ``game`` not yet in the file; OSError if it cannot."""
        self.sync_moves([format_move(move) for move in game.record.moves])

    def sync_moves(self, moves: Sequence[str]) -> None:
        kept = 0
        while kept < min(len(moves), len(self.moves)) and moves[kept] == self.moves[kept]:
            kept += 1
        events: list[Event] = []
        if kept < len(self.moves):
            events.append(undo_event(kept))
        events += [ply_event(ply, move) for ply, move in enumerate(moves[kept:], kept + 1)]
        if events or self._unsure:
            self._append(events, list(moves))

    def finish(self, game: Game) -> None:
        """Store the end of ``game`` and move the journal into the archive."""
        if not self.ended:
            self.sync(game)
            self._append([end_event(game)], self.moves)
            self.ended = True
        self.archive()

    def archive(self) -> None:
        """Move the ended journal into the archive under the next number: one rename,
        so it happens once."""
        if self.disk is None:
            return
        if not self._archived:
            archive = self.path.parent / ARCHIVE
            self.disk.mkdir(archive)
            target = archive / next_archive_name(self.disk.listdir(archive), self.path.name)
            if self.path.name in self.disk.listdir(self.path.parent):
                self.disk.rename(self.path, target)
            self.path, self._archived = target, True
        self._prune(self.path.parent)

    def _prune(self, archive: Path) -> None:
        """Keep the last ARCHIVE_SIZE games; what cannot be removed (a folder someone
        put there) stays, and the game is archived all the same."""
        assert self.disk is not None
        for old in archived_names(self.disk, archive)[:-ARCHIVE_SIZE]:
            try:
                self.disk.unlink(archive / old)
            except OSError as error:
                log.warning("the archive keeps %s: %s", old, error.strerror or error)

    def abandon(self) -> None:
        """The player gave the game up for a new one: its journal goes."""
        if self.disk is not None and not self.ended:
            self.disk.unlink(self.path)

    # -- inside -------------------------------------------------------------------

    def _append(self, events: list[Event], moves: list[str]) -> None:
        if self.disk is None:
            self.moves = list(moves)
            return
        data = encode_lines(events)
        if self._unsure or self.size + len(data) > COMPACT_BYTES:
            before, self.moves = self.moves, list(moves)
            ending = [event for event in events if "end" in event]
            try:
                self._write_whole(ending)
            except OSError:
                self.moves = before
                raise
            return
        try:
            self.disk.append(self.path, data)
        except OSError:
            self._unsure = True
            raise
        self.size += len(data)
        self.moves = list(moves)

    def _write_whole(self, after: list[Event]) -> None:
        """Replace the file with the header, every ply, and ``after``."""
        if self.disk is None:
            return
        events = [header_event(self.header)]
        events += [ply_event(ply, move) for ply, move in enumerate(self.moves, 1)]
        data = encode_lines(events + after)
        self.disk.write_durably(self.path, data)
        self.size = len(data)
        self._unsure = False


def archive_number(name: str) -> int:
    """The number an archived file was given (0: a file archived before the archive
    numbered its games, such as the first format's records, or a name the game
    never writes)."""
    number, dot, _ = name.partition(".")
    digits = dot and len(number) == NUMBER_DIGITS and number.isascii() and number.isdigit()
    return int(number) if digits else 0


def next_archive_name(names: list[str], journal_name: str) -> str:
    """The name ``journal_name`` takes in an archive holding ``names``: the number
    after the highest one, never the name of something already there."""
    number = max(map(archive_number, names), default=0) + 1
    taken = set(names)
    while f"{number:0{NUMBER_DIGITS}d}.{journal_name}" in taken:
        number += 1
    return f"{number:0{NUMBER_DIGITS}d}.{journal_name}"


def archived_names(disk: Disk, archive: Path) -> list[str]:
    """The archive's games, in the order they were archived (the numbered ones after
    the others, which sort by name: it starts with the date)."""
    names = [name for name in disk.listdir(archive) if name.endswith((SUFFIX, ".txt"))]
    return sorted(names, key=lambda name: (archive_number(name), name))


def read_journal(disk: Disk, path: Path) -> Replayed:
    """The journal at ``path`` as far as it is valid (JournalError, OSError otherwise)."""
    return replay(disk.read(path))
