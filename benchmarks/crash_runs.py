"""Kill the real simulator many times and count what survives.

    python benchmarks/crash_runs.py [--kills 200] [--seed N] [--each-call]

Runs the chain of tests/simulator/test_crash_kills.py: the headless simulator
plays scripted games (against the computer and hotseat, each resigned so it
is archived) and is SIGKILLed at a random moment, then restarted, ``--kills``
times; after each kill the save folder is read with ``python -m
device.journal check`` and ``show`` and compared with the moves the simulator
reported (``--log-moves``).  ``--each-call`` also kills a short game before
each call of the save folder's disk in turn.  Prints the tally and every
finding; exits 1 if there is any.
"""

import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import simulator  # noqa: E402, F401  (before anything imports pygame: it hides the greeting)

sys.path.insert(0, str(ROOT / "tests" / "simulator"))
from crash_harness import kill_at_each_call, kill_chain  # noqa: E402

from engine.arguments import MAX_SEED, OneLineParser, whole_number_in  # noqa: E402


def main() -> int:
    parser = OneLineParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--kills", default=200, **whole_number_in(1, 100_000, "random kills (default 200)")
    )
    parser.add_argument(
        "--seed", **whole_number_in(0, MAX_SEED, "seed of the scripts and kill moments")
    )
    parser.add_argument("--each-call", action="store_true", help="also kill before each disk call")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1, 1_000_000)
    findings: list[str] = []
    with tempfile.TemporaryDirectory(prefix="satellites-crash-") as folder:
        started = time.perf_counter()
        tally = kill_chain(Path(folder) / "chain", args.kills, seed)
        seconds = time.perf_counter() - started
        print(f"random kills (--seed {seed}): {tally.summary()} in {seconds:.0f} s")
        findings += tally.findings
        if args.each_call:
            started = time.perf_counter()
            calls = kill_at_each_call(Path(folder) / "calls", seed)
            seconds = time.perf_counter() - started
            print(f"a kill before each disk call: {calls.summary()} in {seconds:.0f} s")
            findings += calls.findings
    for finding in findings:
        print(finding)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
