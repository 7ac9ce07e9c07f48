"""The background thinker the device app drives from its frame loop."""

import time

import pytest
from positions import tiebreak_finale

from engine.ai import thinker as thinker_module
from engine.ai.levels import LEVEL_NAMES, LEVELS, level
from engine.ai.thinker import BackgroundSearch
from engine.start import starting_position

WAIT_LIMIT = 30.0
"""Seconds a test waits for a search before calling it stuck (never reached)."""


def wait_until_done(thinker: BackgroundSearch) -> None:
    give_up = time.monotonic() + WAIT_LIMIT
    while True:
        progress = thinker.poll()
        assert progress is not None
        if progress.done:
            return
        assert time.monotonic() < give_up, "the search never finished"
        time.sleep(0.005)


def test_five_named_levels_in_order() -> None:
    assert len(LEVELS) == 5
    assert [lv.number for lv in LEVELS] == [1, 2, 3, 4, 5]
    assert len(set(LEVEL_NAMES)) == 5
    budgets = [lv.limits.nodes for lv in LEVELS]
    assert budgets == sorted(budgets)


def test_an_unknown_level_is_refused_clearly() -> None:
    for number in (0, 6):
        try:
            level(number)
        except ValueError as error:
            assert "1 to 5" in str(error)
        else:
            raise AssertionError(f"level {number} must be refused")


def test_start_returns_at_once_and_the_result_is_a_legal_move() -> None:
    position = starting_position(4)
    thinker = BackgroundSearch()
    assert thinker.poll() is None
    thinker.start(position, 2, seed=1)
    position.make(position.legal_moves()[0])  # the caller's position is free to change
    position.unmake()
    wait_until_done(thinker)
    move = thinker.result()
    assert move is not None and move in position.legal_moves()
    progress = thinker.poll()
    assert progress is not None and progress.fraction == 1.0 and progress.nodes > 0


def test_the_hint_finds_the_winning_connection() -> None:
    thinker = BackgroundSearch()
    position = tiebreak_finale()
    thinker.hint(position)
    wait_until_done(thinker)
    details = thinker.details()
    assert details is not None and details.value > 0


def test_cancel_stops_the_search_and_forgets_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # How fast is measured by benchmarks/cancel_latency.py; a loaded machine is slow, not wrong.
    monkeypatch.setattr(thinker_module, "CANCEL_WAIT", 10.0)
    thinker = BackgroundSearch()
    thinker.start(starting_position(5), 5, seed=2)
    while (progress := thinker.poll()) is not None and progress.nodes == 0:
        time.sleep(0.001)
    assert thinker.cancel() is True  # the search thread ended
    assert thinker.poll() is None
    assert thinker.result() is None


def test_a_new_start_replaces_the_running_search() -> None:
    thinker = BackgroundSearch()
    thinker.start(starting_position(6), 5)
    thinker.start(tiebreak_finale(), 1)
    wait_until_done(thinker)
    move = thinker.result()
    assert move is not None and move in tiebreak_finale().legal_moves()


def test_a_finished_game_is_refused_before_any_thread_starts() -> None:
    position = tiebreak_finale()
    position.make(position.legal_moves()[0])
    assert position.is_over()
    thinker = BackgroundSearch()
    try:
        thinker.start(position, 3)
    except ValueError as error:
        assert "over" in str(error)
    else:
        raise AssertionError("a finished game has nothing to think about")
    assert thinker.poll() is None
