"""The save folder: the game in progress, the archive of finished games.

A game in progress is ``<game id>.journal`` in the save folder; a finished
one is the same file moved into ``finished/``.  At start the folder is put
in order: a journal that already holds its end (the device stopped between
storing the end and archiving) is archived, saves of the first format are
converted, and anything that cannot be read is left exactly as it is and
named once.  A save folder that cannot be written turns saves off: games are
played and kept in memory only, and the player is told.
"""

from __future__ import annotations

import contextlib
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from device.journal.disk import Disk, NotASaveFile
from device.journal.events import (
    Header,
    JournalError,
    LinkInfo,
    NewerJournal,
    Replayed,
    header_record,
)
from device.journal.file import (
    ARCHIVE,
    SUFFIX,
    Journal,
    archived_names,
    journal_path,
    read_journal,
)
from device.journal.notice import (
    Notice,
    Reason,
    failure,
    file_name,
    loggable,
    not_a_save,
    reason_of,
    write_failed,
)
from device.journal.old_saves import read_old_saves, remove_old_files
from device.play.game import Game, GameSetup, Mode
from device.play.link_games import PORT_TAG, role_of
from engine.notation import format_move
from engine.record import GameRecord, RecordError, format_record, parse_record

log = logging.getLogger(__name__)


class SaveError(Exception):
    """The game in progress cannot be resumed, for ``reason``."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Resumed:
    game: Game
    journal: Journal
    notice: Notice | None = None
    """Set when the journal's last lines could not be read."""


@dataclass(frozen=True)
class ArchivedGame:
    """A finished game: its record, and how it was played where that is known."""

    record: GameRecord
    setup: GameSetup | None
    path: Path


def new_game_id() -> str:
    """The date and time, then six random hex digits: names sort by age."""
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{random.randrange(16**6):06x}"


def link_info(game: Game) -> LinkInfo | None:
    """The cable of a linked game as its record names it (its number on the cable unknown)."""
    if game.setup.mode != Mode.LINK:
        return None
    return LinkInfo(role_of(game), game.record.tags.get(PORT_TAG, ""), 0)


def never_started(replayed: Replayed) -> bool:
    """A linked game with no move at all: maybe one the cable never agreed on."""
    return replayed.header.link is not None and not replayed.moves and not replayed.ended


class SaveFolder:
    def __init__(
        self, folder: Path, disk: Disk | None = None, new_id: Callable[[], str] = new_game_id
    ) -> None:
        self.folder = folder
        self.disk = disk or Disk()
        self.new_id = new_id
        self.problem = ""
        """Why saves are off ("" while they are on)."""
        self.journal: Journal | None = None
        """The journal of the game being played (or last played)."""
        self._resumable: Path | None = None
        self._before: tuple[Journal | None, Path | None] | None = None
        """The game in progress while a pending game is agreed (``begin``)."""

    @property
    def saves_on(self) -> bool:
        return not self.problem

    # -- at start ----------------------------------------------------------------

    def start(self) -> list[Notice]:
        """Put the folder in order; what the player must be told about it."""
        notices: list[Notice] = []
        try:
            self.disk.mkdir(self.folder)
        except OSError as error:
            self.problem = f"{self.folder}: {error.strerror or error}"
        if not self.problem and not self.disk.writable(self.folder):
            self.problem = f"{self.folder} cannot be written"
        if self.problem:
            notices.append(self._saves_off())
        try:
            notices += self._tidy()
        except OSError as error:
            self.problem = self.problem or f"{self.folder}: {error.strerror or error}"
            notices.append(self._saves_off())
        return notices

    def _saves_off(self) -> Notice:
        """The player is told in plain words; the folder and the system's reason go to
        the log, for whoever looks after the device."""
        log.warning("saves are off: %s", loggable(self.problem))
        return Notice("msg.saves_off")

    def _tidy(self) -> list[Notice]:
        notices: list[Notice] = []
        notices += self._convert_old_saves()
        unstarted: list[Path] = []
        for path in self.in_progress():
            try:
                replayed = read_journal(self.disk, path)
            except NewerJournal:
                notices.append(Notice("msg.journal_newer", {"file": file_name(path.name)}))
                continue
            except NotASaveFile as error:
                notices.append(not_a_save(error))
                continue
            except (JournalError, OSError) as error:
                notices.append(failure("msg.save_lost", error))
                continue
            if self.saves_on and never_started(replayed):
                unstarted.append(path)
                continue
            try:
                self._put_in_order(path, replayed)
            except OSError as error:  # a full card: the journal stays as it is
                notices.append(write_failed(error))
        self._settle_unstarted(unstarted)
        return notices

    def _settle_unstarted(self, paths: list[Path]) -> None:
        """Linked games without a move.  Beside another game in progress, each is one
        the cable was still agreeing on when the device stopped (that game was never
        given up): they go.  Otherwise the newest is offered to Continue."""
        if self._resumable is None and paths:
            self._resumable = paths.pop()
        for path in paths:
            with contextlib.suppress(OSError):  # then it is offered again next time
                self.disk.unlink(path)

    def _put_in_order(self, path: Path, replayed: Replayed) -> None:
        """Archive the journal at ``path`` if its game is over, else offer it to Continue."""
        if replayed.ended and self.saves_on:
            Journal(self.disk, path, replayed.header, replayed.moves).archive()
        elif self.saves_on and replayed.game().is_over():
            # stopped after the game's last ply, before its end was stored
            Journal.reopen(self.disk, path, replayed).finish(replayed.game())
        elif not replayed.ended:
            self._resumable = path

    def _convert_old_saves(self) -> list[Notice]:
        """The journal is written first, the old files removed after (see
        ``device.journal.old_saves``): a crash at any point is finished, never repeated."""
        old = read_old_saves(self.disk, self.folder)
        if old is None:
            return []
        journal = old.journal
        if journal is not None and not self.saves_on:
            journal.disk = None  # played from memory
            self.journal = journal
            return old.notices
        if journal is not None and journal.path.name not in self.disk.listdir(self.folder):
            journal.store()
        if self.saves_on and (old.files or old.converted):
            remove_old_files(self.disk, self.folder, old.files)
        return old.notices

    def in_progress(self) -> list[Path]:
        """The journals of games not archived, oldest first."""
        names = self.disk.listdir(self.folder)
        return [self.folder / name for name in names if name.endswith(SUFFIX)]

    # -- the game in progress ---------------------------------------------------

    def has_game(self) -> bool:
        """True when Continue has a game to resume."""
        if self.journal is not None:
            return not self.journal.ended
        return self._resumable is not None

    def resume(self) -> Resumed:
        """The game in progress; SaveError (for the player) when it cannot be read."""
        journal = self.journal
        if journal is not None and not journal.ended:
            replayed = Replayed(journal.header, list(journal.moves))
            return Resumed(replayed.game(), journal)
        if self._resumable is None:
            raise SaveError(Reason.MISSING)
        try:
            replayed = read_journal(self.disk, self._resumable)
        except (JournalError, OSError) as error:
            log.warning("the game in progress cannot be read: %s", loggable(error))
            raise SaveError(reason_of(error)) from error
        journal = Journal.reopen(self._writer(), self._resumable, replayed)
        self.journal = journal
        notice = tail_notice(replayed.lost_lines) if replayed.lost_lines else None
        return Resumed(replayed.game(), journal, notice)

    def begin(self, game: Game, link: LinkInfo | None = None, *, pending: bool = False) -> Journal:
        """A new journal for ``game``, written at its first ``sync``; ``link`` is its
        cable where the cable's number is known (else as the game's record names it).
        The game in progress before it is given up now, or, when the new game is
        ``pending`` (a linked game the cable is still agreeing on), only once its first
        move is stored (``started``); if it never gets one (``withdraw``) the game
        before it is in progress again."""
        if pending and self._before is None:
            self._before = (self.journal, self._resumable)
            self.journal, self._resumable = None, None
        self._give_up()  # the game in progress, or the pending game this one replaces
        link = link or link_info(game)
        header = Header(self.new_id(), game.setup, header_record(game.record), link)
        path = journal_path(self.folder, header.game_id)
        self.journal = Journal(self._writer(), path, header, written=False)
        return self.journal

    def started(self) -> None:
        """The game of the journal in hand is on the board, or one more of its moves is:
        a game it was pending over is given up, once the journal holds a move.  Until a
        linked game's first move, a link that fails or stops costs nothing
        (``withdraw``)."""
        journal = self.journal
        if journal is None:
            return
        if self._before is None or self._before[0] is journal:
            self._before = None
            return
        if not journal.moves:
            return
        self.journal, self._resumable = self._before
        self._before = None
        self._give_up()
        self.journal = journal

    def withdraw(self) -> None:
        """The pending game never started (the link was cancelled, failed, did not
        answer, or stopped before a move was played): its journal goes, and the game
        before it is in progress again."""
        if self._before is None:
            return
        with contextlib.suppress(OSError):  # then it stays, the newest game in progress
            self._give_up()
        self.journal, self._resumable = self._before
        self._before = None

    def _give_up(self) -> None:
        with contextlib.suppress(OSError):  # then it stays, older than the new one
            self.abandon()

    def archived_path(self, game: Game) -> Path | None:
        """Where ``game``, just finished here, is kept in the archive (None: saves are
        off, or the journal in hand is another game's)."""
        journal = self.journal
        if journal is None or journal.disk is None or not journal.ended:
            return None
        if journal.path.parent != self.folder / ARCHIVE:
            return None
        moves = [format_move(move) for move in game.record.moves]
        same = journal.header.record.start == game.record.start and journal.moves == moves
        return journal.path if same else None

    def linked_journal(self, seed: int) -> Journal | None:
        """The open journal of the unfinished linked game drawn from ``seed``, if any."""
        journal = self.journal
        if journal is None or journal.ended or journal.header.link is None:
            return None
        return journal if journal.header.record.seed == seed else None

    def abandon(self) -> None:
        """The player gave up the game in progress (for a new one)."""
        if self.journal is not None and not self.journal.ended:
            self.journal.abandon()
        elif self._resumable is not None and self.saves_on:
            self.disk.unlink(self._resumable)
        self.journal, self._resumable = None, None

    def _writer(self) -> Disk | None:
        return self.disk if self.saves_on else None

    # -- the archive ----------------------------------------------------------------

    def archived_files(self) -> list[Path]:
        """The archive's files, oldest first, without reading them (journals, and the
        first format's ``.txt`` records)."""
        archive = self.folder / ARCHIVE
        return [archive / name for name in archived_names(self.disk, archive)]

    def archived(self) -> list[ArchivedGame]:
        """The finished games that can be read, oldest first (old records included)."""
        games = (read_archived(self.disk, path) for path in self.archived_files())
        return [game for game in games if game is not None]


def archived_text(disk: Disk, path: Path) -> str:
    """An archived game as an engine record's text, whatever file holds it;
    JournalError, RecordError (both ValueError) or OSError when it cannot be read."""
    if path.name.endswith(SUFFIX):
        return format_record(read_journal(disk, path).game().record)
    try:
        return disk.read(path).decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"the record is not text ({error.reason})") from None


def read_archived(disk: Disk, path: Path) -> ArchivedGame | None:
    """The archived game in ``path`` with its setup where the file keeps it; None
    when it cannot be read."""
    try:
        if path.name.endswith(SUFFIX):
            game = read_journal(disk, path).game()
            return ArchivedGame(game.record, game.setup, path)
        return ArchivedGame(parse_record(archived_text(disk, path)), None, path)
    except (JournalError, RecordError, OSError):
        return None


def tail_notice(lost_lines: int) -> Notice:
    if lost_lines == 1:
        return Notice("msg.journal_tail", {})
    return Notice("msg.journal_tail_many", {"count": lost_lines})
