"""Button controller frames and the rule that turns them into presses.

Every 10-20 ms the board sends the *full* state of its buttons:
``cobs(0xB1 | seq u8 | buttons u16 LE | crc16 LE) + 0x00`` where the CRC is
CRC-16/CCITT-FALSE (``binascii.crc_hqx(data, 0xFFFF)``) over the first four
bytes.  A lost or damaged frame heals with the next one, and a change of state
counts only once two consecutive frames agree on it.
"""

import binascii
import struct
from dataclasses import dataclass

from drivers.serial_packets.packets import PacketDecoder, encode_packet

FRAME_TYPE = 0xB1
"""First byte of a version 1 state frame."""
BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "MENU", "SELECT")
"""Bit i of the state word is BUTTONS[i]; 1 means held down."""
_BODY = struct.Struct("<BBH")
_CRC = struct.Struct("<H")


def crc16(data: bytes) -> int:
    return binascii.crc_hqx(data, 0xFFFF)


@dataclass(frozen=True)
class StateFrame:
    seq: int
    buttons: int


def encode_state(frame: StateFrame) -> bytes:
    body = _BODY.pack(FRAME_TYPE, frame.seq & 0xFF, frame.buttons & 0xFFFF)
    return encode_packet(body + _CRC.pack(crc16(body)))


def decode_state(data: bytes) -> StateFrame | None:
    """The frame in one packet, or None for anything that is not a valid state frame."""
    if len(data) != _BODY.size + _CRC.size or data[0] != FRAME_TYPE:
        return None
    body = data[: _BODY.size]
    if crc16(body) != _CRC.unpack(data[_BODY.size :])[0]:
        return None
    _, seq, buttons = _BODY.unpack(body)
    return StateFrame(seq, buttons)


class StateDecoder:
    """Splits the byte stream into state frames; bounded, never raises."""

    def __init__(self) -> None:
        self._packets = PacketDecoder(_BODY.size + _CRC.size)
        self._invalid = 0

    @property
    def buffered(self) -> int:
        return self._packets.buffered

    @property
    def rejected(self) -> int:
        """Runs that were not valid state frames (too long, bad COBS or CRC, ...)."""
        return self._packets.rejected + self._invalid

    def feed(self, data: bytes) -> list[StateFrame]:
        frames: list[StateFrame] = []
        for packet in self._packets.feed(data):
            frame = decode_state(packet)
            if frame is None:
                self._invalid += 1
            else:
                frames.append(frame)
        return frames


@dataclass(frozen=True)
class ButtonChange:
    button: str
    pressed: bool


class PressTracker:
    """Confirmed button state: a change counts when two consecutive frames agree.

    A repeated frame (same sequence number) is not a second opinion.  When the
    board goes silent (``release_all``) every held button is released, so a
    pulled cable never leaves a key stuck down.
    """

    def __init__(self) -> None:
        self.confirmed = 0
        self._last: StateFrame | None = None
        self.gaps = 0

    def is_new(self, frame: StateFrame) -> bool:
        """A frame with a sequence number other than the last one's: the board is alive."""
        return self._last is None or frame.seq != self._last.seq

    def update(self, frame: StateFrame) -> list[ButtonChange]:
        last, self._last = self._last, frame
        if last is None or frame.seq == last.seq:
            return []
        if frame.seq != (last.seq + 1) & 0xFF:
            self.gaps += 1
        if frame.buttons != last.buttons or frame.buttons == self.confirmed:
            return []
        return self._confirm(frame.buttons)

    def release_all(self) -> list[ButtonChange]:
        self._last = None
        return self._confirm(0)

    def _confirm(self, buttons: int) -> list[ButtonChange]:
        changed = buttons ^ self.confirmed
        self.confirmed = buttons
        return [
            ButtonChange(name, bool(buttons >> bit & 1))
            for bit, name in enumerate(BUTTONS)
            if changed >> bit & 1
        ]
