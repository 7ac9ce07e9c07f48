"""Consistent Overhead Byte Stuffing: any bytes as bytes with no zero byte.

The encoded form never contains 0x00, so 0x00 can end every packet on the wire
(see ``packets``).  Overhead is at most 1 + len(data) // 254 bytes.
"""


class CobsError(ValueError):
    """The bytes are not a valid COBS encoding."""


def cobs_encode(data: bytes) -> bytes:
    out = bytearray()
    block = bytearray()
    for byte in data:
        if byte == 0:
            out.append(len(block) + 1)
            out += block
            block.clear()
            continue
        block.append(byte)
        if len(block) == 254:
            out.append(255)
            out += block
            block.clear()
    out.append(len(block) + 1)
    out += block
    return bytes(out)


def cobs_decode(encoded: bytes) -> bytes:
    """The original bytes; raises CobsError on a zero byte or a short block."""
    out = bytearray()
    index = 0
    size = len(encoded)
    while index < size:
        code = encoded[index]
        if code == 0:
            raise CobsError("zero byte inside a COBS block")
        end = index + code
        if end > size:
            raise CobsError("COBS block runs past the end of the packet")
        block = encoded[index + 1 : end]
        if 0 in block:
            raise CobsError("zero byte inside a COBS block")
        out += block
        index = end
        if code != 255 and index < size:
            out.append(0)
    return bytes(out)
