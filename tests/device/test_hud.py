"""The HUD under the board (lcdhat) keeps the turn and the leader in sight."""

from pathlib import Path

from app_driver import Driver
from screen_gallery import DECIDED_SEED, played_game

from device.game_screen import GameScreen
from device.hud import HudItem, essential_items, headline_items

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
