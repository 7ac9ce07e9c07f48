"""Link frames: a fixed header, a small payload and a CRC-32, COBS-framed.

On the wire a frame is ``cobs(body + crc32(body) as u32 little-endian) + 0x00``,
with ``body = version u8 | type u8 | game_id u32 | ply u32 | payload``
(integers little-endian).  See docs/link-protocol.md for each message.
"""

import struct
import zlib
from dataclasses import dataclass
from enum import IntEnum

from drivers.link.cobs import CobsError, cobs_decode, cobs_encode

PROTOCOL_VERSION = 1
MAX_FRAME = 256
"""Largest decoded frame (header, payload and CRC) a receiver accepts."""
MAX_ENCODED = MAX_FRAME + 1 + MAX_FRAME // 254
"""Largest COBS encoding of a MAX_FRAME frame, without its 0x00 delimiter."""
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
    """Bytes between two delimiters that are not a valid frame."""


def encode_frame(frame: Frame) -> bytes:
    """The bytes to write, delimiter included."""
    if len(frame.payload) > MAX_PAYLOAD:
        raise ValueError(f"payload of {len(frame.payload)} bytes exceeds {MAX_PAYLOAD}")
    body = _HEADER.pack(frame.version, frame.kind, frame.game_id, frame.ply) + frame.payload
    return cobs_encode(body + _CRC.pack(zlib.crc32(body))) + b"\x00"


def decode_frame(encoded: bytes) -> Frame:
    """One frame from the bytes between delimiters; FrameError if invalid."""
    if len(encoded) > MAX_ENCODED:
        raise FrameError("frame too long")
    try:
        data = cobs_decode(encoded)
    except CobsError as error:
        raise FrameError(str(error)) from None
    if len(data) < _HEADER.size + _CRC.size:
        raise FrameError("frame too short")
    body, (crc,) = data[: -_CRC.size], _CRC.unpack(data[-_CRC.size :])
    if zlib.crc32(body) != crc:
        raise FrameError("bad CRC")
    version, kind, game_id, ply = _HEADER.unpack_from(body)
    if kind not in Kind.__members__.values():
        raise FrameError(f"unknown message type {kind}")
    return Frame(Kind(kind), game_id, ply, body[_HEADER.size :], version)


class FrameDecoder:
    """Splits a byte stream into frames; never raises, never grows unbounded.

    Bytes that do not form a valid frame are dropped and counted in
    ``rejected``; an over-long run without a delimiter is discarded up to the
    next 0x00, so the buffer never exceeds MAX_ENCODED bytes.
    """

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._overflowed = False
        self.rejected = 0

    @property
    def buffered(self) -> int:
        return len(self._buffer)

    def feed(self, data: bytes) -> list[Frame]:
        frames: list[Frame] = []
        start = 0
        while start < len(data):
            end = data.find(b"\x00", start)
            if end < 0:
                self._append(data[start:])
                break
            self._append(data[start:end])
            self._finish(frames)
            start = end + 1
        return frames

    def _append(self, chunk: bytes) -> None:
        if self._overflowed:
            return
        if len(self._buffer) + len(chunk) > MAX_ENCODED:
            self._buffer.clear()
            self._overflowed = True
            return
        self._buffer += chunk

    def _finish(self, frames: list[Frame]) -> None:
        if self._overflowed:
            self.rejected += 1
        elif self._buffer:
            try:
                frames.append(decode_frame(bytes(self._buffer)))
            except FrameError:
                self.rejected += 1
        self._buffer.clear()
        self._overflowed = False
