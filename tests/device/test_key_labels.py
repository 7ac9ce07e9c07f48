"""The names of the side keys stand beside the keys themselves on the glass, however
the player turns the picture: the column (or row) that names them follows the keys to
whichever edge of the picture is then beside them, in the keys' order."""

import math
from pathlib import Path

import pygame
import pytest
from app_driver import Driver

from device.hardware.buttons import Button
from device.hardware.profiles import LCDHAT, Edge
from device.look import hud
from device.look.controls import Control, control, draw_key_column, side_keys
from device.look.ui import Ui
from device.play.game import Game, GameSetup, Mode
from device.screens.game_screen import start_game
from drivers.display import HeadlessDisplay
from engine.pieces import BLUE
from engine.record import GameRecord

ROTATIONS = (0, 90, 180, 270)
NEAR_PX = 48
"""A label's middle lies within this many pixels (4.7 mm on the lcdhat's glass) of its
key's middle.  The keys stand 80 px apart; upright (and upside down) the column stops
where the HUD below the board starts, so the last key's name stands 45 px from it."""
DOES = {Button.B: "help.back", Button.MENU: "help.menu", Button.SELECT: "ctl.next"}


def _key_spots(size: tuple[int, int]) -> dict[Button, tuple[float, float]]:
    """Where each side key stands on the glass (the panel unrotated), from the profile:
    beside its edge, spread evenly along it, clockwise round the glass."""
    width, height = size
    keys = [Button(b.means) for b in LCDHAT.buttons if Button(b.means) in DOES]
    spots = {}
    for index, key in enumerate(keys):
        share = (index + 0.5) / len(keys)
        spots[key] = {
            Edge.RIGHT: (width, share * height),
            Edge.BOTTOM: ((1 - share) * width, height),
            Edge.LEFT: (0, (1 - share) * height),
            Edge.TOP: (share * width, 0),
        }[LCDHAT.keys_beside or Edge.RIGHT]
    return spots


def _ink_middle(frame: pygame.Surface, colour: tuple[int, int, int]) -> tuple[float, float]:
    """The middle of the pixels of ``colour`` in ``frame``."""
    xs, ys = [], []
    for x in range(frame.get_width()):
        for y in range(frame.get_height()):
            if frame.get_at((x, y))[:3] == colour:
                xs.append(x)
                ys.append(y)
    assert xs, "nothing drawn"
    return (sum(xs) / len(xs), sum(ys) / len(ys))


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_each_key_is_named_beside_it_on_the_glass(rotation: int, tmp_path: Path) -> None:
    assert LCDHAT.keys_beside is Edge.RIGHT, "the HAT's keys stand down the right of the glass"
    driver = Driver("lcdhat", tmp_path)
    app = driver.app
    app.settings.rotation = rotation
    app.apply_settings()
    ui = app.ui
    assert side_keys(ui) == list(DOES)
    spots = _key_spots(LCDHAT.size)
    downwards = []
    for key, does in DOES.items():
        display = HeadlessDisplay(LCDHAT.size, rotation)
        display.surface.fill((0, 0, 0))
        drawn = draw_key_column(display.surface, ui, [control(does, key)], ui.layout.keys)
        assert drawn, (key, rotation)
        x, y = _ink_middle(display.last_frame(), ui.palette.cursor)
        distance = math.hypot(x - spots[key][0], y - spots[key][1])
        assert distance <= NEAR_PX, (key, rotation, round(distance))
        downwards.append(y)
    assert downwards == sorted(downwards), "named in the keys' order down the glass"


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_the_board_keeps_its_size_and_nothing_overlaps(rotation: int, tmp_path: Path) -> None:
    driver = Driver("lcdhat", tmp_path)
    upright = driver.app.ui.layout
    driver.app.settings.rotation = rotation
    driver.app.apply_settings()
    layout = driver.app.ui.layout
    screen = pygame.Rect(0, 0, layout.width, layout.height)
    assert layout.cell == upright.cell, "the values stay as legible"
    for area in (layout.board, layout.hud, layout.keys):
        assert screen.contains(area)
    assert not layout.board.colliderect(layout.keys)
    assert not layout.board.colliderect(layout.hud)
    assert not layout.hud.colliderect(layout.keys)


def test_across_a_table_the_keys_stay_named_beside_them_on_the_far_players_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Blue's picture is turned half round: the column goes to the picture's left,
    which the half turn brings back beside the keys."""
    edges: list[Edge] = []

    def spy(
        surface: pygame.Surface, ui: Ui, controls: list[Control], area: pygame.Rect
    ) -> list[Control]:
        edges.append(ui.layout.keys_edge)
        return draw_key_column(surface, ui, controls, area)

    monkeypatch.setattr(hud, "draw_key_column", spy)
    driver = Driver("lcdhat", tmp_path)
    start_game(driver.app, Game(GameRecord.from_seed(3), GameSetup(Mode.HOTSEAT, tabletop=True)))
    screen = driver.game_screen()
    driver.play(screen.game.position.legal_moves()[0])
    assert screen.game.position.side == BLUE and screen.flipped()
    driver.app.dirty = True
    driver.app.draw()
    assert edges[-1] is Edge.LEFT
