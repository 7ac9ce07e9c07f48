"""Screens explain themselves: the device's own buttons, why a choice is refused,
and questions before what cannot be taken back."""

from pathlib import Path

import pygame
import pytest
from app_driver import Driver
from screen_gallery import BUSY_SEED, Look, gallery_driver, game_until, played_game, render_gallery

from device.hardware.buttons import Button
from device.hardware.profiles import PROFILES
from device.i18n import LANGUAGES
from device.look import hud
from device.look.controls import (
    Control,
    button_label,
    control_label,
    draw_screen_bar,
    screen_bar_top,
)
from device.look.hud import HudItem, draw_hud
from device.look.ui import Ui
from device.screens import (
    about_screen,
    dialogs,
    end_screen,
    menu_screen,
    past_games_screen,
    rules_screen,
)
from device.screens.dialogs import MESSAGE_BAR_LINES, ConfirmScreen, MessageScreen
from device.screens.game_screen import SystemMenu, start_game
from device.screens.menu_screen import MenuScreen
from device.screens.screen import Screen
from device.screens.tutorial_screens import TutorialMenu, lesson_screen
from engine.moves import CONNECTION, DISPLACEMENT, kind_of, landing_of, origin_of, target_of
from engine.pieces import NOBODY, colour_of
from engine.position import Position
from engine.scoring import Group, groups


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
    driver.app.show_message("The last move could not be read.")
    message = driver.app.top
    assert isinstance(message, MessageScreen)
    assert [control_label(driver.app.ui, item) for item in message.controls()] == [confirm]


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_full_screen_names_every_control_it_has(
    profile: str, language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On the 240-pixel panel the bar takes two lines, so that "back" is never
    crowded out (the title, menus, past games, rules, end of game, settings)."""
    left_out: list[str] = []
    bars = 0

    def checked_bar(surface: pygame.Surface, ui: Ui, controls: list[Control]) -> list[Control]:
        nonlocal bars
        bars += 1
        drawn = draw_screen_bar(surface, ui, controls)
        named = [c for c in controls if control_label(ui, c) is not None]
        left_out.extend(ui.t(c.does) for c in named if c not in drawn)
        return drawn

    for module in (menu_screen, about_screen, dialogs, past_games_screen, rules_screen, end_screen):
        monkeypatch.setattr(module, "draw_screen_bar", checked_bar)
    render_gallery(profile, tmp_path, gallery_driver(profile, tmp_path), Look(language, False))
    assert bars >= 10, "the gallery shows the full screens"
    assert not left_out


def test_choosing_a_satellite_that_cannot_move_says_why(tmp_path: Path) -> None:
    driver = Driver("tabletop", tmp_path)
    start_game(driver.app, played_game(BUSY_SEED, plies=120))
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
    assert refusal(locked) == "Connected: locked"
    driver.tap("B")
    assert screen.prompt() == "", "the explanation goes with the next press"


def _colony_made_by(position: Position, move: int) -> Group | None:
    """The colony ``move`` would leave its satellite in (None: no colony)."""
    if kind_of(move) != CONNECTION:
        return None
    after = position.copy()
    after.make(move)
    return next((g for g in groups(after) if g.is_colony and target_of(move) in g.cells), None)


def test_a_connecting_destination_says_what_it_makes(tmp_path: Path) -> None:
    driver = Driver("lcdhat", tmp_path)
    game = next(
        g
        for g in (played_game(BUSY_SEED, ply) for ply in range(1, 300))
        if any(_colony_made_by(g.position, m) for m in g.position.legal_moves())
    )
    start_game(driver.app, game)
    screen = driver.game_screen()
    position = screen.game.position
    move = next(m for m in position.legal_moves() if _colony_made_by(position, m))
    colony = _colony_made_by(position, move)
    assert colony is not None and screen.selection is not None
    screen.selection.cursor = origin_of(move)
    driver.confirm()
    screen.selection.cursor = target_of(move)
    said = screen.prompt()
    assert said.endswith(f"colony of {colony.total}"), said
    if colony.controller != NOBODY:
        assert driver.app.ui.colour_name(colony.controller) in said


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_game_screen_names_every_key_that_does_something(
    profile: str, language: str, tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path)
    app = driver.app
    app.settings.language = language
    start_game(app, game_until(lambda ms: any(kind_of(m) == DISPLACEMENT for m in ms)))
    screen = driver.game_screen()
    selection = screen.selection
    assert selection is not None
    move = next(m for m in selection.moves if kind_of(m) == DISPLACEMENT)
    ui = app.ui
    side = [b for b in (Button.B, Button.MENU, Button.SELECT) if button_label(ui, b)]
    whole_bars = 0
    for cursor in (origin_of(move), target_of(move), landing_of(move)):
        controls = screen.controls()
        prompt = screen.prompt()
        shown = HudItem(prompt, ui.palette.cursor) if prompt else None
        named = draw_hud(app.display.surface, ui, screen.game.position, shown, controls)
        offered = [item for item in controls if control_label(ui, item) is not None]
        if shown is None:  # a prompt takes the bar's line under the board
            assert set(named) == set(offered), selection.stage
            whole_bars += 1
        for button in side:  # the side keys are named even under a prompt
            doing = [item for item in offered if button in item.buttons]
            assert all(item in named for item in doing), (selection.stage, button)
        driver.put_cursor(cursor)
        driver.confirm()
    assert whole_bars


def test_under_a_prompt_the_joystick_hat_names_its_press_where_a_line_has_room(
    tmp_path: Path,
) -> None:
    driver = Driver("lcdhat", tmp_path)
    app = driver.app
    start_game(app, game_until(lambda ms: any(kind_of(m) == DISPLACEMENT for m in ms)))
    screen = driver.game_screen()
    assert screen.selection is not None
    move = next(m for m in screen.selection.moves if kind_of(m) == DISPLACEMENT)
    for cursor in (origin_of(move), target_of(move)):
        driver.put_cursor(cursor)
        driver.confirm()
    prompt = HudItem(screen.prompt(), app.ui.palette.cursor)
    assert prompt.words == "Where does it go?"
    named = draw_hud(app.display.surface, app.ui, screen.game.position, prompt, screen.controls())
    labels = {control_label(app.ui, item): app.ui.t(item.does) for item in named}
    assert labels["press"] == "push"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_joystick_hats_game_screen_names_its_menu_and_next_keys(
    language: str, tmp_path: Path
) -> None:
    driver = Driver("lcdhat", tmp_path)
    app = driver.app
    app.settings.language = language
    start_game(app, played_game(BUSY_SEED, plies=120))
    screen = driver.game_screen()
    assert screen.prompt() == ""
    named = draw_hud(app.display.surface, app.ui, screen.game.position, None, screen.controls())
    labels = {control_label(app.ui, item): app.ui.t(item.does) for item in named}
    menu, following = app.ui.t("help.menu"), app.ui.t("ctl.next")
    press = app.ui.t("button.press")
    assert labels == {press: app.ui.t("ctl.pick"), "KEY2": menu, "KEY3": following}


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_menu_and_dialog_over_a_screen_has_its_own_button_bar(
    profile: str, tmp_path: Path
) -> None:
    """The game's menu, the tutorial's menu, a yes/no question and a message each draw
    their own bar: nothing of the bar of the screen behind them shows."""
    driver = Driver(profile, tmp_path)
    app = driver.app
    game = driver.new_game("two players")
    lesson = lesson_screen(app, 0)
    cases: list[tuple[Screen, MenuScreen | MessageScreen]] = [
        (game, SystemMenu(app, game)),
        (game, ConfirmScreen(app, app.ui.t("confirm.resign"), lambda: None)),
        (game, MessageScreen(app, "The last move could not be read.")),
        (lesson, TutorialMenu(app, 0, lesson)),
    ]
    layout = app.ui.layout
    for behind, overlay in cases:
        app.screens = [app.screens[0], behind, overlay]
        app.dirty = True
        app.draw()
        lines = MESSAGE_BAR_LINES if isinstance(overlay, MessageScreen) else None
        top = screen_bar_top(app.ui, lines)
        bar = pygame.Rect(0, top, layout.width, layout.height - top)
        alone = pygame.Surface((layout.width, layout.height))
        draw_screen_bar(alone, app.ui, overlay.controls(), lines)
        shown = app.display.surface.subsurface(bar)
        expected = alone.subsurface(bar)
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected, "RGB"), type(
            overlay
        ).__name__
        if isinstance(overlay, MessageScreen):  # above its one line: the panel, or the box
            panel, _ = overlay.box()
            above = screen_bar_top(app.ui)
            for x in range(layout.width):
                for y in range(above, top):
                    if not panel.collidepoint(x, y):
                        assert app.display.surface.get_at((x, y))[:3] == app.ui.palette.panel


def test_on_four_buttons_the_bar_says_which_way_x_and_y_go(tmp_path: Path) -> None:
    """X steps down a list and on to the next page, Y up and back: the bar says so
    (the devices with arrows name the arrows)."""
    driver = Driver("hatmini", tmp_path)
    ui = driver.app.ui
    title = driver.app.top
    assert isinstance(title, MenuScreen)
    labels = {ui.t(c.does): control_label(ui, c) for c in title.controls()}
    assert labels[ui.t("ctl.browse")] == "X\u25bc/Y\u25b2"
    rules = rules_screen.RulesScreen(driver.app)
    labels = {ui.t(c.does): control_label(ui, c) for c in rules.controls()}
    assert labels[ui.t("ctl.page")] == "X\u25b6/Y\u25c0"
    lcdhat = Driver("lcdhat", tmp_path / "lcdhat")
    menu = lcdhat.app.top
    assert isinstance(menu, MenuScreen)
    browse = next(c for c in menu.controls() if c.does == "ctl.browse")
    assert control_label(lcdhat.app.ui, browse) == "\u25b2\u2009\u25bc"


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_closed_is_said_once_at_the_start_of_a_game(profile: str, tmp_path: Path) -> None:
    """ "Closed: empty an edge" stands where the HUD says "Closed", or as the prompt
    where it does not: never both."""
    driver = Driver(profile, tmp_path)
    screen = driver.new_game("two players")
    ui = driver.app.ui
    assert screen.explains_closed()
    shown: list[str] = []
    real = hud._draw_item

    def recording(surface: pygame.Surface, ui: Ui, item: HudItem, *place: int) -> int:
        shown.append(item.words)
        return real(surface, ui, item, *place)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(hud, "_draw_item", recording)
        driver.app.dirty = True
        driver.app.draw()
    closed_word = ui.t("hud.closed_help").split(":")[0]  # "Closed"
    closed = [words for words in shown if closed_word in words]
    assert closed == [ui.t("hud.closed_help")], shown
