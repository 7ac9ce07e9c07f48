"""Play many linked games over a misbehaving cable and count lost or doubled moves.

    python benchmarks/link_faults.py [--games 10000] [--restart-chance 0.001]

Each game gets a random fault schedule (drops, duplicates, corruption,
truncation, garbage bursts, delays, unplugs) and devices crash and resume
from their saves at random.  Exits 1 if any game ends with the two devices
disagreeing, a move lost or doubled, or a game stopped.
"""

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "device" / "link")]
from link_relay import FaultPlan  # noqa: E402
from link_simulation import play_linked_game  # noqa: E402

from engine.arguments import (  # noqa: E402
    MAX_GAMES,
    MAX_SEED,
    OneLineParser,
    number_in,
    whole_number_in,
)


def main() -> None:
    parser = OneLineParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=10_000, **whole_number_in(1, MAX_GAMES, ""))
    parser.add_argument("--restart-chance", default=0.001, **number_in(0, 1, ""))
    parser.add_argument("--seed", default=0, **whole_number_in(0, MAX_SEED, "first game's seed"))
    args = parser.parse_args()
    totals = {
        "plies": 0,
        "dropped": 0,
        "duplicated": 0,
        "corrupted": 0,
        "truncated": 0,
        "garbage": 0,
        "delayed": 0,
        "unplugs": 0,
        "restarts": 0,
        "rejected": 0,
        "resent": 0,
    }
    bad = lost = doubled = 0
    started = time.perf_counter()
    for game in range(args.seed, args.seed + args.games):
        rng = random.Random(game)
        outcome = play_linked_game(game, rng, FaultPlan.random(rng), args.restart_chance)
        same = (
            outcome.moves[0] == outcome.moves[1]
            and outcome.chains[0] == outcome.chains[1]
            and outcome.results[0] == outcome.results[1]
        )
        if not (outcome.finished and same and not outcome.errors):
            bad += 1
            print(f"game {game}: finished={outcome.finished} same={same} errors={outcome.errors}")
        lost += outcome.lost_moves
        doubled += outcome.doubled_moves
        faults = outcome.faults
        totals["plies"] += len(outcome.moves[0])
        totals["dropped"] += faults.dropped
        totals["duplicated"] += faults.duplicated
        totals["corrupted"] += faults.corrupted
        totals["truncated"] += faults.truncated
        totals["garbage"] += faults.garbage_bursts
        totals["delayed"] += faults.delayed
        totals["unplugs"] += faults.unplugs
        totals["restarts"] += outcome.restarts
        totals["rejected"] += outcome.frames_rejected
        totals["resent"] += outcome.moves_resent
    elapsed = time.perf_counter() - started
    print(f"games: {args.games:,}  failed: {bad}  lost moves: {lost}  doubled moves: {doubled}")
    print("  ".join(f"{name}: {value:,}" for name, value in totals.items()))
    print(f"time: {elapsed:.0f} s")
    if bad or lost or doubled:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
