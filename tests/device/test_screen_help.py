"""Screens explain themselves: the device's own buttons, why a choice is refused,
and questions before what cannot be taken back."""

from pathlib import Path

import pytest
from app_driver import Driver
from screen_gallery import BUSY_SEED, played_game

from device.buttons import Button
from device.controls import button_label, control_label
from device.game_screen import SystemMenu
from device.menus import ConfirmScreen
from engine.pieces import colour_of


def test_resign_is_not_one_wrap_away_from_resume_and_asks_first(tmp_path: Path) -> None:
    driver = Driver("hatmini", tmp_path)
    screen = driver.new_game("two players")
    driver.open_menu()
    menu = driver.app.top
    assert isinstance(menu, SystemMenu) and menu.index == 0
    driver.tap("Y")  # previous item: stays on Resume instead of wrapping to the end
    assert menu.index == 0
    driver.choose_item("Resign")
    assert isinstance(driver.app.top, ConfirmScreen)
    driver.confirm()  # "No" is the first answer
    assert driver.app.screens[-1] is menu and not screen.match.finished
    driver.choose_item("Resign")
    driver.choose_item("Yes")
    assert screen.match.finished


@pytest.mark.parametrize(
    ("profile", "confirm", "menu"),
    [("hatmini", "A", "hold B"), ("lcdhat", "press", "KEY2"), ("tabletop", "A", "Start")],
)
def test_the_button_bar_names_the_devices_own_buttons(
    profile: str, confirm: str, menu: str, tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path)
    screen = driver.new_game("two players")
    labels = [control_label(driver.app.ui, item) for item in screen.controls()]
    assert labels[0] == confirm and menu in labels
    has_arrows = button_label(driver.app.ui, Button.LEFT) is not None
    assert has_arrows == (profile != "hatmini"), "no arrows are named where there are none"


def test_choosing_a_satellite_that_cannot_move_says_why(tmp_path: Path) -> None:
    driver = Driver("tabletop", tmp_path)
    driver.app.start_game(played_game(BUSY_SEED, plies=120))
    screen = driver.game_screen()
    assert screen.selection is not None
    position = screen.game.position
    side = position.side

    def refusal(cell: int) -> str:
        assert screen.selection is not None
        screen.selection.cursor = cell
        driver.confirm()
        return screen.prompt()

    owned = [c for c in range(100) if position.board[c]]
    theirs = next(c for c in owned if colour_of(position.board[c]) != side)
    locked = next(
        c for c in owned if colour_of(position.board[c]) == side and position.is_connected(c)
    )
    assert refusal(theirs) == "Not yours"
    assert refusal(next(c for c in range(100) if not position.board[c])) == "No satellite there"
    assert refusal(locked) == "Connected: it never moves"
    driver.tap("B")
    assert screen.prompt() == "", "the explanation goes with the next press"
