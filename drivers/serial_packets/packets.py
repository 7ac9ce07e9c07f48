"""Packets on a byte stream: COBS-encoded, each ended by a zero byte.

The encoded form never contains 0x00, so a receiver that joins mid-stream (or
loses bytes) finds the next packet at the next zero.  The link cable and the
button controller frame their messages this way; what a packet holds (and
its checksum) is theirs.
"""

from drivers.serial_packets.cobs import CobsError, cobs_decode, cobs_encode


def encode_packet(data: bytes) -> bytes:
    """The bytes to write for ``data``: its COBS encoding and the delimiter."""
    return cobs_encode(data) + b"\x00"


def max_encoded(max_packet: int) -> int:
    """The longest COBS encoding of a packet of ``max_packet`` bytes, without its zero."""
    return max_packet + 1 + max_packet // 254


class PacketDecoder:
    """Splits a byte stream into packets and decodes them; bounded, never raises.

    Each packet comes decoded, without its delimiter; empty ones (two zeros in
    a row) are skipped.  A run that cannot encode a packet of at most
    ``max_packet`` bytes is dropped up to the next zero, so the buffer never
    holds more than one packet's encoding and the packet after it is read
    whole.  Dropped runs (too long, or not valid COBS) count in ``rejected``.
    """

    def __init__(self, max_packet: int) -> None:
        self._max_encoded = max_encoded(max_packet)
        self._buffer = bytearray()
        self._overflowed = False
        self.rejected = 0

    @property
    def buffered(self) -> int:
        return len(self._buffer)

    def feed(self, data: bytes) -> list[bytes]:
        packets: list[bytes] = []
        start = 0
        while start < len(data):
            end = data.find(b"\x00", start)
            if end < 0:
                self._append(data[start:])
                break
            self._append(data[start:end])
            self._finish(packets)
            start = end + 1
        return packets

    def _append(self, chunk: bytes) -> None:
        if self._overflowed:
            return
        if len(self._buffer) + len(chunk) > self._max_encoded:
            self._buffer.clear()
            self._overflowed = True
            return
        self._buffer += chunk

    def _finish(self, packets: list[bytes]) -> None:
        if self._overflowed:
            self.rejected += 1
        elif self._buffer:
            try:
                packets.append(cobs_decode(bytes(self._buffer)))
            except CobsError:
                self.rejected += 1
        self._buffer.clear()
        self._overflowed = False
