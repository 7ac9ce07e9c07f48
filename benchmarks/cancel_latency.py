"""How soon a cancelled search lets go: undo, quit or a new game must not wait.

    python benchmarks/cancel_latency.py [--cancels 10] [--workers 1,2]

A Master search is started on the start position of seeds 1..N and cancelled
after 0.2 s; the report gives, per number of worker processes, the time from
``cancel`` to the search thread's end (target: 50 ms, ``CANCEL_WAIT``).  The
tests check that a cancel ends the search, not how fast: this script measures.
"""

import statistics
import time

from engine import is_compiled
from engine.ai import thinker as thinker_module
from engine.ai.thinker import BackgroundSearch
from engine.arguments import OneLineParser, whole_number_in
from engine.start import starting_position

MASTER = 5


def cancel_times(workers: int, cancels: int) -> list[float]:
    """Milliseconds each cancel took, the wait allowed being long enough to see them all."""
    thinker = BackgroundSearch(workers=workers)
    times = []
    for seed in range(1, cancels + 1):
        thinker.start(starting_position(seed), MASTER, seed=seed)
        time.sleep(0.2)
        started = time.perf_counter()
        assert thinker.cancel(), "the search did not end"
        times.append(1000 * (time.perf_counter() - started))
    return times


def main() -> int:
    parser = OneLineParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cancels", default=10, **whole_number_in(1, 10_000, ""))
    parser.add_argument("--workers", default="1,2", help="worker counts, comma-separated")
    args = parser.parse_args()
    allowed_ms = 1000 * thinker_module.CANCEL_WAIT
    thinker_module.CANCEL_WAIT = 10.0
    build = "compiled" if is_compiled() else "pure Python"
    print(f"cancel latency, {build} engine (target {allowed_ms:.0f} ms)")
    for workers in (int(text) for text in args.workers.split(",")):
        times = sorted(cancel_times(workers, args.cancels))
        print(
            f"{workers} worker(s): median {statistics.median(times):.1f} ms, "
            f"longest {times[-1]:.1f} ms over {len(times)} cancels"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
