"""Saves of the first format, read once and converted into journals.

The first format kept the game in progress as ``current-game.sav`` (a checked
container, ``satellites-file 1 <crc> <length>`` then a JSON document around
an engine record) with the copy before it as ``current-game.sav.prev``, and
the link cable's copy of a linked game as ``link-game.json``.  Conversion
writes the journal first (its name comes from the old files' bytes, so a
crash before the next step finds it and does not write it again), then the
``CONVERTED`` mark, then removes the old files, then the mark: while the mark
is there the old files left are only removed, never converted again (a crash
between two removals would otherwise convert ``.prev`` alone, an older game,
under another name).  Files that cannot be read are left exactly as they are.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from device.journal.disk import Disk, NotASaveFile
from device.journal.events import Header, LinkInfo, header_record
from device.journal.file import ARCHIVE, Journal, archived_names, journal_path
from device.journal.notice import Notice, failure, not_a_save
from device.link.game import Role
from device.play.game import Game, GameSetup, Mode, mode_named
from device.play.link_games import PORT_TAG, ROLE_TAG
from device.play.opponent import LEVEL_NUMBERS
from engine.notation import IllegalMoveError, NotationError, format_move, parse_move
from engine.record import RecordError, parse_record

MAGIC = "satellites-file 1"
AUTOSAVE = "current-game.sav"
PREVIOUS = AUTOSAVE + ".prev"
LINK_SAVE = "link-game.json"
OLD_FILES = (AUTOSAVE, PREVIOUS, LINK_SAVE)
CONVERTED = "format1.converted"
"""The mark that the old files' game is in a journal and they are being removed."""


class OldFormatError(ValueError):
    """A first-format file that cannot be read; the message says why."""


def decode_container(data: bytes) -> str:
    """The text inside a first-format checked container."""
    header, newline, body = data.partition(b"\n")
    fields = header.decode("ascii", "replace").split(" ")
    if not newline or len(fields) != 4 or " ".join(fields[:2]) != MAGIC:
        raise OldFormatError("not a Satellites file")
    crc, length = fields[2], fields[3]
    if not length.isdigit() or int(length) != len(body):
        raise OldFormatError("the file is cut short")
    if f"{zlib.crc32(body):08x}" != crc:
        raise OldFormatError("the checksum does not match")
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        raise OldFormatError("the file does not hold text") from None


def game_from_autosave(data: bytes) -> Game:
    """The game of a first-format autosave; OldFormatError when it makes no sense."""
    try:
        document = json.loads(decode_container(data))
        mode, level = document["mode"], document["ai_level"]
        colour, tabletop = document["human_colour"], document["tabletop"]
        record = parse_record(str(document["record"]))
    except (ValueError, KeyError, TypeError, RecursionError) as error:
        raise OldFormatError(f"the saved game does not make sense ({error})") from None
    known = mode_named(mode)
    if known is None or level not in LEVEL_NUMBERS or colour not in (0, 1):
        raise OldFormatError(f"the saved game names an unknown mode, level or colour ({level})")
    return Game(record, GameSetup(known, level, colour, tabletop is True))


@dataclass(frozen=True)
class OldLinkGame:
    game_id: int
    seed: int
    local_colour: int
    role: Role
    moves: list[str]


def link_game_from(data: bytes) -> OldLinkGame:
    try:
        document = json.loads(data.decode("utf-8"))
        if document["format"] != "satellites-link 1":
            raise ValueError("unknown format")
        game = OldLinkGame(
            int(document["game_id"]),
            int(document["seed"]),
            int(document["local_colour"]),
            Role(str(document["role"])),
            [str(move) for move in document["moves"]],
        )
    except (ValueError, KeyError, TypeError, RecursionError) as error:
        raise OldFormatError(f"the link cable's saved game is unreadable ({error})") from None
    if game.local_colour not in (0, 1) or not 0 < game.game_id < 2**32 or game.seed < 0:
        raise OldFormatError("the link cable's saved game names an unknown colour or game")
    return game


@dataclass
class OldSaves:
    """What the first-format files of a save folder hold."""

    files: list[str]
    """The files to remove once their game is kept (none when they cannot be read)."""
    journal: Journal | None = None
    """The unfinished game they hold, as a journal not written yet."""
    notices: list[Notice] = field(default_factory=list)
    converted: bool = False
    """The game is already in a journal (``CONVERTED``): only the removals are left."""


def read_old_saves(disk: Disk, folder: Path) -> OldSaves | None:
    """The first-format saves in ``folder``; None when there are none."""
    names = disk.listdir(folder)
    present = [name for name in OLD_FILES if name in names]
    if CONVERTED in names:
        return OldSaves(present, converted=True)
    if not present:
        return None
    try:
        contents = {name: disk.read(folder / name) for name in present}
    except NotASaveFile as error:
        return OldSaves([], notices=[not_a_save(error)])
    try:
        game, damaged = _old_game(contents)
        link = _link_of(game, contents) if game is not None else None
    except OldFormatError as error:
        return OldSaves([], notices=[failure("msg.save_lost", error)])
    if game is None or game.is_over() or _already_archived(disk, folder, game):
        return OldSaves(present)
    game_id = f"format1-{zlib.crc32(b''.join(contents.values())):08x}"
    header = Header(game_id, game.setup, header_record(game.record), link)
    moves = [format_move(move) for move in game.record.moves]
    journal = Journal(disk, journal_path(folder, game_id), header, moves, written=False)
    return OldSaves(present, journal, [Notice("msg.journal_tail")] if damaged else [])


def remove_old_files(disk: Disk, folder: Path, names: list[str]) -> None:
    """Remove the old files ``names`` whose game is kept, under the ``CONVERTED`` mark."""
    disk.write_durably(folder / CONVERTED, b"")
    for name in names:
        disk.unlink(folder / name)
    disk.unlink(folder / CONVERTED)


def _already_archived(disk: Disk, folder: Path, game: Game) -> bool:
    """True when the archive holds ``game`` finished (the first format archived a game,
    then removed its autosave and the copy before it: a crash could fall in between)."""
    archive = folder / ARCHIVE
    for name in archived_names(disk, archive):
        try:
            record = parse_record(disk.read(archive / name).decode("utf-8"))
        except (RecordError, OSError, UnicodeDecodeError):
            continue
        same_start = (record.seed, record.start) == (game.record.seed, game.record.start)
        if same_start and record.moves[: game.ply] == game.record.moves:
            return True
    return False


def _old_game(contents: dict[str, bytes]) -> tuple[Game | None, bool]:
    """The game the old files hold (None: none unfinished), and whether the newest
    autosave was damaged (the one before it was used)."""
    game, damaged, problem = None, False, ""
    for name in (AUTOSAVE, PREVIOUS):
        if name in contents:
            try:
                game = game_from_autosave(contents[name])
                break
            except OldFormatError as error:
                damaged, problem = True, problem or str(error)
    if game is None and (AUTOSAVE in contents or PREVIOUS in contents):
        raise OldFormatError(problem)
    if LINK_SAVE in contents:
        game = _with_link_moves(game, link_game_from(contents[LINK_SAVE]))
    return game, damaged and game is not None and PREVIOUS in contents


def _with_link_moves(game: Game | None, link: OldLinkGame) -> Game | None:
    """The link cable's copy is the one both devices agreed on: its moves win."""
    if game is None or game.setup.mode != Mode.LINK or game.record.seed != link.seed:
        if game is not None:
            return game
        game = Game.new(link.seed, GameSetup(Mode.LINK, human_colour=link.local_colour), _NAMES, "")
        game.record.tags |= {ROLE_TAG: link.role, PORT_TAG: ""}
    linked = Game(header_record(game.record), game.setup)
    for ply, text in enumerate(link.moves, 1):
        try:
            linked.play(parse_move(linked.position, text))
        except (NotationError, IllegalMoveError, ValueError) as error:
            raise OldFormatError(f"the link cable's saved game, ply {ply}: {error}") from None
    return linked


_NAMES = ("Red", "Blue")
"""The players' names of a linked game only the link cable's copy knew."""


def _link_of(game: Game, contents: dict[str, bytes]) -> LinkInfo | None:
    if game.setup.mode != Mode.LINK:
        return None
    if LINK_SAVE not in contents:
        raise OldFormatError("the link cable's copy of the linked game is missing")
    link = link_game_from(contents[LINK_SAVE])
    return LinkInfo(link.role, game.record.tags.get(PORT_TAG, ""), link.game_id)


def check_old_file(name: str, data: bytes) -> None:
    """OldFormatError unless the first-format file ``name`` reads."""
    if name == LINK_SAVE:
        link_game_from(data)
    else:
        game_from_autosave(data)
