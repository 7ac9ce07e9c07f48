"""Games given up, replaced, finished and replayed leave no file open, even before any
garbage collection: a process that plays many games (a long session on the device, a
test run making many apps) keeps its descriptors within what select() accepts (1024),
which the serial buttons and the link cable need."""

import gc
import os
import random
from pathlib import Path

import pytest
from app_driver import Driver
from screen_gallery import DECIDED_SEED, played_game

from device.play.game import Game, GameSetup, Mode
from device.screens.game_screen import start_game
from device.screens.past_games_screen import PastGamesScreen
from device.screens.replay_screen import ReplayScreen
from engine.playout import random_move
from engine.record import GameRecord

OPEN_FILES = Path("/proc/self/fd")
GAMES = 40


def open_files() -> int:
    return len(os.listdir(OPEN_FILES))


@pytest.mark.skipif(not OPEN_FILES.is_dir(), reason="needs /proc/self/fd")
def test_games_replaced_one_after_another_leave_no_file_open(tmp_path: Path) -> None:
    driver = Driver("lcdhat", tmp_path)
    app = driver.app
    rng = random.Random(1)
    collecting = gc.isenabled()
    gc.disable()
    try:
        before = open_files()
        for seed in range(1, GAMES + 1):
            game = Game(GameRecord.from_seed(seed), GameSetup(Mode.HOTSEAT))
            start_game(app, game)  # gives up the game before it
            driver.play(random_move(game.position, rng))
            if seed % 2:
                app.to_title()
        start_game(app, played_game(DECIDED_SEED))  # finished: stored and archived
        driver.advance(400)
        for _ in range(GAMES):
            app.to_title()
            app.push(PastGamesScreen(app))
            driver.confirm()
            driver.choose_item("Replay")
            assert isinstance(app.top, ReplayScreen)
            driver.back()
        after = open_files()
    finally:
        if collecting:
            gc.enable()
    assert after - before < 3
