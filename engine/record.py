r"""Game records: a small, versioned, PGN-like text format.

Example::

    [Format "satellites-record 2"]
    [Rules "standard/2"]
    [Seed "1"]
    [Date "2026.11.30"]
    [Red "Ana"]
    [Blue "Computer, level 3"]
    [Result "1-0"]
    [Termination "23 satellites connected"]
    [Event "Club night \\ round \"2\"\u2028final"]
    [Start "..r3r4.r3.r3../.... r 0 0 0"]

    1. c10-d9 2. b4-c5 3. ... 1-0

The rules travel with the game (``Rules``, their id from ``engine.rules``):
a record of the first format, written before they did, was played under the
standard rules of that time, which the seed rules now play exactly.

Moves are numbered by ply (grace moves let one player move several times in a
row, so the chess pairing does not fit).  Loading replays every move with the
engine and names the first illegal one by its ply number.

A header value holds any text: a quote or a backslash is written with a
backslash before it, and every character that is not printable (line breaks
and separators, controls) as ``\xHH``, ``\uHHHH`` or ``\UHHHHHHHH``, so a
value always stays on its own line and reads back exactly.
"""

import re
from dataclasses import dataclass, field

from engine.moves import Move
from engine.notation import (
    IllegalMoveError,
    NotationError,
    format_move,
    format_position,
    parse_move,
    parse_position,
)
from engine.pieces import BLUE, RED
from engine.position import END_REASON_NAMES, NOT_OVER, Position
from engine.rules import LEGACY, STANDARD, Rules, RulesError, rules_from_id
from engine.scoring import score
from engine.start import starting_position
from engine.text import shown, whole_number

FORMAT = "satellites-record 2"
FIRST_FORMAT = "satellites-record 1"
"""Records written before the rules travelled with games: read as LEGACY rules."""
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
"""Red won, Blue won, draw, unfinished."""
_HEADER = re.compile(r'^\[([A-Za-z][A-Za-z0-9]*) "((?:[^"\\]|\\.)*)"\]$')
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_ESCAPE = re.compile(r'\\(x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8}|["\\]|)')
STANDARD_HEADERS = (
    "Format",
    "Rules",
    "Seed",
    "Date",
    "Red",
    "Blue",
    "Result",
    "Termination",
    "Start",
)
_LINE_WIDTH = 78


class RecordError(ValueError):
    """A game record that cannot be read or does not replay."""


@dataclass
class GameRecord:
    start: str
    """The start position in RULES.md section 8 notation."""
    moves: list[Move] = field(default_factory=list)
    seed: int | None = None
    """The setup seed; None for a position set up by hand."""
    red: str = "Red"
    blue: str = "Blue"
    date: str = ""
    tags: dict[str, str] = field(default_factory=dict)
    """Further headers (mode, AI level, ...), kept in order."""
    rules: Rules = STANDARD

    @classmethod
    def from_seed(
        cls, seed: int, red: str = "Red", blue: str = "Blue", rules: Rules = STANDARD
    ) -> "GameRecord":
        start = format_position(starting_position(seed, rules))
        return cls(start=start, seed=seed, red=red, blue=blue, rules=rules)

    def start_position(self) -> Position:
        """The start position, under the record's rules."""
        return parse_position(self.start, self.rules)

    def final_position(self) -> Position:
        position = self.start_position()
        for move in self.moves:
            position.make(move)
        return position

    def result(self) -> str:
        return result_of(self.final_position())


def result_of(position: Position) -> str:
    if position.end_reason() == NOT_OVER:
        return "*"
    winner = score(position).winner
    return "1-0" if winner == RED else "0-1" if winner == BLUE else "1/2-1/2"


def format_record(record: GameRecord) -> str:
    """The record as text; RecordError for a record the reader would refuse.

    >>> record = GameRecord.from_seed(1, red="Ana", blue="Ben")
    >>> record.moves.append(parse_move(record.final_position(), "c10-d9"))
    >>> text = format_record(record)
    >>> print(text[: text.index("[Start")], end="")
    [Format "satellites-record 2"]
    [Rules "standard/2"]
    [Seed "1"]
    [Date ""]
    [Red "Ana"]
    [Blue "Ben"]
    [Result "*"]
    >>> text.splitlines()[-1]
    '1. c10-d9 *'
    >>> parse_record(text) == record
    True
    """
    _check_writable(record)
    final = record.final_position()
    result = result_of(final)
    headers = [("Format", FORMAT), ("Rules", record.rules.id)]
    if record.seed is not None:
        headers.append(("Seed", str(record.seed)))
    headers += [("Date", record.date), ("Red", record.red), ("Blue", record.blue)]
    headers.append(("Result", result))
    if result != "*":
        headers.append(("Termination", END_REASON_NAMES[final.end_reason()]))
    headers += list(record.tags.items())
    headers.append(("Start", record.start))
    lines = [f'[{name} "{_escape(value)}"]' for name, value in headers]
    lines.append("")
    lines += _wrap([f"{ply}. {format_move(m)}" for ply, m in enumerate(record.moves, 1)] + [result])
    return "\n".join(lines) + "\n"


def _check_writable(record: GameRecord) -> None:
    for name in record.tags:
        if not _TAG_NAME.fullmatch(name) or name in STANDARD_HEADERS:
            raise RecordError(f"a tag is named by a letter, then letters or digits: {shown(name)}")
    if record.seed is None:
        return
    if record.seed < 0:
        raise RecordError(f"the seed must be a whole number, not {record.seed}")
    if record.start != format_position(starting_position(record.seed, record.rules)):
        raise RecordError(f"the start position is not the one seed {record.seed} draws")


def _escape(value: str) -> str:
    return "".join(_escape_character(ch) for ch in value)


def _escape_character(ch: str) -> str:
    if ch in '"\\':
        return "\\" + ch
    if ch.isprintable():
        return ch
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _unescape(value: str, line: int) -> str:
    parts = _ESCAPE.split(value)
    text = parts[0]
    for escape, following in zip(parts[1::2], parts[2::2], strict=True):
        if escape in ('"', "\\"):
            text += escape
        elif escape and int(escape[1:], 16) <= 0x10FFFF:
            text += chr(int(escape[1:], 16))
        else:
            raise RecordError(f"line {line}: a header holds a malformed escape")
        text += following
    return text


def _wrap(tokens: list[str]) -> list[str]:
    lines: list[str] = []
    line = ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > _LINE_WIDTH:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    lines.append(line)
    return lines


def parse_record(text: str) -> GameRecord:
    r"""Read a record, replaying and validating every move.

    A record drawn from a seed may leave out its start position:

    >>> headers = '[Format "satellites-record 2"]\n[Rules "seed/1"]\n[Seed "1"]\n'
    >>> record = parse_record(headers + '\n1. c10-d9 2. b5-c6 *\n')
    >>> [format_move(move) for move in record.moves], record.red, record.result(), record.rules.id
    (['c10-d9', 'b5-c6'], 'Red', '*', 'seed/1')
    >>> parse_record(headers + '\n1. c10-d9 2. a1-a2 *\n')
    Traceback (most recent call last):
    engine.record.RecordError: ply 2: 'a1-a2' is not a legal move in this position
    """
    headers, movetext = _split_headers(text)
    rules = rules_of(headers)
    seed = _seed(headers)
    start = _start(headers, seed, rules)
    record = GameRecord(
        rules=rules,
        start=start,
        seed=seed,
        red=headers.get("Red", "Red"),
        blue=headers.get("Blue", "Blue"),
        date=headers.get("Date", ""),
        tags={k: v for k, v in headers.items() if k not in STANDARD_HEADERS},
    )
    claimed = _replay(record, movetext)
    actual = record.result()
    if claimed != actual or headers.get("Result", actual) != actual:
        raise RecordError(f"the record claims the result {claimed}, but its moves give {actual}")
    return record


def parse_headers(text: str) -> dict[str, str]:
    """A record's headers alone, its moves neither read nor replayed (a list of
    games needs no more); RecordError for a malformed header."""
    return _split_headers(text)[0]


def _split_headers(text: str) -> tuple[dict[str, str], list[str]]:
    """The headers, then the move text split into tokens."""
    headers: dict[str, str] = {}
    lines = text.splitlines()
    body_start = len(lines)
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped:
            continue
        if not stripped.startswith("["):
            body_start = number - 1
            break
        match = _HEADER.match(stripped)
        if not match:
            raise RecordError(f"line {number}: malformed header {shown(stripped)}")
        if match.group(1) in headers:
            raise RecordError(f"line {number}: the header {match.group(1)} appears twice")
        headers[match.group(1)] = _unescape(match.group(2), number)
    return headers, " ".join(lines[body_start:]).split()


def rules_of(headers: dict[str, str]) -> Rules:
    """The rules a record's headers say it was played under (RecordError for an
    unknown format, or rules this version cannot play)."""
    form = headers.get("Format")
    if form == FIRST_FORMAT:
        return LEGACY
    if form != FORMAT:
        raise RecordError(f'not a Satellites record of a known version (Format "{FORMAT}")')
    if "Rules" not in headers:
        raise RecordError("the record does not say which rules it was played under")
    try:
        return rules_from_id(headers["Rules"])
    except RulesError as error:
        raise RecordError(str(error)) from None


def _seed(headers: dict[str, str]) -> int | None:
    text = headers.get("Seed")
    if text is None:
        return None
    seed = whole_number(text)
    if seed is None:
        raise RecordError(f"the Seed header must be a whole number, not {shown(text)}")
    return seed


def _start(headers: dict[str, str], seed: int | None, rules: Rules) -> str:
    if "Start" not in headers:
        if seed is None:
            raise RecordError("the record has neither a Start position nor a Seed")
        return format_position(starting_position(seed, rules))
    try:
        start = format_position(parse_position(headers["Start"], rules))
    except NotationError as error:
        raise RecordError(f"the Start position is malformed: {error}") from None
    if seed is not None and start != format_position(starting_position(seed, rules)):
        raise RecordError(f"the Start position is not the one Seed {seed} draws")
    return start


def _replay(record: GameRecord, tokens: list[str]) -> str:
    """Append the moves of ``tokens`` to ``record``; return the closing result token."""
    if not tokens or tokens[-1] not in RESULTS:
        raise RecordError("the moves must end with a result: 1-0, 0-1, 1/2-1/2 or *")
    position = record.start_position()
    expected = 1
    for token in tokens[:-1]:
        if token.endswith("."):
            if token != f"{expected}.":
                raise RecordError(f"ply {expected}: found the number {shown(token)}")
            continue
        try:
            move = parse_move(position, token)
        except (NotationError, IllegalMoveError) as error:
            raise RecordError(f"ply {expected}: {error}") from None
        position.make(move)
        record.moves.append(move)
        expected += 1
    return tokens[-1]
