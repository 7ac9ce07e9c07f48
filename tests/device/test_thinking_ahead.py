"""Thinking ahead: the computer answers a guessed move on the person's time, and
plays exactly the move it would have played without thinking ahead."""

import threading
import time

import pytest
from test_match import MemoryLog

from device.play.game import Game, GameSetup, Mode
from device.play.match import Match, Players
from device.play.opponent import EngineThinker, InstantThinker
from engine.ai import thinker as thinker_module
from engine.position import Position
from engine.start import starting_position

LEVEL = 2
SEED = 5
GIVE_UP = 60.0
"""Seconds: a guard against a hang, not a speed requirement."""


def answer(thinker: EngineThinker, position: Position) -> int:
    thinker.start(position, LEVEL)
    give_up = time.monotonic() + GIVE_UP
    while (move := thinker.poll()) is None:
        assert time.monotonic() < give_up, "the computer never answered"
        time.sleep(0.005)
    return move


def ponder_to_the_end(thinker: EngineThinker, position: Position) -> None:
    thinker.ponder(position, LEVEL)
    give_up = time.monotonic() + GIVE_UP
    while thinker.keep_pondering():
        assert time.monotonic() < give_up, "thinking ahead never ended"
        time.sleep(0.005)


def test_a_right_guess_is_answered_by_the_search_done_ahead_with_the_same_move() -> None:
    person_to_move = starting_position(SEED)
    guess = answer(EngineThinker(SEED), person_to_move)  # what the computer would play there
    after = person_to_move.copy()
    after.make(guess)
    ahead = EngineThinker(SEED, think_ahead=lambda: True)
    ponder_to_the_end(ahead, person_to_move)
    assert answer(ahead, after) == answer(EngineThinker(SEED), after)
    assert ahead.hits == 1


def test_a_wrong_guess_costs_nothing_but_the_idle_time() -> None:
    person_to_move = starting_position(SEED)
    guess = answer(EngineThinker(SEED), person_to_move)
    other = next(move for move in person_to_move.legal_moves() if move != guess)
    after = person_to_move.copy()
    after.make(other)
    ahead = EngineThinker(SEED, think_ahead=lambda: True)
    ponder_to_the_end(ahead, person_to_move)
    assert answer(ahead, after) == answer(EngineThinker(SEED), after)
    assert ahead.hits == 0


def test_with_the_setting_off_nothing_is_searched_on_the_persons_time() -> None:
    thinker = EngineThinker(SEED, think_ahead=lambda: False)
    thinker.ponder(starting_position(SEED), LEVEL)
    assert not thinker.keep_pondering()
    assert not thinker.busy and thinker.poll() is None


def test_the_match_sleeps_while_the_computer_thinks_ahead_and_each_search_wakes_it() -> None:
    game = Game.new(
        SEED, GameSetup(mode=Mode.VERSUS_AI, ai_level=LEVEL), ("You", "AI"), "2026.12.01"
    )
    # Each wake is counted: two searches ending close together are two wakes.
    search_ended = threading.Semaphore(0)
    thinker = EngineThinker(SEED, think_ahead=lambda: True, on_done=search_ended.release)
    match = Match(game, Players(thinker, InstantThinker(2)), MemoryLog())
    match.tick(0)
    assert match.game.human_to_move() and not match.thinking
    assert match.wakeup(0) is None, "nobody polls the thinking ahead"
    ends = 0
    while thinker.keep_pondering() or ends < 2:
        assert search_ended.acquire(timeout=GIVE_UP), "a search ended without waking the loop"
        ends += 1
        match.tick(0)
        assert match.wakeup(0) is None
    extra = search_ended.acquire(blocking=False)
    assert ends == 2 and not extra, "the guess and its answer each wake the loop once"
    assert not match.thinking, "thinking ahead is not the computer's 'Thinking'"


def test_thinking_ahead_searches_in_the_pool_the_memory_allows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(thinker_module, "search_workers", lambda: 2)  # a 512 MB board
    thinker = EngineThinker(7, think_ahead=lambda: True)
    thinker.ponder(starting_position(5), 1)
    assert thinker._search.workers == 2
    thinker.cancel()
