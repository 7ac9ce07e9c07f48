"""COBS, CRC-32 and the frame decoder: nothing corrupt gets through, nothing grows."""

import contextlib
import random
import zlib

from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.link.cobs import CobsError, cobs_decode, cobs_encode
from drivers.link.frames import (
    MAX_ENCODED,
    MAX_PAYLOAD,
    Frame,
    FrameDecoder,
    FrameError,
    Kind,
    decode_frame,
    encode_frame,
)


def test_crc32_check_value_is_pinned() -> None:
    assert zlib.crc32(b"123456789") == 0xCBF43926


@settings(max_examples=500)
@given(st.binary(max_size=1024))
def test_cobs_round_trips_without_zero_bytes_and_bounded_overhead(data: bytes) -> None:
    encoded = cobs_encode(data)
    assert b"\x00" not in encoded
    assert len(encoded) <= len(data) + 1 + len(data) // 254
    assert cobs_decode(encoded) == data


@given(st.binary(max_size=300))
def test_cobs_decode_rejects_only_with_its_own_error(data: bytes) -> None:
    with contextlib.suppress(CobsError):
        decoded = cobs_decode(data)
        assert cobs_decode(cobs_encode(decoded)) == decoded


def test_cobs_handles_long_runs_without_zeros() -> None:
    for size in (253, 254, 255, 508, 509):
        data = bytes(range(1, 256))[: size % 255 or 1] * (size // 255 + 1)
        data = data[:size]
        assert cobs_decode(cobs_encode(data)) == data


frames = st.builds(
    Frame,
    kind=st.sampled_from(list(Kind)),
    game_id=st.integers(0, 2**32 - 1),
    ply=st.integers(0, 2**32 - 1),
    payload=st.binary(max_size=MAX_PAYLOAD),
)


@given(frames)
def test_frames_round_trip(frame: Frame) -> None:
    encoded = encode_frame(frame)
    assert encoded.endswith(b"\x00") and encoded.count(0) == 1
    assert decode_frame(encoded[:-1]) == frame


def _largest_frame() -> bytes:
    rng = random.Random(5)
    return encode_frame(Frame(Kind.MOVE, 0x12345678, 77, rng.randbytes(MAX_PAYLOAD)))[:-1]


def _accepted(encoded: bytes) -> bool:
    try:
        decode_frame(encoded)
    except FrameError:
        return False
    return True


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


def test_random_well_formed_garbage_frames_are_never_accepted() -> None:
    """A sample of the million-frame fuzz run in benchmarks/fuzz_decoder.py."""
    rng = random.Random(7)
    decoder = FrameDecoder()
    accepted = 0
    for _ in range(20_000):
        body = rng.randbytes(rng.randrange(1, 300))
        accepted += len(decoder.feed(cobs_encode(body) + b"\x00"))
        assert decoder.buffered <= MAX_ENCODED
    assert accepted == 0


@settings(max_examples=300)
@given(st.binary(max_size=2000), st.integers(1, 64))
def test_decoder_never_raises_and_never_buffers_beyond_one_frame(noise: bytes, chunk: int) -> None:
    decoder = FrameDecoder()
    for start in range(0, len(noise), chunk):
        decoder.feed(noise[start : start + chunk])
        assert decoder.buffered <= MAX_ENCODED


@settings(max_examples=300)
@given(st.binary(max_size=1000), st.lists(frames, min_size=1, max_size=5))
def test_after_a_garbage_burst_at_most_one_frame_is_lost(garbage: bytes, sent: list[Frame]) -> None:
    decoder = FrameDecoder()
    stream = garbage + b"".join(encode_frame(frame) for frame in sent)
    received = decoder.feed(stream)
    assert received in (sent, sent[1:])


def test_an_over_long_frame_is_dropped_and_the_next_one_decoded() -> None:
    decoder = FrameDecoder()
    frame = Frame(Kind.PING, 1, 2, b"12345678")
    assert decoder.feed(b"\x07" * (MAX_ENCODED * 3) + b"\x00" + encode_frame(frame)) == [frame]
    assert decoder.rejected == 1
