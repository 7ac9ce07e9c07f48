"""The real simulator killed (SIGKILL) at random moments and before each call of its
disk, then restarted: every move the player saw is still there, nothing the player
never saw but the one move being stored, no folder that does not load, no false
"damaged" message, each finished game archived exactly once.

``SATELLITES_CRASH_RUNS`` sets the number of random kills (30; 200 for the nightly
run, which ``pytest --long`` selects) and ``SATELLITES_CRASH_SEED`` the seed of the
scripts and kill moments (random; a failure names it).  The moments are measured
on the wall clock, so a seed replays the same scripts, not the same kills.
"""

import os
import random
from pathlib import Path

from crash_harness import kill_at_each_call, kill_chain

RUNS = int(os.environ.get("SATELLITES_CRASH_RUNS") or 30)
SEED = int(os.environ.get("SATELLITES_CRASH_SEED") or random.randrange(1, 1_000_000))
REPEAT = f"SATELLITES_CRASH_SEED={SEED} SATELLITES_CRASH_RUNS={RUNS}"


def test_kills_at_random_moments_lose_nothing_shown_and_archive_each_game_once(
    tmp_path: Path,
) -> None:
    tally = kill_chain(tmp_path, RUNS, SEED)
    report = f"{REPEAT}: {tally.summary()}"
    print(report)
    assert not tally.findings, "\n".join([report, *tally.findings])
    assert tally.kills == RUNS, report
    assert tally.games_ended > 0 and tally.archived_once == tally.games_ended, report


def test_a_kill_before_each_disk_call_loses_nothing_shown(tmp_path: Path) -> None:
    tally = kill_at_each_call(tmp_path, SEED)
    report = f"SATELLITES_CRASH_SEED={SEED}: {tally.summary()}"
    print(report)
    assert not tally.findings, "\n".join([report, *tally.findings])
    assert tally.kills == tally.restarts == len(tally.calls), report
    methods = {call.split(" ")[1] for call in tally.calls}
    assert {"append", "write_durably", "rename"} <= methods, report
    assert tally.archived_once > 0, report
