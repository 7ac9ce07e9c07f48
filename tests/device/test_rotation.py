"""A rotation change asks to be kept and turns back by itself; the buttons turn
with the picture, so up on the glass is up on screen."""

from pathlib import Path

import pygame
import pytest
from app_driver import Driver

from device.hardware.buttons import Button, turned
from device.hardware.profiles import PROFILES
from device.journal.settings_file import load_settings
from device.play.navigation import jump
from device.screens.settings_screens import KEEP_ROTATION_MS, KeepRotationScreen, SettingsScreen
from drivers.display import HeadlessDisplay
from engine.geometry import cell_at, file_of, rank_of

ROTATIONS = (0, 90, 180, 270)
ON_THE_GLASS = {
    Button.UP: (0, -1),
    Button.DOWN: (0, 1),
    Button.LEFT: (-1, 0),
    Button.RIGHT: (1, 0),
}
"""Which way each direction button points on the panel (pixels: y grows downwards)."""


def _glass_step(size: tuple[int, int], rotation: int, step: tuple[int, int]) -> tuple[int, int]:
    """Where a step of one pixel in the picture goes on the glass, as the display shows it."""
    display = HeadlessDisplay(size, rotation)
    centre = (size[0] // 2, size[1] // 2)
    display.surface.fill((0, 0, 0))
    display.surface.set_at(centre, (255, 0, 0))
    display.surface.set_at((centre[0] + step[0], centre[1] + step[1]), (0, 255, 0))
    frame = display.last_frame()
    width, height = frame.get_size()
    found: dict[tuple[int, int, int], tuple[int, int]] = {}
    for x in range(width // 2 - 3, width // 2 + 4):
        for y in range(height // 2 - 3, height // 2 + 4):
            colour = frame.get_at((x, y))
            found[(colour.r, colour.g, colour.b)] = (x, y)
    (x0, y0), (x1, y1) = found[(255, 0, 0)], found[(0, 255, 0)]
    return (x1 - x0, y1 - y0)


@pytest.mark.parametrize("rotation", ROTATIONS)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_each_direction_button_moves_the_picture_its_own_way_on_the_glass(
    profile: str, rotation: int
) -> None:
    pygame.display.init()
    device = PROFILES[profile]
    for physical, meaning in device.meanings.items():
        seen = turned(meaning, rotation)
        if meaning not in ON_THE_GLASS:
            assert seen is meaning, (physical, rotation)
            continue
        step_in_picture = ON_THE_GLASS[seen]
        assert _glass_step(device.size, rotation, step_in_picture) == ON_THE_GLASS[meaning], (
            physical,
            rotation,
        )


def test_at_ninety_degrees_up_on_the_joystick_moves_the_cursor_up_on_the_glass(
    tmp_path: Path,
) -> None:
    driver = Driver("lcdhat", tmp_path)
    screen = driver.new_game("two players")
    driver.app.settings.rotation = 90
    driver.app.settings_changed()
    selection = screen.selection
    assert selection is not None
    start = selection.cursor = cell_at(4, 4)
    driver.tap("UP")
    # the picture's left (west on the board) is up on a panel turned clockwise by a quarter
    west = jump(start, selection.choices, (-1, 0))
    assert selection.cursor == west and file_of(west) < 4
    driver.tap("RIGHT")
    assert selection.cursor == jump(west, selection.choices, (0, 1)), "the picture's up: north"
    assert rank_of(selection.cursor) > rank_of(west)


def _turn_once(driver: Driver) -> KeepRotationScreen:
    driver.choose_item("Settings")
    driver.set_item("Rotation", "0°")
    driver.confirm()
    screen = driver.app.top
    assert isinstance(screen, KeepRotationScreen)
    return screen


def _stored_rotation(folder: Path) -> int:
    return load_settings(folder).rotation


def test_a_new_rotation_nobody_keeps_turns_back_by_itself_after_ten_seconds(
    tmp_path: Path,
) -> None:
    driver = Driver("hatmini", tmp_path)
    _turn_once(driver)
    assert driver.display.rotation == 90
    assert _stored_rotation(tmp_path) == 0, "not kept before the player says so"
    driver.advance(KEEP_ROTATION_MS - 500)
    assert isinstance(driver.app.top, KeepRotationScreen)
    driver.advance(600)
    assert isinstance(driver.app.top, SettingsScreen)
    assert driver.display.rotation == 0 and driver.app.settings.rotation == 0
    assert _stored_rotation(tmp_path) == 0


def test_the_countdown_shows_the_seconds_left(tmp_path: Path) -> None:
    driver = Driver("hatmini", tmp_path)
    screen = _turn_once(driver)
    first = screen.shown()[0].label()
    driver.advance(3000)
    assert "10 s" in first and "7 s" in screen.shown()[0].label()


def test_keeping_the_rotation_stores_it(tmp_path: Path) -> None:
    driver = Driver("hatmini", tmp_path)
    _turn_once(driver)
    driver.choose_item("Keep it")
    assert isinstance(driver.app.top, SettingsScreen)
    driver.advance(KEEP_ROTATION_MS + 1000)
    assert driver.display.rotation == 90 and _stored_rotation(tmp_path) == 90


@pytest.mark.parametrize("answer", ["Go back", "back"])
def test_saying_no_or_back_turns_the_picture_back_at_once(tmp_path: Path, answer: str) -> None:
    driver = Driver("hatmini", tmp_path)
    _turn_once(driver)
    if answer == "back":
        driver.back()
    else:
        driver.choose_item(answer)
    assert isinstance(driver.app.top, SettingsScreen)
    assert driver.display.rotation == 0 and _stored_rotation(tmp_path) == 0
