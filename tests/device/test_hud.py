"""The HUD under the board (lcdhat) keeps the turn and the leader in sight, and
every profile names the button that does what a prompt asks."""

from collections.abc import Callable
from pathlib import Path

import pytest
from app_driver import Driver
from screen_gallery import DECIDED_SEED, game_until, played_game

from device.game_screen import GameScreen
from device.hud import HudItem, draw_hud, essential_items, headline_items
from device.i18n import LANGUAGES
from device.profiles import PROFILES
from device.selection import Stage
from engine.moves import CONNECTION, DISPLACEMENT, kind_of, origin_of, target_of

GRACE_PLY = 259
"""Random play from ``DECIDED_SEED`` has grace moves to play at this ply."""


def test_under_the_board_the_leader_stays_with_a_prompt_and_grace_moves(tmp_path: Path) -> None:
    driver = Driver("lcdhat", tmp_path)
    app = driver.app
    assert not app.ui.layout.side_panel
    game = played_game(DECIDED_SEED, plies=GRACE_PLY)
    assert game.position.grace > 0
    app.start_game(game)
    screen = app.top
    assert isinstance(screen, GameScreen)
    screen.refusal = "hud.why.not_yours"
    words = screen.prompt()
    assert words == app.ui.t("hud.why.not_yours")

    shown = headline_items(app.ui, game.position, HudItem(words, app.ui.palette.cursor))
    turn, leader = essential_items(app.ui, game.position)
    assert [item.words for item in shown] == [turn.words, leader.words, words]
    assert str(game.position.grace) in turn.words
    layout = app.ui.layout
    assert len(shown) * layout.line <= layout.hud.h, "every line fits under the board"
    for item in shown:
        assert app.ui.font().size(item.words)[0] <= layout.width - 2, item.words


def _at_landing(driver: Driver) -> GameScreen:
    """A game whose player has chosen a displacement and must say where the rival goes."""
    driver.app.start_game(game_until(lambda ms: any(kind_of(m) == DISPLACEMENT for m in ms)))
    screen = driver.app.top
    assert isinstance(screen, GameScreen) and screen.selection is not None
    move = next(m for m in screen.selection.moves if kind_of(m) == DISPLACEMENT)
    screen.selection.cursor = origin_of(move)
    screen.selection.confirm()
    screen.selection.cursor = target_of(move)
    screen.selection.confirm()
    assert screen.selection.stage is Stage.LANDING
    return screen


def _on_a_connection(driver: Driver) -> GameScreen:
    """A game whose cursor rests on a destination that connects (the move's preview)."""
    driver.app.start_game(game_until(lambda ms: any(kind_of(m) == CONNECTION for m in ms)))
    screen = driver.app.top
    assert isinstance(screen, GameScreen) and screen.selection is not None
    move = next(m for m in screen.selection.moves if kind_of(m) == CONNECTION)
    screen.selection.cursor = origin_of(move)
    screen.selection.confirm()
    screen.selection.cursor = target_of(move)
    assert screen.selection.stage is Stage.TARGET
    return screen


@pytest.mark.parametrize("reach", [_at_landing, _on_a_connection], ids=["landing", "preview"])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_prompt_never_hides_the_button_that_answers_it(
    profile: str, language: str, reach: Callable[[Driver], GameScreen], tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path)
    app = driver.app
    app.settings.language = language
    screen = reach(driver)
    words = screen.prompt()
    assert words, "the screen asks something"
    action = screen.controls()[0]
    prompt = HudItem(words, app.ui.palette.cursor)
    named = draw_hud(app.display.surface, app.ui, screen.game.position, prompt, screen.controls())
    assert action in named, f"{app.ui.t(action.does)!r} is not named under {words!r}"
