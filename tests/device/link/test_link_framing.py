"""CRC-32 checked frames over COBS packets: nothing corrupt gets through."""

import random
import zlib

from hypothesis import given, settings
from hypothesis import strategies as st
from link_relay import frames_on_the_wire, on_the_wire

from device.link.frames import (
    MAX_FRAME,
    MAX_PAYLOAD,
    Frame,
    FrameError,
    Kind,
    decode_frame,
    encode_frame,
    is_hello,
)
from drivers.serial_packets.packets import encode_packet


def test_crc32_check_value_is_pinned() -> None:
    assert zlib.crc32(b"123456789") == 0xCBF43926


frames = st.builds(
    Frame,
    kind=st.sampled_from(list(Kind)),
    game_id=st.integers(0, 2**32 - 1),
    ply=st.integers(0, 2**32 - 1),
    payload=st.binary(max_size=MAX_PAYLOAD),
)


@given(frames)
def test_frames_round_trip_and_fit_a_packet(frame: Frame) -> None:
    packet = encode_frame(frame)
    assert len(packet) <= MAX_FRAME
    assert decode_frame(packet) == frame
    wire = on_the_wire(frame)
    assert wire.endswith(b"\x00") and wire.count(0) == 1
    assert frames_on_the_wire(wire) == [frame]


def _largest_frame() -> bytes:
    rng = random.Random(5)
    return on_the_wire(Frame(Kind.MOVE, 0x12345678, 77, rng.randbytes(MAX_PAYLOAD)))[:-1]


def _accepted(encoded: bytes) -> bool:
    """Whether a receiver takes a frame from ``encoded`` and its delimiter."""
    return frames_on_the_wire(encoded + b"\x00") != []


def test_every_single_bit_flip_of_a_maximum_size_frame_is_rejected() -> None:
    encoded = _largest_frame()
    for bit in range(len(encoded) * 8):
        damaged = bytearray(encoded)
        damaged[bit // 8] ^= 1 << (bit % 8)
        assert not _accepted(bytes(damaged)), bit


def test_random_bursts_up_to_32_bits_are_rejected() -> None:
    encoded = _largest_frame()
    rng = random.Random(6)
    for _ in range(3000):
        length = rng.randint(2, 32)
        start = rng.randrange(len(encoded) * 8 - length)
        pattern = (1 << (length - 1)) | 1 | rng.getrandbits(length)
        damaged = int.from_bytes(encoded, "little") ^ (pattern << start)
        assert not _accepted(damaged.to_bytes(len(encoded), "little"))


def test_random_well_formed_garbage_packets_are_never_accepted() -> None:
    """A sample of the million-frame fuzz run in benchmarks/fuzz_decoder.py."""
    rng = random.Random(7)
    accepted = 0
    for _ in range(20_000):
        body = rng.randbytes(rng.randrange(1, 300))
        accepted += len(frames_on_the_wire(encode_packet(body)))
    assert accepted == 0


@settings(max_examples=300)
@given(st.binary(max_size=1000), st.lists(frames, min_size=1, max_size=5))
def test_after_a_garbage_burst_at_most_one_frame_is_lost(garbage: bytes, sent: list[Frame]) -> None:
    stream = garbage + b"".join(on_the_wire(frame) for frame in sent)
    assert frames_on_the_wire(stream) in (sent, sent[1:])


@given(st.binary(max_size=MAX_FRAME + 10))
def test_a_packet_that_is_not_a_frame_is_refused_with_its_own_error(packet: bytes) -> None:
    try:
        decode_frame(packet)
    except FrameError:
        assert not is_hello(packet)


def test_only_a_hello_is_a_greeting() -> None:
    assert is_hello(encode_frame(Frame(Kind.HELLO, 0, 0, b"")))
    assert not is_hello(encode_frame(Frame(Kind.PING, 0, 0, b"")))
    assert not is_hello(b"\x01" * 20)
