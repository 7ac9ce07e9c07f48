"""An idle handheld sleeps, counted on a fake clock (every sleep of the loop is a
wakeup): on the player's turn at most 2 wakeups a second; at the title only the
frames of its game's moves for a minute after a press, then nothing but the loop's
own once a second, and no frame drawn."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pygame
import pytest
from app_driver import Driver, headless_devices

from device.app import MAX_WAIT_MS, App
from device.play.demo import MOVE_EVERY_MS, PLAYS_FOR_MS
from device.play.game import Game, GameSetup, Mode
from device.screens.game_screen import start_game
from device.screens.title_screen import SLIDE_FRAME_MS, SLIDE_MS, TitleScreen
from engine.ai import thinker as thinker_module
from engine.ai.search import Search, SearchResult
from engine.notation import format_position

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


def _on_fake_time(app: App, fake: FakeTime, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "monotonic", fake.monotonic)
    monkeypatch.setattr(time, "sleep", fake.sleep)
    app._clock = lambda: int(fake.now_s * 1000)
    app.waiter = SleepingWaiter(fake)


def idle_for(app: App, fake: FakeTime, millis: int) -> tuple[int, int]:
    """Wakeups and frames presented while nothing is pressed for ``millis``."""
    started, first = fake.now_s, fake.sleeps
    loops = frames = 0
    while fake.now_s - started < millis / 1000:
        frames += app.step()
        loops += 1
        assert loops < 100 * millis, "the loop never sleeps"
    return fake.sleeps - first, frames


def wakeups_per_second(driver: Driver, fake: FakeTime, monkeypatch: pytest.MonkeyPatch) -> float:
    app = driver.app
    _on_fake_time(app, fake, monkeypatch)
    app.step()  # the frame after the last press
    sleeps, _ = idle_for(app, fake, IDLE_MS)
    return sleeps / (IDLE_MS / 1000)


def test_the_titles_game_plays_for_a_minute_then_the_title_wakes_for_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = Driver("hatmini", tmp_path)
    app = driver.app
    fake = FakeTime()
    _on_fake_time(app, fake, monkeypatch)
    title = app.top
    assert isinstance(title, TitleScreen)
    app.lighting.input(app.now())  # a press: the board plays from here
    app.step()
    start = format_position(title.demo.position)
    moves: list[str] = []
    real_tick = title.demo.tick

    def counting(now: int, last_input: int) -> bool:
        played = real_tick(now, last_input)
        if played:
            moves.append(format_position(title.demo.position))
        return played

    monkeypatch.setattr(title.demo, "tick", counting)
    sleeps, frames = idle_for(app, fake, PLAYS_FOR_MS)
    assert len(moves) >= PLAYS_FOR_MS // MOVE_EVERY_MS - 1 and moves[0] != start, "it plays"
    frames_per_move = SLIDE_MS // SLIDE_FRAME_MS + 2
    assert frames <= len(moves) * frames_per_move, "frames beyond the moves' slides"
    heartbeat = PLAYS_FOR_MS // MAX_WAIT_MS
    assert sleeps <= frames + heartbeat, "wakeups beyond the frames and the loop's own"
    played = len(moves)
    sleeps, frames = idle_for(app, fake, IDLE_MS)
    assert len(moves) <= played + 1 and frames <= frames_per_move, "it stops after a minute"
    sleeps, frames = idle_for(app, fake, IDLE_MS)
    assert frames == 0 and title.wakeup(app.now()) is None
    assert sleeps <= IDLE_MS // MAX_WAIT_MS, "more than the loop's own once a second"
    moved = len(moves)
    app.press("X", app.now())  # a press on the title plays again, a move's time later
    app.release("X", app.now())
    idle_for(app, fake, 3 * MOVE_EVERY_MS)
    assert len(moves) >= moved + 2


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

    monkeypatch.setattr(thinker_module, "search_workers", lambda: 1)
    monkeypatch.setattr(thinker_module, "Search", HeldSearch)
    fake = FakeTime()
    monkeypatch.setattr(time, "monotonic", fake.monotonic)
    monkeypatch.setattr(time, "sleep", fake.sleep)
    pygame.display.init()
    pygame.font.init()
    waiter = WakeableWaiter()
    app = App(headless_devices("lcdhat", tmp_path, waiter=waiter), seed=1)
    setup = GameSetup(mode=Mode.VERSUS_AI, ai_level=1)
    start_game(app, Game.new(1, setup, ("You", "Computer"), "2026.12.03"))
    assert app.settings.think_ahead and app.playing.match is not None
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
    assert app.playing.match.game.human_to_move()
    assert waiter.wakes == 2, "only the ends of the two searches woke the loop"
    assert fake.sleeps / (IDLE_MS / 1000) <= MAX_WAKEUPS_PER_S
    app.playing.players.thinker.cancel()
