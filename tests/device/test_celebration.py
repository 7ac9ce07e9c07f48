"""A win is celebrated (satellites fly, the fanfare plays); the title shows the
computer playing a game behind its menu."""

from pathlib import Path

import pygame
import pytest
from app_driver import Driver
from screen_gallery import DECIDED_SEED, against_the_computer, played_game

from device.hardware.profiles import PROFILES
from device.play.demo import MOVE_EVERY_MS
from device.play.game import Game
from device.play.sounds import Effect, end_effect
from device.screens.end_screen import CELEBRATION_MS, EndScreen
from device.screens.title_screen import BACKDROP_VEIL, TitleScreen
from engine.notation import format_position
from engine.pieces import BLUE, RED


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


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_title_shows_the_computer_playing_behind_the_menu(profile: str, tmp_path: Path) -> None:
    driver = Driver(profile, tmp_path)
    app = driver.app
    title = app.top
    assert isinstance(title, TitleScreen)
    first = _title_frame(driver)
    board = title.backdrop_layout().view
    colours = {
        first.get_at((x, y))[:3]
        for x in range(board.left, board.right, 2)
        for y in range(board.top, board.bottom, 2)
    }
    veiled = [
        _veiled(app.ui.palette.players[colour], app.ui.palette.background) for colour in (RED, BLUE)
    ]
    assert all(any(_near(c, shade) for c in colours) for shade in veiled), "both colours"
    start = format_position(title.demo.position)
    driver.advance(3 * MOVE_EVERY_MS)
    assert format_position(title.demo.position) != start, "the computer moves"
    assert pygame.image.tobytes(_title_frame(driver), "RGB") != pygame.image.tobytes(first, "RGB")


def _title_frame(driver: Driver) -> pygame.Surface:
    driver.app.dirty = True
    driver.app.draw()
    return driver.app.display.surface.copy()


def _veiled(colour: tuple[int, int, int], background: tuple[int, int, int]) -> tuple[int, ...]:
    """``colour`` as it shows under the title's veil."""
    share = BACKDROP_VEIL / 255
    return tuple(
        round(c * (1 - share) + b * share) for c, b in zip(colour, background, strict=True)
    )


def _near(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(abs(x - y) <= 3 for x, y in zip(a, b, strict=True))


def test_the_title_greets_with_the_same_game_whatever_the_clock_says(tmp_path: Path) -> None:
    """A device's clock reads differently at every start; its first title picture does not
    (a card's first frame is checked against the simulator's, pixel for pixel)."""
    pictures = []
    for started_at in (0, 987_654):
        driver = Driver("hatmini", tmp_path / str(started_at))
        driver.now = started_at
        driver.app.screens = [TitleScreen(driver.app)]
        pictures.append(pygame.image.tobytes(_title_frame(driver), "RGB"))
    assert pictures[0] == pictures[1]
