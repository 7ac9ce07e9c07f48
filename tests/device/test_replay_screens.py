"""The end of a game and its record on the device: "You win"/"You lose", the final
board, the replay stepped with each profile's own buttons, and "Past games"."""

import random
from pathlib import Path

import pygame
import pytest
from app_driver import Driver, RandomThinker, archive_game
from screen_gallery import (
    DECIDED_SEED,
    LOOKS,
    Look,
    against_the_computer,
    archive_games,
    gallery_driver,
    played_game,
)

from device.hardware.buttons import Button
from device.hardware.profiles import ProfileName
from device.i18n import LANGUAGES
from device.look.controls import button_label, control_label, screen_bar_top
from device.look.hud import draw_view_hud
from device.look.verdict import verdict
from device.play.game import Game, GameSetup, Mode
from device.play.replay import Replay
from device.screens.dialogs import MessageScreen
from device.screens.end_screen import CHOICES, EndScreen
from device.screens.past_games_screen import PastGamesScreen
from device.screens.replay_screen import ReplayScreen
from device.screens.title_screen import TitleScreen
from engine.notation import format_position
from engine.pieces import BLUE, NOBODY, RED
from engine.playout import random_move
from engine.record import GameRecord

PROFILES = tuple(ProfileName)


class ReplayButtons:
    """The physical buttons of a profile that step a replay."""

    def __init__(self, driver: Driver) -> None:
        profile = driver.profile
        self.next = profile.pressing(Button.RIGHT, Button.NEXT)
        self.previous = profile.pressing(Button.LEFT, Button.PREV)
        self.jump = profile.pressing(Button.A)
        self.back = profile.pressing(Button.B)
        self.first_last = (
            (profile.pressing(Button.UP), profile.pressing(Button.DOWN))
            if profile.has_dpad
            else None
        )


def _positions(record: GameRecord) -> list[str]:
    """The position after each ply of ``record``, the start first."""
    return [
        format_position(GameRecord(record.start, record.moves[:ply]).final_position())
        for ply in range(len(record.moves) + 1)
    ]


def _play_against_the_computer(driver: Driver) -> Game:
    """A whole game as Red, every move of the person made with the buttons."""
    driver.app.settings.think_ms = 0
    driver.app.playing.players.hint_thinker = RandomThinker(
        5
    )  # not the computer's: each answer is read once
    game = driver.new_game("vs computer", level="1", colour="Red").game
    rng = random.Random(11)
    while not game.is_over():
        if game.human_to_move():
            driver.play(random_move(game.position.copy(), rng))
        driver.advance(200)
    driver.advance(500)
    return game


def _choose_on_end_screen(driver: Driver, end: EndScreen, choice: int) -> None:
    """Page to the choices and move to ``choice`` with the menu buttons, then confirm."""
    previous_item = driver.profile.pressing(Button.UP, Button.PREV)
    for _ in range(10):
        if end.on_last_part() and end.choice == choice:
            break
        later = not end.on_last_part() or end.choice < choice
        driver.tap(driver.next_item_button if later else previous_item)
    driver.confirm()


def _step_through(driver: Driver, screen: ReplayScreen, expected: list[str]) -> None:
    """To the end one move at a time and back to the start, checking every position."""
    buttons = ReplayButtons(driver)
    replay = screen.replay
    assert replay.index == 0 and format_position(replay.position) == expected[0]
    for ply in range(1, len(expected)):
        driver.tap(buttons.next)
        assert replay.index == ply
        assert format_position(replay.position) == expected[ply]
    driver.tap(buttons.next)
    assert replay.at_end, "the last move stays on screen"
    for ply in range(len(expected) - 2, -1, -1):
        driver.tap(buttons.previous)
        assert format_position(replay.position) == expected[ply]
    driver.tap(buttons.jump)
    assert replay.at_end
    driver.tap(buttons.jump)
    assert replay.at_start
    if buttons.first_last is not None:
        first, last = buttons.first_last
        driver.tap(last)
        assert replay.at_end
        driver.tap(first)
        assert replay.at_start


@pytest.mark.parametrize("profile", PROFILES)
def test_a_game_played_with_buttons_replays_move_by_move_then_from_past_games(
    profile: str, tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path, seed=4, thinker=RandomThinker(4))
    game = _play_against_the_computer(driver)
    expected = _positions(game.record)
    end = driver.app.top
    assert isinstance(end, EndScreen)
    winner = end.headline()[1]
    words = {RED: "You win", BLUE: "You lose", NOBODY: "Draw"}[winner]
    assert end.headline()[0] == words

    _choose_on_end_screen(driver, end, choice=CHOICES.index("end.replay"))
    screen = driver.app.top
    assert isinstance(screen, ReplayScreen)
    _step_through(driver, screen, expected)
    driver.tap(ReplayButtons(driver).back)
    assert driver.app.top is end, "back from the replay is back at the end screen"

    _choose_on_end_screen(driver, end, choice=CHOICES.index("end.final_board"))
    final = driver.app.top
    assert isinstance(final, ReplayScreen) and final.replay.at_end
    assert format_position(final.replay.position) == expected[-1]
    driver.back()
    driver.back()  # the end screen's B leaves to the title
    assert isinstance(driver.app.top, TitleScreen)

    driver.choose_item("Past games")
    past = driver.app.top
    assert isinstance(past, PastGamesScreen) and len(past.games) == 1
    assert past.opponent(past.games[0]) == "Computer, level 1"
    assert words.replace("win", "won").replace("lose", "lost") in past.summary(past.games[0])
    driver.confirm()
    driver.choose_item("Replay")
    replay = driver.app.top
    assert isinstance(replay, ReplayScreen)
    _step_through(driver, replay, expected)


def test_past_games_is_offered_only_when_a_game_was_archived(tmp_path: Path) -> None:
    driver = Driver("tabletop", tmp_path)
    title = driver.app.top
    assert isinstance(title, TitleScreen)
    assert "Past games" not in [item.label() for item in title.shown()]
    archive_game(driver.app.saves, played_game(DECIDED_SEED), "20261130-1")
    assert "Past games" in [item.label() for item in title.shown()]


@pytest.mark.parametrize("profile", PROFILES)
def test_a_damaged_archived_game_is_shown_as_unreadable_and_says_why(
    profile: str, tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path)
    archive_game(driver.app.saves, played_game(DECIDED_SEED), "20261128-1")
    folder = tmp_path / "finished"
    (folder / "000002.20261129-1.txt").write_bytes(b"\x00\xff\xfe")
    bad_move = '[Format "satellites-record 1"]\n[Date "2026.11.30"]\n[Seed "7"]\n\n1. a1-b2 *\n'
    (folder / "000003.20261130-1.txt").write_text(bad_move)
    driver.choose_item("Past games")
    past = driver.app.top
    assert isinstance(past, PastGamesScreen)
    newest, garbled, good = past.games
    assert past.summary(garbled) == "Unreadable game"
    assert past.summary(newest) == "2026.11.30  Unfinished", "its headers read"
    driver.app.draw()
    driver.confirm()
    message = driver.app.top
    assert isinstance(message, MessageScreen)
    assert message.words == "This game could not be read: the file is damaged."
    driver.confirm()
    assert driver.app.top is past
    assert past.summary(past.games[0]) == "Unreadable game", "now it is known"
    driver.tap(driver.next_item_button)
    driver.confirm()
    assert isinstance(driver.app.top, MessageScreen)
    driver.confirm()
    driver.tap(driver.next_item_button)
    driver.confirm()
    driver.choose_item("Replay")
    assert isinstance(driver.app.top, ReplayScreen), "the readable game still replays"
    assert past.summary(good) == "?  Red won"


def _headline(driver: Driver, game: Game) -> str:
    driver.app.push(EndScreen(driver.app, game))
    end = driver.app.top
    assert isinstance(end, EndScreen)
    return end.headline()[0]


def test_the_end_screen_speaks_from_this_devices_side(tmp_path: Path) -> None:
    driver = Driver("hatmini", tmp_path)
    red_wins = played_game(DECIDED_SEED)  # two players: the colour wins
    assert _headline(driver, red_wins) == "Red wins"
    assert _headline(driver, against_the_computer(played_game(DECIDED_SEED), RED)) == "You win"
    assert _headline(driver, against_the_computer(played_game(DECIDED_SEED), BLUE)) == "You lose"
    linked = Game(played_game(DECIDED_SEED).record, GameSetup(Mode.LINK, human_colour=BLUE))
    assert _headline(driver, linked) == "You lose"
    driver.app.settings.language = "es"
    assert _headline(driver, linked) == "Has perdido"


@pytest.mark.parametrize(
    ("profile", "expected"),
    [
        ("hatmini", ["X", "Y", "A", "B"]),
        ("lcdhat", ["\u25c0\u2009\u25b6", "\u25b2\u2009\u25bc", "press", "KEY1/KEY2", "KEY3"]),
        ("tabletop", ["\u25c0\u2009\u25b6", "\u25b2\u2009\u25bc", "A", "B/Start", "Select"]),
    ],
)
def test_the_replay_bar_names_the_devices_own_buttons(
    profile: str, expected: list[str], tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path)
    driver.app.push(EndScreen(driver.app, played_game(DECIDED_SEED)))
    end = driver.app.top
    assert isinstance(end, EndScreen)
    end.choose("end.replay")
    screen = driver.app.top
    assert isinstance(screen, ReplayScreen)
    labels = [control_label(driver.app.ui, item) for item in screen.controls()]
    assert [label for label in labels if label is not None] == expected


def _painted_columns(
    surface: pygame.Surface, xs: range, ys: range, background: tuple[int, int, int]
) -> list[int]:
    """The columns among ``xs`` where anything but ``background`` is drawn between ``ys``."""
    return [x for x in xs if any(tuple(surface.get_at((x, y)))[:3] != background for y in ys)]


@pytest.mark.parametrize("look", LOOKS, ids=lambda look: look.name)
@pytest.mark.parametrize("profile", PROFILES)
def test_past_games_keep_a_margin_on_every_device(profile: str, look: Look, tmp_path: Path) -> None:
    app = gallery_driver(profile, tmp_path).app
    app.settings.language = look.language
    app.settings.colour_blind = look.colour_blind
    archive_games(app)
    long_name = app.saves.folder / "finished" / "20261130-3-copied-from-the-old-card.journal"
    long_name.write_bytes(b"00000000 {not a journal}\n")
    unfinished = (
        '[Format "satellites-record 1"]\n[Date "2026.11.30"]\n[Red "Anastasia Montenegro"]\n'
        '[Blue "Luis Fernando Villalobos"]\n[Seed "7"]\n\n1. a1-b2 *\n'
    )
    (app.saves.folder / "finished" / "20261130-4.txt").write_text(unfinished)
    screen = PastGamesScreen(app)
    app.push(screen)
    background = app.ui.palette.background
    width = app.ui.layout.width
    for index in range(len(screen.games)):
        screen.index = index
        app.dirty = True
        app.draw()
        surface = app.display.surface
        below_title = screen.window().top
        title = range(0, below_title)
        for edge in (range(0, 2), range(width - 2, width)):
            assert not _painted_columns(surface, edge, title, background), "the title's edge"
        rows = range(below_title, screen_bar_top(app.ui))
        assert not _painted_columns(surface, range(width - 4, width), rows, background), (
            f"game {index}: a line runs into the right edge"
        )
    font = app.ui.font()
    for game in screen.games:
        if game.outcome is not None:
            result = verdict(app.ui, game.outcome, game.setup, past=True)
            assert result in screen.lines(game, font, width - 16)[0], "the result is whole"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", PROFILES)
def test_the_replay_names_the_keys_that_leave_it(
    profile: str, language: str, tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path)
    app = driver.app
    app.settings.language = language
    ui = app.ui
    for leave in (driver.back, driver.open_menu):
        screen = ReplayScreen(app, Replay(played_game(DECIDED_SEED).record), None)
        app.push(screen)
        hud = (screen.headline(), screen.details(), screen.controls())
        named = draw_view_hud(app.display.surface, ui, *hud)
        keys = {button_label(ui, b) for item in named for b in item.buttons}
        assert {button_label(ui, Button.B), button_label(ui, Button.MENU)} <= keys
        if profile == ProfileName.LCDHAT:
            assert {"KEY1", "KEY2"} <= keys
        leave()
        assert app.top is not screen, "the key named for leaving leaves"
