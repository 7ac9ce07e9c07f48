"""Feed the link frame decoder a million random frames; count what gets through.

    python benchmarks/fuzz_decoder.py [--frames 1000000] [--seed 1]

Every random frame is well delimited (COBS-encoded random bytes plus 0x00),
so only the CRC-32 and the header checks stand between it and the session.
Expected false accepts at 1e6 frames: about 2e-4.  Interleaved raw garbage
bursts check that the buffer stays bounded and that nothing raises.
"""

import random
import time

from drivers.link.cobs import cobs_encode
from drivers.link.frames import MAX_ENCODED, FrameDecoder
from engine.arguments import MAX_SEED, OneLineParser, whole_number_in


def main() -> None:
    parser = OneLineParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", default=1_000_000, **whole_number_in(1, 100_000_000, ""))
    parser.add_argument("--seed", default=1, **whole_number_in(0, MAX_SEED, ""))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    decoder = FrameDecoder()
    accepted = 0
    largest_buffer = 0
    started = time.perf_counter()
    for index in range(args.frames):
        if index % 10 == 0:
            decoder.feed(rng.randbytes(rng.randrange(1, 600)))
            largest_buffer = max(largest_buffer, decoder.buffered)
        body = rng.randbytes(rng.randrange(1, 300))
        accepted += len(decoder.feed(cobs_encode(body) + b"\x00"))
        largest_buffer = max(largest_buffer, decoder.buffered)
    elapsed = time.perf_counter() - started
    print(f"random frames:        {args.frames:,}")
    print(f"accepted:             {accepted}")
    print(f"rejected:             {decoder.rejected:,}")
    print(f"largest buffer:       {largest_buffer} bytes (limit {MAX_ENCODED})")
    print(f"time:                 {elapsed:.1f} s")
    if accepted or largest_buffer > MAX_ENCODED:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
