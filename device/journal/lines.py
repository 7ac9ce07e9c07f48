"""The journal's lines: one event each, a checksum each.

A line is the CRC-32 of its JSON text in eight hex digits, a space, the JSON
text (ASCII only, so it never holds a line break), and a line feed.  A line
whose checksum does not match is damaged; a last line with no line feed was
being written when the device stopped, so it never counted (the move it
held was neither shown, sent nor acknowledged) and is not damage.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field

Event = dict[str, object]
"""One decoded line: the header, a ply, an undo or the end."""


def encode_line(event: Event) -> bytes:
    body = json.dumps(event, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    return f"{zlib.crc32(body):08x} ".encode("ascii") + body + b"\n"


def encode_lines(events: list[Event]) -> bytes:
    return b"".join(encode_line(event) for event in events)


@dataclass
class Lines:
    """A file read line by line as far as the lines are intact."""

    events: list[Event] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    """Each intact line's length in bytes, newline included."""
    damaged: int = 0
    """Complete lines from the first damaged one to the end (0: none)."""
    torn: bool = False
    """The file ends in the middle of a line (an append the device never finished)."""


def decode_line(line: bytes) -> Event | None:
    """The event a complete line (without its newline) holds; None if it is damaged."""
    crc, space, body = line.partition(b" ")
    if not space or len(crc) != 8 or f"{zlib.crc32(body):08x}".encode("ascii") != crc:
        return None
    try:
        event = json.loads(body.decode("ascii"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return event if isinstance(event, dict) else None


def decode_lines(data: bytes) -> Lines:
    """The intact lines from the start; the first damaged one ends the reading."""
    lines = Lines()
    *complete, rest = data.split(b"\n")
    lines.torn = bool(rest)
    for index, line in enumerate(complete):
        event = decode_line(line)
        if event is None:
            lines.damaged = len(complete) - index
            break
        lines.events.append(event)
        lines.sizes.append(len(line) + 1)
    return lines
