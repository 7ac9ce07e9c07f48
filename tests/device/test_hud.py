"""The HUD under the board (lcdhat) keeps the turn and the prompt in sight (the
leader too where the line holds it), and every profile names the button that does
what a prompt asks."""

from collections.abc import Callable
from pathlib import Path

import pytest
from app_driver import Driver
from screen_gallery import DECIDED_SEED, at_landing, on_destination, played_game

from device.app import App
from device.hardware.profiles import PROFILES
from device.look.hud import HudItem, draw_hud, essential_items, headline_items, lines_below
from device.look.i18n import LANGUAGES
from device.screens.game_screen import GameScreen
from engine.moves import CONNECTION

GRACE_PLY = 121
"""Random play from ``DECIDED_SEED`` has grace moves to play at this ply."""


def test_under_the_board_the_turn_and_the_prompt_stay_with_grace_moves(tmp_path: Path) -> None:
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

    prompt = HudItem(words, app.ui.palette.cursor)
    headline = headline_items(app.ui, game.position, prompt)
    shown, bar = lines_below(app.ui, headline, prompt, screen.controls())
    turn, _ = essential_items(app.ui, game.position)
    assert shown[0].words == turn.words
    assert words in [item.words for item in shown]
    assert str(game.position.grace) in turn.words
    layout = app.ui.layout
    assert (len(shown) + bar) * layout.line <= layout.hud.h, "every line fits under the board"
    for item in shown:
        assert app.ui.font().size(item.words)[0] <= layout.width - 2, item.words


def test_under_the_board_the_leader_shows_where_the_line_holds_the_pick_button(
    tmp_path: Path,
) -> None:
    driver = Driver("lcdhat", tmp_path)
    screen = driver.new_game("two players")
    app = driver.app
    position = screen.game.position
    headline = headline_items(app.ui, position, None)
    shown, _ = lines_below(app.ui, headline, None, screen.controls())
    assert shown == headline, "turn and leader, the pick button at the free end of a line"
    named = draw_hud(app.display.surface, app.ui, position, None, screen.controls())
    assert screen.controls()[0] in named


def _on_a_connection(app: App) -> GameScreen:
    """The cursor on a destination that connects: the prompt previews the move."""
    return on_destination(app, CONNECTION)


@pytest.mark.parametrize("reach", [at_landing, _on_a_connection], ids=["landing", "preview"])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_prompt_never_hides_the_button_that_answers_it(
    profile: str, language: str, reach: Callable[[App], GameScreen], tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path)
    app = driver.app
    app.settings.language = language
    screen = reach(app)
    words = screen.prompt()
    assert words, "the screen asks something"
    action = screen.controls()[0]
    prompt = HudItem(words, app.ui.palette.cursor)
    named = draw_hud(app.display.surface, app.ui, screen.game.position, prompt, screen.controls())
    assert action in named, f"{app.ui.t(action.does)!r} is not named under {words!r}"
