"""Feed the link's receiving end a million random frames; count what gets through.

    python benchmarks/fuzz_decoder.py [--frames 1000000] [--seed 1]

Every random frame is well delimited (COBS-encoded random bytes plus 0x00),
so only the CRC-32 and the header checks stand between it and the session.
Expected false accepts at 1e6 frames: about 2e-4.  Interleaved raw garbage
bursts check that the packet buffer stays bounded and that nothing raises.
"""

import contextlib
import random
import time

from device.link.frames import MAX_FRAME, FrameError, decode_frame
from drivers.serial_packets.packets import PacketDecoder, encode_packet, max_encoded
from engine.arguments import MAX_SEED, OneLineParser, whole_number_in


def accepted_frames(packets: list[bytes]) -> int:
    """How many of ``packets`` the session would take as frames."""
    accepted = 0
    for packet in packets:
        with contextlib.suppress(FrameError):
            decode_frame(packet)
            accepted += 1
    return accepted


def main() -> None:
    parser = OneLineParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", default=1_000_000, **whole_number_in(1, 100_000_000, ""))
    parser.add_argument("--seed", default=1, **whole_number_in(0, MAX_SEED, ""))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    decoder = PacketDecoder(MAX_FRAME)
    limit = max_encoded(MAX_FRAME)
    accepted = packets = 0
    largest_buffer = 0
    started = time.perf_counter()
    for index in range(args.frames):
        if index % 10 == 0:
            burst = decoder.feed(rng.randbytes(rng.randrange(1, 600)))
            accepted, packets = accepted + accepted_frames(burst), packets + len(burst)
            largest_buffer = max(largest_buffer, decoder.buffered)
        body = rng.randbytes(rng.randrange(1, 300))
        decoded = decoder.feed(encode_packet(body))
        accepted, packets = accepted + accepted_frames(decoded), packets + len(decoded)
        largest_buffer = max(largest_buffer, decoder.buffered)
    elapsed = time.perf_counter() - started
    print(f"random frames:        {args.frames:,}")
    print(f"accepted:             {accepted}")
    print(f"rejected:             {decoder.rejected + packets - accepted:,}")
    print(f"largest buffer:       {largest_buffer} bytes (limit {limit})")
    print(f"time:                 {elapsed:.1f} s")
    if accepted or largest_buffer > limit:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
