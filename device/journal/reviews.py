"""A finished game's review, kept beside the game in the archive: computed once.

``finished/000051.20261201-204815-a1b2c3.review`` stands beside the game's
journal (``.journal``) or record (``.txt``).  It is one line of the
journal's kind (``device.journal.lines``: a CRC-32, then JSON)::

    1a2b3c4d {"review":1,"game":"9f86d081884c7d65","values":[35,-12,...],
              "lines":[["c10-d9","b4-c5","d9-d7"],...,[]]}

``values`` holds each position's value for Red, from the start to the last
(``engine.ai.review``), and ``lines`` the move the computer would play there
and the replies it expects, in RULES.md notation (none where the game is
over).  ``game`` is a fingerprint of the game reviewed: its rules, its start and
its moves.  A file that cannot be read, fails its checksum, is of another
version or another game, or holds a line that does not replay is no review:
the game is reviewed again and the file written over.  Written through
``Disk.write_durably``, so a power cut leaves the old file or the new one.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

from device.journal.disk import Disk
from device.journal.lines import Event, decode_line, encode_line
from engine.ai.evaluation import WIN
from engine.ai.review import Assessment, Review, review_of
from engine.notation import IllegalMoveError, NotationError, format_move, parse_move
from engine.pieces import Colour
from engine.position import Position
from engine.record import GameRecord

log = logging.getLogger(__name__)

SUFFIX = ".review"
VERSION = 1
"""The review format this code writes and reads; another is reviewed again."""
LARGEST_VALUE = 2 * WIN
"""No assessment is larger (a won game's value is about ``WIN``)."""


class NotAReview(ValueError):
    """A review file that does not hold the review of this game (the message says why)."""


def review_path(game_path: Path) -> Path:
    """Where the review of the archived game in ``game_path`` is kept."""
    return game_path.with_suffix(SUFFIX)


def fingerprint(record: GameRecord) -> str:
    """Sixteen hex digits that change with the game's rules, its start or any move."""
    moves = (format_move(move) for move in record.moves)
    text = "\n".join([record.rules.id, record.start, *moves])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def review_event(record: GameRecord, review: Review) -> Event:
    return {
        "review": VERSION,
        "game": fingerprint(record),
        "values": [assessment.value for assessment in review.assessments],
        "lines": [[format_move(move) for move in a.line] for a in review.assessments],
    }


def store_review(disk: Disk, game_path: Path, record: GameRecord, review: Review) -> None:
    """Keep ``review`` beside the game (OSError when it cannot be written)."""
    disk.write_durably(review_path(game_path), encode_line(review_event(record, review)))


def load_review(disk: Disk, game_path: Path, record: GameRecord, winner: Colour) -> Review | None:
    """The review kept beside the game, or None when there is none to use (none
    yet, or a file that is not this game's review: the reason is logged)."""
    path = review_path(game_path)
    try:
        data = disk.read(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        log.warning("the review %s cannot be read: %s", path.name, error)
        return None
    try:
        return read_review(data, record, winner)
    except NotAReview as error:
        log.warning("the review %s is reviewed again: %s", path.name, error)
        return None


def read_review(data: bytes, record: GameRecord, winner: Colour) -> Review:
    """The review of ``record`` that ``data`` holds; NotAReview when it holds none."""
    event = decode_line(data.removesuffix(b"\n"))
    if event is None or b"\n" in data.removesuffix(b"\n"):
        raise NotAReview("it is damaged")
    if event.get("review") != VERSION:
        raise NotAReview(f"it is not of format {VERSION}")
    if event.get("game") != fingerprint(record):
        raise NotAReview("it is the review of another game")
    values, lines = event.get("values"), event.get("lines")
    positions = len(record.moves) + 1
    if not isinstance(values, list) or not isinstance(lines, list):
        raise NotAReview("it holds no values or no lines")
    if len(values) != positions or len(lines) != positions:
        raise NotAReview(f"it does not hold {positions} positions")
    position = record.start_position()
    assessments = []
    for ply, (value, line) in enumerate(zip(values, lines, strict=True)):
        if ply:
            position.make(record.moves[ply - 1])
        if type(value) is not int or abs(value) > LARGEST_VALUE:
            raise NotAReview(f"position {ply}: {value!r} is not a value")
        assessments.append(Assessment(value, _line(position, line, ply)))
    return review_of(record, assessments, winner)


def _line(position: Position, line: object, ply: int) -> tuple[int, ...]:
    """The moves of ``line``, each legal where it is played; ``position`` is left as it was."""
    if not isinstance(line, list) or (not line) != position.is_over():
        raise NotAReview(f"position {ply}: its line does not fit the position")
    played = position.copy()
    moves = []
    for text in line:
        try:
            move = parse_move(played, text) if isinstance(text, str) else None
        except (NotationError, IllegalMoveError):
            move = None
        if move is None:
            raise NotAReview(f"position {ply}: {text!r} is not a legal move there")
        played.make(move)
        moves.append(move)
    return tuple(moves)
