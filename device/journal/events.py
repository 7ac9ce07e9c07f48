"""What the journal's lines mean: the header, plies, undos and the end.

The first line is the header::

    {"journal": 2, "game": "20261201-204815-a1b2c3", "mode": "ai", "level": 3,
     "colour": 1, "tabletop": false, "rules": "standard/2", "seed": 1239,
     "date": "2026.12.01", "red": "You", "blue": "Computer",
     "tags": {"Mode": "ai", "Level": "3"},
     "link": {"role": "host", "peer": "/dev/serial0", "game": 305441741}}

(``start`` replaces ``seed`` for a position set up by hand; ``link`` is there
for a linked game only.)  ``rules`` names the rules the game is played under
(``engine.rules``): it is resumed, listed and replayed under them and no
others.  A journal of the first format, written before rules travelled with
games, was played under the standard rules of that time (``LEGACY``); one
whose rules this version does not know, or knows only in an older version, is
named and left alone.  Then, one line each::

    {"ply": 1, "move": "e10-e8"}     the next ply, in RULES.md notation
    {"undo": 4}                      the moves after ply 4 were taken back
    {"end": "1-0", "resigned": null} the game is over (resigned: "Red", "Blue")

Reading replays every ply with the engine; a line that does not fit (a ply
out of order, an illegal move, an end before the game is over) ends the
valid part of the journal just as a damaged checksum does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from device.journal.lines import Event, decode_lines
from device.link.game import Role
from device.play.game import Game, GameSetup, Mode, mode_named
from device.play.opponent import LEVEL_NUMBERS
from engine.notation import (
    IllegalMoveError,
    NotationError,
    format_move,
    format_position,
    parse_move,
    parse_position,
)
from engine.pieces import COLOUR_NAMES, NOBODY
from engine.position import Position
from engine.record import GameRecord, RecordError, format_record
from engine.rules import LEGACY, Rules, RulesError, rules_from_id

VERSION = 2
"""The journal format this code writes; a newer one is left alone."""
FIRST_VERSION = 1
"""The format before the header named its rules: read as played under LEGACY."""
LINK_GAME_IDS = range(0, 2**32)
"""A linked game's number on the cable; 0 when it is not known (the app keeps no cable)."""
T = TypeVar("T")


class JournalError(ValueError):
    """The journal cannot be read at all (its header); the message is for the player."""


class NewerJournal(JournalError):
    """The journal was written by a newer version of the game."""


@dataclass(frozen=True)
class LinkInfo:
    """A linked game's cable: this device's role, the port, the game's number on the cable."""

    role: Role
    peer: str
    link_game: int


@dataclass
class Header:
    game_id: str
    setup: GameSetup
    record: GameRecord
    """Everything but the moves."""
    link: LinkInfo | None = None


@dataclass
class Replayed:
    """A journal read as far as it makes sense."""

    header: Header
    moves: list[str] = field(default_factory=list)
    resigned: int = NOBODY
    ended: bool = False
    valid_bytes: int = 0
    lost_lines: int = 0
    """Complete lines after the valid part (damage: the player is told)."""
    torn: bool = False
    """An unfinished last line (a write the device never completed: not damage)."""

    def game(self) -> Game:
        record = header_record(self.header.record)
        setup = GameSetup(**vars(self.header.setup))
        game = Game(record, setup)
        for text in self.moves:
            game.play(parse_move(game.position, text))
        game.resigned = self.resigned
        return game


def header_record(record: GameRecord) -> GameRecord:
    """A copy of ``record``'s header, without the moves."""
    return GameRecord(
        start=record.start,
        seed=record.seed,
        red=record.red,
        blue=record.blue,
        date=record.date,
        tags=dict(record.tags),
        rules=record.rules,
    )


def valid_game_id(text: str) -> bool:
    return 0 < len(text) <= 64 and all(ch.isascii() and (ch.isalnum() or ch == "-") for ch in text)


def header_event(header: Header) -> Event:
    record, setup = header.record, header.setup
    event: Event = {"journal": VERSION, "game": header.game_id, "mode": setup.mode}
    event |= {"level": setup.ai_level, "colour": setup.human_colour, "tabletop": setup.tabletop}
    event["rules"] = record.rules.id
    if record.seed is not None:
        event["seed"] = record.seed
    else:
        event["start"] = record.start
    event |= {"date": record.date, "red": record.red, "blue": record.blue, "tags": record.tags}
    if header.link is not None:
        link = header.link
        event["link"] = {"role": str(link.role), "peer": link.peer, "game": link.link_game}
    return event


def ply_event(ply: int, move: str) -> Event:
    return {"ply": ply, "move": move}


def undo_event(plies: int) -> Event:
    return {"undo": plies}


def end_event(game: Game) -> Event:
    resigned = COLOUR_NAMES[game.resigned] if game.resigned != NOBODY else None
    return {"end": game.record.result(), "resigned": resigned}


def header_from(event: Event) -> Header:
    """The header line's meaning; JournalError (NewerJournal) when it has none."""
    version = event.get("journal")
    if type(version) is int and version > VERSION:
        raise NewerJournal(f"it was written by a newer version of the game (format {version})")
    if version not in (FIRST_VERSION, VERSION) or type(version) is not int:
        raise JournalError("it does not start with a journal header")
    rules = _rules(event) if version == VERSION else LEGACY
    try:
        return _header(event, rules)
    except (KeyError, TypeError, ValueError) as error:
        raise JournalError(f"its header is not valid ({error})") from None


def _rules(event: Event) -> Rules:
    """The rules the header names: NewerJournal for rules of a newer version than
    this one plays, JournalError for none it knows."""
    name = event.get("rules")
    if not isinstance(name, str):
        raise JournalError("its header does not name the rules")
    try:
        return rules_from_id(name)
    except RulesError as error:
        if "newer" in str(error):
            raise NewerJournal(str(error)) from None
        raise JournalError(str(error)) from None


def _header(event: Event, rules: Rules) -> Header:
    game_id = _get(event, "game", str)
    if not valid_game_id(game_id):
        raise ValueError(f"game {game_id!r}")
    word, level = _get(event, "mode", str), _get(event, "level", int)
    mode = mode_named(word)
    if mode is None:
        raise ValueError(f"unknown mode {word!r}")
    if level not in LEVEL_NUMBERS:
        raise ValueError(f"unknown computer level {level}")
    colour = _get(event, "colour", int)
    if colour not in (0, 1):
        raise ValueError(f"unknown colour {colour}")
    setup = GameSetup(mode, level, colour, _get(event, "tabletop", bool))
    record = _record(event, rules)
    link = _link(event["link"]) if "link" in event else None
    if (mode == Mode.LINK) != (link is not None):
        raise ValueError("a linked game names its cable, and only a linked game")
    return Header(game_id, setup, record, link)


def _record(event: Event, rules: Rules) -> GameRecord:
    tags = _get(event, "tags", dict)
    if not all(isinstance(key, str) and isinstance(value, str) for key, value in tags.items()):
        raise ValueError("tags")
    if "seed" in event:
        seed = _get(event, "seed", int)
        if seed < 0:
            raise ValueError(f"seed {seed}")
        record = GameRecord.from_seed(seed, rules=rules)
    else:
        try:
            start = parse_position(_get(event, "start", str), rules)
        except NotationError as error:
            raise ValueError(f"start position: {error}") from None
        record = GameRecord(start=format_position(start), rules=rules)
    record.red, record.blue = _get(event, "red", str), _get(event, "blue", str)
    record.date, record.tags = _get(event, "date", str), dict(tags)
    try:
        format_record(record)
    except RecordError as error:
        raise ValueError(str(error)) from None
    return record


def _link(value: object) -> LinkInfo:
    if not isinstance(value, dict):
        raise ValueError("link")
    role, peer, number = value.get("role"), value.get("peer"), value.get("game")
    if role not in tuple(Role) or not isinstance(peer, str):
        raise ValueError("link role or port")
    if type(number) is not int or number not in LINK_GAME_IDS:
        raise ValueError("link game number")
    return LinkInfo(Role(str(role)), peer, number)


def _get(event: Event, name: str, kind: type[T]) -> T:
    value = event[name]
    if type(value) is not kind:
        raise TypeError(f"{name} is not a {kind.__name__}")
    return value


def replay(data: bytes) -> Replayed:
    """The journal in ``data`` as far as it is valid; JournalError without a header."""
    lines = decode_lines(data)
    if not lines.events:
        if not data:
            raise JournalError("it is empty")
        raise JournalError("its first line is damaged" if lines.damaged else "it is cut short")
    replayed = Replayed(header_from(lines.events[0]), torn=lines.torn)
    position = replayed.header.record.final_position()
    replayed.valid_bytes = lines.sizes[0]
    for index, event in enumerate(lines.events[1:], 1):
        if replayed.ended or not _apply(replayed, position, event):
            replayed.lost_lines = len(lines.events) - index + lines.damaged
            return replayed
        replayed.valid_bytes += lines.sizes[index]
    replayed.lost_lines = lines.damaged
    return replayed


def heading(data: bytes) -> tuple[Header, Event | None]:
    """A journal's header and its end line (None: no end), the plies neither read
    nor replayed: what a list of finished games shows.  JournalError without a header."""
    lines = decode_lines(data)
    if not lines.events:
        raise JournalError("its first line is damaged" if lines.damaged else "it is cut short")
    ends = [event for event in lines.events[1:] if "end" in event]
    return header_from(lines.events[0]), ends[-1] if ends else None


def _apply(replayed: Replayed, position: Position, event: Event) -> bool:
    """Play one event onto ``position``; False when it does not fit the game so far."""
    moves = replayed.moves
    if "ply" in event:
        text = event.get("move")
        if event["ply"] != len(moves) + 1 or not isinstance(text, str) or position.is_over():
            return False
        try:
            move = parse_move(position, text)
        except (NotationError, IllegalMoveError):
            return False
        if format_move(move) != text:
            return False
        position.make(move)
        moves.append(text)
        return True
    if "undo" in event:
        plies = event["undo"]
        if type(plies) is not int or not 0 <= plies < len(moves):
            return False
        for _ in range(len(moves) - plies):
            position.unmake()
            moves.pop()
        return True
    if "end" in event:
        return _end(replayed, position, event)
    return False


def _end(replayed: Replayed, position: Position, event: Event) -> bool:
    resigned = event.get("resigned")
    if resigned is None:
        if not position.is_over():
            return False
    elif resigned in COLOUR_NAMES:
        replayed.resigned = COLOUR_NAMES.index(str(resigned))
    else:
        return False
    replayed.ended = True
    return True
