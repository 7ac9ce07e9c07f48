"""The payload of each link message (the frame header carries game id and ply)."""

import struct
from dataclasses import dataclass

from device.link.frames import MAX_PAYLOAD, Frame, FrameError, Kind
from device.link.game import Role

_HELLO = struct.Struct("<BBBIBQ")
_HASH = struct.Struct("<Q")
_ACK = struct.Struct("<QQ")
ROLE_CODES = {Role.HOST: 0, Role.GUEST: 1}
ROLE_NAMES = {code: name for name, code in ROLE_CODES.items()}
MAX_MOVE_TEXT = 16
"""Longest move text accepted ("e10-g10:j10" is 11 characters)."""


@dataclass(frozen=True)
class Hello:
    """Sent at link-up: who I am, which game, how far I am, and the history hash there.

    A guest that has no game yet sends game id 0, seed 0 and colour 0.
    ``answer`` is set on the reply to a HELLO, which is never itself answered.
    """

    rules: int
    role: Role
    answer: bool
    seed: int
    colour: int
    chain: int


def hello_frame(game_id: int, plies: int, hello: Hello) -> Frame:
    payload = _HELLO.pack(
        hello.rules, ROLE_CODES[hello.role], hello.answer, hello.seed, hello.colour, hello.chain
    )
    return Frame(Kind.HELLO, game_id, plies, payload)


def read_hello(frame: Frame) -> Hello:
    if len(frame.payload) != _HELLO.size:
        raise FrameError("HELLO of the wrong size")
    rules, role, answer, seed, colour, chain = _HELLO.unpack(frame.payload)
    if role not in ROLE_NAMES or answer > 1 or colour > 1:
        raise FrameError("HELLO with an unknown role, answer flag or colour")
    return Hello(rules, ROLE_NAMES[role], bool(answer), seed, colour, chain)


def move_frame(game_id: int, ply: int, chain: int, text: str) -> Frame:
    return Frame(Kind.MOVE, game_id, ply, _HASH.pack(chain) + text.encode("ascii"))


def read_move(frame: Frame) -> tuple[int, str]:
    """(history hash after the move, move text)."""
    text = frame.payload[_HASH.size :]
    if len(frame.payload) < _HASH.size or not 0 < len(text) <= MAX_MOVE_TEXT:
        raise FrameError("MOVE of the wrong size")
    if not text.isascii() or not text.decode("ascii").isprintable():
        raise FrameError("MOVE text is not printable ASCII")
    return _HASH.unpack_from(frame.payload)[0], text.decode("ascii")


def ack_frame(game_id: int, ply: int, state_key: int, chain: int) -> Frame:
    return Frame(Kind.ACK, game_id, ply, _ACK.pack(state_key, chain))


def read_ack(frame: Frame) -> tuple[int, int]:
    """(position key after the ply, history hash after the ply)."""
    if len(frame.payload) != _ACK.size:
        raise FrameError("ACK of the wrong size")
    key, chain = _ACK.unpack(frame.payload)
    return key, chain


def hash_frame(kind: Kind, game_id: int, plies: int, chain: int) -> Frame:
    """A RESYNC or PING: "I have ``plies`` plies, with this history hash"."""
    return Frame(kind, game_id, plies, _HASH.pack(chain))


def read_hash(frame: Frame) -> int:
    if len(frame.payload) != _HASH.size:
        raise FrameError(f"{frame.kind.name} of the wrong size")
    chain: int = _HASH.unpack(frame.payload)[0]
    return chain


def error_frame(game_id: int, plies: int, reason: str) -> Frame:
    data = reason.encode("utf-8")[:MAX_PAYLOAD]
    return Frame(Kind.ERROR, game_id, plies, data)


def read_error(frame: Frame) -> str:
    return frame.payload.decode("utf-8", errors="replace")
