"""Whole linked games over a misbehaving cable: nothing lost, nothing doubled.

100 games by default, 1,000 in the nightly run (``pytest --long``);
benchmarks/link_faults.py runs the same check over 10,000 games.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from link_relay import FaultPlan
from link_simulation import LinkedGameOutcome, play_linked_game

GAMES = 100
LONG_GAMES = 1000
"""The nightly run's count (``pytest --long``)."""


def assert_identical(outcome: LinkedGameOutcome) -> None:
    assert not outcome.errors
    assert outcome.finished
    assert outcome.moves[0] == outcome.moves[1]
    assert outcome.chains[0] == outcome.chains[1]
    assert outcome.results[0] == outcome.results[1] != "*"
    assert outcome.lost_moves == 0
    assert outcome.doubled_moves == 0


def assert_games_with_random_fault_schedules_end_identical(games: int) -> None:
    """Games 0 to ``games - 1``, each with the fault schedule its number seeds."""
    faults_seen = 0
    restarts = 0
    for game in range(games):
        rng = random.Random(game)
        outcome = play_linked_game(game, rng, FaultPlan.random(rng), restart_chance=0.001)
        assert_identical(outcome)
        faults = outcome.faults
        faults_seen += faults.dropped + faults.corrupted + faults.unplugs + faults.garbage_bursts
        restarts += outcome.restarts
    assert faults_seen > 10 * games, "the schedules really do misbehave"
    assert restarts > games // 20, "devices really do crash and resume"


def test_a_hundred_games_with_random_fault_schedules_and_restarts_end_identical() -> None:
    assert_games_with_random_fault_schedules_end_identical(GAMES)


@pytest.mark.long
def test_a_thousand_games_with_random_fault_schedules_and_restarts_end_identical() -> None:
    assert_games_with_random_fault_schedules_end_identical(LONG_GAMES)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    drop=st.floats(0, 0.5),
    duplicate=st.floats(0, 0.3),
    corrupt=st.floats(0, 0.3),
    truncate=st.floats(0, 0.2),
    garbage=st.floats(0, 0.2),
    delay=st.floats(0, 0.3),
    unplug=st.floats(0, 0.01),
)
def test_any_fault_schedule_keeps_both_devices_identical(
    seed: int,
    drop: float,
    duplicate: float,
    corrupt: float,
    truncate: float,
    garbage: float,
    delay: float,
    unplug: float,
) -> None:
    plan = FaultPlan(drop, duplicate, corrupt, truncate, garbage, delay, unplug=unplug)
    assert_identical(play_linked_game(seed, random.Random(seed), plan, restart_chance=0.002))


def test_a_device_restarted_from_its_save_after_every_few_moves_still_finishes_the_game() -> None:
    rng = random.Random(11)
    outcome = play_linked_game(11, rng, FaultPlan(drop=0.1), restart_chance=0.05)
    assert outcome.restarts > 20
    assert_identical(outcome)
