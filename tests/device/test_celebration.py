"""A win is celebrated (satellites fly, the fanfare plays); the title shows the board."""

from pathlib import Path

import pygame
from app_driver import Driver
from screen_gallery import DECIDED_SEED, against_the_computer, played_game

from device.play.game import Game
from device.play.sounds import Effect, end_effect
from device.screens.end_screen import CELEBRATION_MS, EndScreen
from engine.pieces import RED


def _frames(driver: Driver, game: Game, times: list[int]) -> list[bytes]:
    app = driver.app
    app.screens = app.screens[:1]
    app.push(EndScreen(app, game))
    frames = []
    for wait in times:
        driver.advance(wait)
        app.dirty = True
        app.draw()
        frames.append(pygame.image.tobytes(app.display.surface, "RGB"))
    return frames


def test_a_win_is_celebrated_for_a_while_then_stands_still(tmp_path: Path) -> None:
    driver = Driver("lcdhat", tmp_path)
    won = against_the_computer(played_game(DECIDED_SEED), RED)
    assert end_effect(won) is Effect.WIN, "the fanfare"
    early, later, done, after = _frames(driver, won, [100, 300, CELEBRATION_MS, 500])
    assert early != later, "satellites fly"
    assert done == after, "and then the screen is still"
    assert later != done


def test_the_title_shows_satellites_either_side_of_the_name(tmp_path: Path) -> None:
    driver = Driver("tabletop", tmp_path)
    app = driver.app
    app.dirty = True
    app.draw()
    surface = app.display.surface
    palette = app.ui.palette
    row = app.ui.layout.title_size
    colours = {surface.get_at((x, y))[:3] for x in range(app.ui.layout.width) for y in range(row)}
    assert palette.players[1] in colours and palette.players_light[0] in colours
