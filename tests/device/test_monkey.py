"""Random button mashing across every screen of every profile: nothing breaks.

10,000 presses by default, 100,000 in the nightly run (``pytest --long``).
"""

import random
import tempfile
from pathlib import Path

import pytest
from app_driver import Driver, RandomThinker
from ram_folder import ram_folder

from device.screens.game_screen import GameScreen
from engine.notation import format_position
from engine.position import MAX_GROUP
from engine.record import GameRecord
from engine.scoring import groups

PRESSES_PER_PROFILE = 3_400
LONG_PRESSES_PER_PROFILE = 34_000
LONG_HOLD_MS = 800
CHECK_EVERY = 41
"""Every this many presses, a game on screen is checked against the engine."""


def _check_game(screen: GameScreen) -> None:
    game = screen.game
    position = game.position
    record = game.record
    replayed = GameRecord(record.start, list(record.moves), rules=record.rules).final_position()
    assert format_position(replayed) == format_position(position)
    assert position.key() == replayed.key()
    assert len(game.movers) == game.ply
    assert all(g.size <= MAX_GROUP for g in groups(position))
    if screen.selection is not None:
        legal = set(position.legal_moves())
        assert all(move in legal for move in screen.selection.moves)


def _mash(profile: str, seed: int, presses: int) -> tuple[int, int]:
    """Press random buttons; returns (games started, positions checked)."""
    # In memory: the fsyncs are not what this test is about.
    with tempfile.TemporaryDirectory(dir=ram_folder()) as folder:
        driver = Driver(profile, Path(folder), seed=seed, thinker=RandomThinker(seed))
        app = driver.app
        rng = random.Random(seed)
        # Choosing and confirming more often than the rest gets games further along.
        busy = [driver.confirm_button, driver.next_choice_button] * 3
        buttons = sorted(driver.profile.meanings) + busy
        games: set[int] = set()
        checked = 0
        for number in range(presses):
            button = rng.choice(buttons)
            hold = LONG_HOLD_MS if rng.random() < 0.02 else 20
            app.press(button, driver.now)
            driver.now += hold
            app.update(driver.now)
            app.release(button, driver.now)
            driver.now += rng.choice((5, 30, 200))
            app.update(driver.now)
            top = app.top
            if isinstance(top, GameScreen):
                games.add(id(top.game))
                if number % CHECK_EVERY == 0:
                    _check_game(top)
                    checked += 1
            if number % 1500 == 0:
                app.dirty = True
                app.draw()
            else:
                app.dirty = False
        return len(games), checked


def assert_random_presses_break_nothing(presses_per_profile: int) -> None:
    for seed, profile in enumerate(("hatmini", "lcdhat", "tabletop")):
        games, checked = _mash(profile, seed, presses_per_profile)
        assert games >= 2, f"{profile}: the monkey never got into a game"
        assert checked > 10


def test_ten_thousand_random_presses_break_nothing() -> None:
    assert_random_presses_break_nothing(PRESSES_PER_PROFILE)


@pytest.mark.long
def test_a_hundred_thousand_random_presses_break_nothing() -> None:
    assert_random_presses_break_nothing(LONG_PRESSES_PER_PROFILE)
