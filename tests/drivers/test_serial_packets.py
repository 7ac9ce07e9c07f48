"""The serial helper of the link cable and the button controller: COBS, zero-delimited
packets, and a port that may wait for bytes."""

import contextlib
import os
import threading

from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.serial_packets.cobs import CobsError, cobs_decode, cobs_encode
from drivers.serial_packets.packets import PacketDecoder, encode_packet, max_encoded
from drivers.serial_packets.port import SerialPort


@settings(max_examples=500)
@given(st.binary(max_size=1024))
def test_cobs_round_trips_without_zero_bytes_and_bounded_overhead(data: bytes) -> None:
    encoded = cobs_encode(data)
    assert b"\x00" not in encoded
    assert len(encoded) <= max_encoded(len(data))
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


@settings(max_examples=300)
@given(st.lists(st.binary(min_size=1, max_size=256), max_size=5), st.integers(1, 64))
def test_packets_arrive_whole_however_the_bytes_are_cut(sent: list[bytes], chunk: int) -> None:
    decoder = PacketDecoder(256)
    stream = b"".join(encode_packet(packet) for packet in sent)
    received: list[bytes] = []
    for start in range(0, len(stream), chunk):
        received += decoder.feed(stream[start : start + chunk])
    assert received == sent and decoder.rejected == 0


@settings(max_examples=300)
@given(st.binary(max_size=2000), st.integers(1, 64))
def test_the_decoder_never_raises_and_never_buffers_beyond_one_packet(
    noise: bytes, chunk: int
) -> None:
    decoder = PacketDecoder(256)
    for start in range(0, len(noise), chunk):
        decoder.feed(noise[start : start + chunk])
        assert decoder.buffered <= max_encoded(256)


def test_an_over_long_packet_is_dropped_and_the_next_one_decoded() -> None:
    decoder = PacketDecoder(16)
    stream = b"\x07" * 100 + b"\x00" + encode_packet(b"next")
    assert decoder.feed(stream) == [b"next"]
    assert decoder.rejected == 1


def test_a_port_that_may_wait_blocks_for_the_next_bytes_instead_of_polling() -> None:
    """The button board's reader sleeps in the kernel until a frame comes."""
    sent = b"frame and the rest"
    main, follower = os.openpty()
    port = SerialPort(os.ttyname(follower), 115_200, wait_for_bytes=30.0)
    late = threading.Timer(0.2, lambda: os.write(main, sent))
    late.start()
    try:
        data = port.read()
        assert data, "returned before anything came"
        while len(data) < len(sent):
            data += port.read()
        assert data == sent
    finally:
        late.join()
        port.close()
        os.close(main)
        os.close(follower)
