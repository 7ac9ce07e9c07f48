"""An idle handheld sleeps: at most 2 wakeups a second at the title and on the
player's turn, counted on a fake clock (every sleep of the loop is a wakeup)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from app_driver import Driver

IDLE_MS = 60_000
MAX_WAKEUPS_PER_S = 2


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
