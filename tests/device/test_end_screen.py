"""The end of a game: the final board and the replay are never one press away from
being lost, every part of the result is explained, and a win's burst flies behind
the words."""

from pathlib import Path

import pygame
import pytest
from app_driver import Driver
from screen_gallery import DECIDED_SEED, TIEBREAK_SEED, against_the_computer, played_game

from device.hardware.profiles import PROFILES
from device.i18n import LANGUAGES
from device.play.game import Game
from device.screens.end_screen import CELEBRATION_MS, FRAME_MS, EndScreen
from device.screens.replay_screen import ReplayScreen
from device.screens.title_screen import TitleScreen
from engine.pieces import RED


def _games() -> dict[str, Game]:
    """The gallery's finished games: a tiebreak, a decided one, and one won by "you"."""
    return {
        "tiebreak": played_game(TIEBREAK_SEED),
        "decided": played_game(DECIDED_SEED),
        "you-win": against_the_computer(played_game(DECIDED_SEED), RED),
    }


def _ended(driver: Driver, game: Game, language: str) -> EndScreen:
    app = driver.app
    app.settings.language = language
    app.screens = app.screens[:1]
    end = EndScreen(app, game)
    app.push(end)
    driver.advance(CELEBRATION_MS)
    app.dirty = True
    app.draw()
    return end


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_pressing_choose_again_and_again_shows_the_final_board(
    profile: str, language: str, tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path)
    for name, game in _games().items():
        end = _ended(driver, game, language)
        presses = 0
        while driver.app.top is end:
            assert presses <= end.parts, f"{name}: the choices never came"
            driver.confirm()
            presses += 1
        final = driver.app.top
        assert isinstance(final, ReplayScreen) and final.replay.at_end, name
        driver.back()
        assert driver.app.top is end, "back from the final board is back at the end"
    driver.back()
    assert isinstance(driver.app.top, TitleScreen), "B leaves, as the bar says"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_colony_totals_are_said_to_be_totals_on_their_screenful(
    profile: str, language: str, tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path)
    for name, game in _games().items():
        end = _ended(driver, game, language)
        caption = driver.app.ui.t("end.chips")
        labels = {str(colony.total) for colony in end.result.colonies} | {"\u265b"}
        pages = end._paged()
        with_chips = [
            page for page in pages if any(b.words and set(b.words.split()) <= labels for b in page)
        ]
        assert with_chips, name
        assert caption in " ".join(b.words for b in with_chips[0]), name


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_win_burst_never_covers_a_word_of_the_result(profile: str, tmp_path: Path) -> None:
    driver = Driver(profile, tmp_path)
    app = driver.app
    won = against_the_computer(played_game(DECIDED_SEED), RED)
    app.push(EndScreen(app, won))
    frames = []
    for _ in range(0, CELEBRATION_MS, FRAME_MS):
        driver.advance(FRAME_MS)
        app.dirty = True
        app.draw()
        frames.append(app.display.surface.copy())
    driver.advance(CELEBRATION_MS)
    app.dirty = True
    app.draw()
    still = app.display.surface.copy()
    background = app.ui.palette.background
    words = pygame.mask.from_threshold(still, background, (1, 1, 1, 255))
    words.invert()  # every pixel of the result: words, chips, choices, the bar
    assert words.count() > 0
    flew = 0
    for frame in frames:
        same = pygame.mask.from_threshold(frame, (0, 0, 0), (1, 1, 1, 255), still)
        changed = same.copy()
        changed.invert()
        flew += changed.count() > 0
        assert changed.overlap_area(words, (0, 0)) == 0, "a satellite flew over the result"
    assert flew > len(frames) // 2, "satellites fly"
