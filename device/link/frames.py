"""Link frames: a fixed header, a small payload and a CRC-32.

A frame is one packet, ``body + crc32(body) as u32 little-endian``, with
``body = version u8 | type u8 | game_id u32 | ply u32 | payload`` (integers
little-endian).  The transport carries it COBS-encoded and ended by 0x00
(``drivers.serial_packets``).  See docs/link-protocol.md for each message.
"""

import struct
import zlib
from dataclasses import dataclass
from enum import IntEnum

PROTOCOL_VERSION = 2
"""The link protocol this device speaks.  The header (version, type, game id, ply) and
the CRC are the same in every version, so a device always reads a peer's version."""
MAX_FRAME = 256
"""Largest frame (header, payload and CRC) a receiver accepts: the transport's packet bound."""
_HEADER = struct.Struct("<BBII")
_CRC = struct.Struct("<I")
MAX_PAYLOAD = MAX_FRAME - _HEADER.size - _CRC.size


class Kind(IntEnum):
    HELLO = 1
    MOVE = 2
    ACK = 3
    RESYNC = 4
    PING = 5
    ERROR = 6


@dataclass(frozen=True)
class Frame:
    kind: Kind
    game_id: int
    ply: int
    payload: bytes = b""
    version: int = PROTOCOL_VERSION


class FrameError(ValueError):
    """A packet that is not a valid frame."""


def encode_frame(frame: Frame) -> bytes:
    """The packet to send."""
    if len(frame.payload) > MAX_PAYLOAD:
        raise ValueError(f"payload of {len(frame.payload)} bytes exceeds {MAX_PAYLOAD}")
    body = _HEADER.pack(frame.version, frame.kind, frame.game_id, frame.ply) + frame.payload
    return body + _CRC.pack(zlib.crc32(body))


def decode_frame(data: bytes) -> Frame:
    """One frame from a packet; FrameError if invalid."""
    if len(data) > MAX_FRAME:
        raise FrameError("frame too long")
    if len(data) < _HEADER.size + _CRC.size:
        raise FrameError("frame too short")
    body, (crc,) = data[: -_CRC.size], _CRC.unpack(data[-_CRC.size :])
    if zlib.crc32(body) != crc:
        raise FrameError("bad CRC")
    version, kind, game_id, ply = _HEADER.unpack_from(body)
    if kind not in Kind.__members__.values():
        raise FrameError(f"unknown message type {kind}")
    return Frame(Kind(kind), game_id, ply, body[_HEADER.size :], version)


def is_hello(packet: bytes) -> bool:
    """Whether ``packet`` is a valid HELLO (of any game): what a device says first on a
    new connection, the listener's test of who is calling."""
    try:
        return decode_frame(packet).kind == Kind.HELLO
    except FrameError:
        return False
