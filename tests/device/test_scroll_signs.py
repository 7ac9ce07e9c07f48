"""A list longer than its screen says so: a sign at the top edge while items lie above
the ones shown, at the bottom edge while items lie below, never over an item's words."""

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from screen_gallery import archive_games, gallery_driver

from device.app import App
from device.hardware.profiles import PROFILES
from device.look.controls import screen_bar_top
from device.screens.menu_screen import MenuScreen
from device.screens.past_games_screen import PastGamesScreen
from device.screens.settings_screens import SettingsScreen


def _settings(app: App) -> MenuScreen:
    return SettingsScreen(app)


def _past_games(app: App) -> MenuScreen:
    archive_games(app)
    return PastGamesScreen(app)


def _sign_drawn(surface: pygame.Surface, sign: pygame.Rect, colour: tuple[int, int, int]) -> bool:
    painted = sum(
        1
        for x in range(sign.left, sign.right)
        for y in range(sign.top, sign.bottom)
        if tuple(surface.get_at((x, y)))[:3] == colour
    )
    return painted >= sign.w * sign.h // 3


@pytest.mark.parametrize("screen", [_settings, _past_games], ids=["settings", "past-games"])
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_list_that_scrolls_shows_where_more_items_lie(
    profile: str, screen: Callable[[App], MenuScreen], tmp_path: Path
) -> None:
    app = gallery_driver(profile, tmp_path).app
    menu = screen(app)
    app.push(menu)
    items = len(menu.shown())
    for index in range(items):
        menu.index = index
        app.dirty = True
        app.draw()
        window = menu.window()
        shown = range(window.first, window.first + window.count)
        assert index in shown
        assert (window.above is not None) == (window.first > 0), index
        assert (window.below is not None) == (shown.stop < items), index
        rows = [
            pygame.Rect(0, window.row_top(row), app.ui.layout.width, window.row - 2)
            for row in shown
        ]
        for sign in (window.above, window.below):
            if sign is None:
                continue
            assert _sign_drawn(app.display.surface, sign, app.ui.palette.cursor)
            assert sign.collidelist(rows) == -1, "the sign covers an item"
            assert sign.bottom <= screen_bar_top(app.ui)


def test_the_handhelds_settings_sign_the_items_below_the_fold(tmp_path: Path) -> None:
    app = gallery_driver("hatmini", tmp_path).app
    menu = SettingsScreen(app)
    app.push(menu)
    labels = [item.label() for item in menu.shown()]
    window = menu.window()
    assert labels[-2:] == ["Volume: 50%", "Done"]
    assert window.first + window.count < len(labels) and window.below is not None
