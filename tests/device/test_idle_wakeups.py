"""An idle handheld sleeps: at most 2 wakeups a second at the title and on the
player's turn, counted on a fake clock (every sleep of the loop is a wakeup)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pygame
import pytest
from app_driver import Driver, headless_devices

from device.app import App
from device.play.game import Game, GameSetup, Mode
from engine.ai import thinker as thinker_module
from engine.ai.search import Search, SearchResult

IDLE_MS = 60_000
MAX_WAKEUPS_PER_S = 2
GIVE_UP_S = 60.0
"""Real seconds: a guard against a hang, not a speed requirement."""


class FakeTime:
    """``time.monotonic`` and ``time.sleep`` on a clock that moves only by sleeping."""

    def __init__(self) -> None:
        self.now_s = 1000.0
        self.sleeps = 0

    def monotonic(self) -> float:
        return self.now_s

    def sleep(self, seconds: float) -> None:
        self.sleeps += 1
        self.now_s += max(seconds, 0.0)


class SleepingWaiter:
    """Stands for ``poll`` blocking until the deadline: no input comes while idle."""

    def __init__(self, fake: FakeTime) -> None:
        self._fake = fake

    def wait(self, timeout_ms: int) -> bool:
        time.sleep(timeout_ms / 1000)
        return False

    def wake(self) -> None:
        raise AssertionError("nothing should wake an idle app")


def wakeups_per_second(driver: Driver, fake: FakeTime, monkeypatch: pytest.MonkeyPatch) -> float:
    monkeypatch.setattr(time, "monotonic", fake.monotonic)
    monkeypatch.setattr(time, "sleep", fake.sleep)
    app = driver.app
    app._clock = lambda: int(fake.now_s * 1000)
    app.waiter = SleepingWaiter(fake)
    app.step()  # the frame after the last press
    started, first = fake.now_s, fake.sleeps
    loops = 0
    while fake.now_s - started < IDLE_MS / 1000:
        app.step()
        loops += 1
        assert loops < 100 * IDLE_MS, "the loop never sleeps"
    return (fake.sleeps - first) / (IDLE_MS / 1000)


def test_the_title_wakes_at_most_twice_a_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = Driver("hatmini", tmp_path)
    assert wakeups_per_second(driver, FakeTime(), monkeypatch) <= MAX_WAKEUPS_PER_S


def test_the_players_turn_wakes_at_most_twice_a_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = Driver("lcdhat", tmp_path)
    screen = driver.new_game("vs computer", level="1")
    assert screen.game.human_to_move()
    assert wakeups_per_second(driver, FakeTime(), monkeypatch) <= MAX_WAKEUPS_PER_S


class WakeableWaiter:
    """``poll`` on the fake clock: it sleeps to its deadline unless a search woke it.

    ``block_s`` is how long (real seconds) a wait may block for a wake first: a
    search runs on the real clock.
    """

    def __init__(self) -> None:
        self._woken = threading.Event()
        self.block_s = 0.0
        self.wakes = 0

    def wait(self, timeout_ms: int) -> bool:
        if self._woken.wait(self.block_s):
            self._woken.clear()
            self.wakes += 1
            return True
        time.sleep(timeout_ms / 1000)
        return False

    def wake(self) -> None:
        self._woken.set()


def test_thinking_ahead_on_the_players_turn_wakes_only_when_its_searches_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    released = threading.Event()

    class HeldSearch(Search):
        """The search starts only when the test says, so it lasts as long as needed."""

        def run(self) -> SearchResult:
            released.wait(GIVE_UP_S)
            return super().run()

    monkeypatch.setattr(thinker_module, "default_workers", lambda: 1)
    monkeypatch.setattr(thinker_module, "Search", HeldSearch)
    fake = FakeTime()
    monkeypatch.setattr(time, "monotonic", fake.monotonic)
    monkeypatch.setattr(time, "sleep", fake.sleep)
    pygame.display.init()
    pygame.font.init()
    waiter = WakeableWaiter()
    app = App(headless_devices("lcdhat", tmp_path, waiter=waiter), seed=1)
    setup = GameSetup(mode=Mode.VERSUS_AI, ai_level=1)
    app.start_game(Game.new(1, setup, ("You", "Computer"), "2026.12.03"))
    assert app.settings.think_ahead and app.match is not None
    app.step(0)  # the game's first frame; the computer starts guessing the player's move
    started = fake.now_s
    while fake.now_s - started < IDLE_MS / 2000:  # the search is still going
        app.step()
    assert fake.sleeps / (IDLE_MS / 2000) <= MAX_WAKEUPS_PER_S, "polled while thinking ahead"
    waiter.block_s = GIVE_UP_S
    released.set()
    while waiter.wakes < 2:  # the guess, then the answer to it
        assert fake.now_s - started < IDLE_MS / 1000, "a search ended without waking the loop"
        app.step()
    waiter.block_s = 0.0
    while fake.now_s - started < IDLE_MS / 1000:
        app.step()
    assert app.match.game.human_to_move()
    assert waiter.wakes == 2, "only the ends of the two searches woke the loop"
    assert fake.sleeps / (IDLE_MS / 1000) <= MAX_WAKEUPS_PER_S
    app.thinker.cancel()
