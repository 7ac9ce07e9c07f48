"""The real simulator killed (SIGKILL) at random moments and before each call of its
disk, then restarted: every move the player saw is still there, nothing the player
never saw but the one move being stored, no folder that does not load, no false
"damaged" message, each finished game archived exactly once.

By default the random kills are a few chains with fixed seeds (the same scripts
every run), and the kills before a disk call are before each call that changes
the folder; the nightly run (``pytest --long``) adds 200 kills with a new seed
and a kill before every call, reads and listings too.
A failure prints its seed and the command that replays it:
``SATELLITES_CRASH_SEED`` and ``SATELLITES_CRASH_RUNS`` make the first test run
that one chain.  The kill moments are measured on the wall clock, so a seed
replays the same scripts, not the same kills.
"""

import os
import random
from pathlib import Path

import pytest
from crash_harness import (
    EVERY_CALL,
    FOLDER_CHANGES,
    ROOT,
    SCENARIOS,
    CallTally,
    Scenario,
    Share,
    kill_at_each_call,
    kill_chain,
)

FIXED_SEEDS = (1, 2, 3)
KILLS = 3
"""Kills in each chain with a fixed seed."""
LONG_KILLS = 200
EACH_CALL_SEED = 1


def chains() -> list[tuple[int, int]]:
    """(seed, kills) of the chains the first test runs: the fixed ones, or the one named."""
    named = os.environ.get("SATELLITES_CRASH_SEED")
    kills = int(os.environ.get("SATELLITES_CRASH_RUNS") or KILLS)
    return [(seed, kills) for seed in ([int(named)] if named else FIXED_SEEDS)]


def replay_command(seed: int, kills: int) -> str:
    """The command, in the project's folder, that runs this chain again."""
    return (
        f"SATELLITES_CRASH_SEED={seed} SATELLITES_CRASH_RUNS={kills} "
        f".venv/bin/python -m pytest {Path(__file__).relative_to(ROOT)} -k random_moments"
    )


def assert_chain_loses_nothing(work: Path, seed: int, kills: int) -> None:
    tally = kill_chain(work, kills, seed)
    report = f"seed {seed}: {tally.summary()}\nreplay: {replay_command(seed, kills)}"
    print(report)
    assert not tally.findings, "\n".join([report, *tally.findings])
    assert tally.kills == kills, report
    assert tally.games_ended > 0 and tally.archived_once == tally.games_ended, report


@pytest.mark.parametrize(("seed", "kills"), chains())
def test_kills_at_random_moments_lose_nothing_shown_and_archive_each_game_once(
    tmp_path: Path, seed: int, kills: int
) -> None:
    assert_chain_loses_nothing(tmp_path, seed, kills)


@pytest.mark.long
def test_two_hundred_kills_with_a_new_seed_lose_nothing_shown_and_archive_each_game_once(
    tmp_path: Path,
) -> None:
    assert_chain_loses_nothing(tmp_path, random.randrange(1, 1_000_000), LONG_KILLS)


def assert_kills_before_calls_lose_nothing(
    work: Path,
    scenarios: tuple[Scenario, ...],
    methods: frozenset[str] | None,
    called: set[str],
    archives: bool,
    share: Share = EVERY_CALL,
) -> CallTally:
    """Kill before each call (of ``methods``, in ``share``); the runs call at least
    ``called`` and, if ``archives``, some kill comes after a game was seen ending."""
    tally = kill_at_each_call(work, EACH_CALL_SEED, scenarios, methods, share)
    report = f"seed {EACH_CALL_SEED}: {tally.summary()}"
    print(report)
    assert not tally.findings, "\n".join([report, *tally.findings])
    assert tally.kills == tally.restarts == tally.aimed > 0, report
    assert called <= {call.split(" ")[1] for call in tally.calls}, report
    assert (tally.archived_once > 0) is archives, report
    return tally


PARTS = 2
"""Each scenario's kills run in this many parts (every other call), side by side."""


@pytest.mark.parametrize("part", range(PARTS), ids=lambda part: f"part {part + 1} of {PARTS}")
@pytest.mark.parametrize(
    ("scenario", "called", "archives"),
    [
        pytest.param(SCENARIOS[0], {"append", "write_durably", "rename"}, True, id="short games"),
        # The end is shown after its journal line and its move into the archive.
        pytest.param(SCENARIOS[1], {"append", "rename"}, False, id="the last ply"),
    ],
)
def test_a_kill_before_each_disk_call_that_changes_the_folder_loses_nothing_shown(
    tmp_path: Path, scenario: Scenario, called: set[str], archives: bool, part: int
) -> None:
    assert_kills_before_calls_lose_nothing(
        tmp_path, (scenario,), FOLDER_CHANGES, called, archives, Share(part, PARTS)
    )


@pytest.mark.long
def test_a_kill_before_each_disk_call_loses_nothing_shown(tmp_path: Path) -> None:
    called = {"append", "write_durably", "rename"}
    tally = assert_kills_before_calls_lose_nothing(tmp_path, SCENARIOS, None, called, True)
    assert tally.aimed == len(tally.calls)
