"""Setting up a linked game with the buttons: ports, roles, waiting, cancelling, failing."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from app_driver import Driver
from fake_link import FakeSession

from device.i18n import STRINGS
from device.link.events import (
    LinkProblem,
    LinkSetupError,
    LinkState,
    LinkStateName,
    PeerMove,
    StateChanged,
)
from device.link.game import LinkGameStore, Role
from device.link.interface import LinkSession
from device.play.game import Game, GameSetup, Mode
from device.play.link_games import PORT_TAG, ROLE_TAG
from device.screens.dialogs import MessageScreen
from device.screens.game_screen import GameScreen
from device.screens.link_screens import LinkWaitScreen, port_label, role_for
from device.screens.menu_screen import MenuScreen
from device.screens.new_game_screen import NewGameScreen
from engine.notation import format_move
from engine.rules import SEED, STANDARD, Rules
from engine.start import starting_position

PORTS = ("listen://127.0.0.1:7777", "socket://127.0.0.1:7777", "/dev/serial0")


class Connector:
    """Opens when the test says so, with a session or a problem."""

    def __init__(
        self, session: FakeSession | None = None, problem: LinkProblem = LinkProblem.NO_ANSWER
    ) -> None:
        self.session = session
        self.problem = problem
        self.release = threading.Event()
        self.opened: list[tuple[str, Role, int, Rules]] = []
        self.cancelled = False

    def open(self) -> LinkSession:
        self.release.wait(5)
        if self.session is None:
            raise LinkSetupError(self.problem, "as the test says")
        return self.session

    def cancel(self) -> None:
        self.cancelled = True
        self.problem = LinkProblem.CANCELLED
        self.release.set()


def cabled_driver(profile: str, tmp_path: Path, connector: Connector) -> Driver:
    driver = Driver(profile, tmp_path)

    def cable(
        port: str, role: Role, store: LinkGameStore, colour: int, rules: Rules = STANDARD
    ) -> Connector:
        connector.opened.append((port, role, colour, rules))
        return connector

    driver.app.link_cable = cable
    driver.app.link_ports = PORTS
    return driver


def linked_game(profile: str, tmp_path: Path, session: FakeSession) -> tuple[Driver, GameScreen]:
    """A linked game started from New game, the cable answering at once."""
    connector = Connector(session)
    connector.release.set()
    driver = cabled_driver(profile, tmp_path, connector)
    driver.choose_item("New game")
    driver.set_item("Play", "link cable")
    driver.choose_item("Start")
    driver.advance(100)
    return driver, driver.game_screen()


def wait_until_finished(driver: Driver, screen: LinkWaitScreen) -> None:
    deadline = time.monotonic() + 30  # a guard against a hang, generous for a loaded machine
    while not screen.attempt.finished:
        assert time.monotonic() < deadline
        time.sleep(0.005)
    driver.advance(100)


def labels(driver: Driver) -> list[str]:
    menu = driver.app.top
    assert isinstance(menu, MenuScreen)
    return [item.label() for item in menu.shown()]


@pytest.mark.parametrize("profile", ["hatmini", "lcdhat", "tabletop"])
def test_waiting_keeps_the_screen_alive_and_back_cancels(profile: str, tmp_path: Path) -> None:
    session = FakeSession()
    connector = Connector(session)
    driver = cabled_driver(profile, tmp_path, connector)
    driver.choose_item("New game")
    driver.set_item("Play", "link cable")
    driver.choose_item("Start")
    screen = driver.app.top
    assert isinstance(screen, LinkWaitScreen)
    driver.advance(2000)  # frames go on while the cable connects
    assert driver.app.top is screen
    driver.back()
    assert isinstance(driver.app.top, NewGameScreen)
    connector.release.set()
    wait_until_finished(driver, screen)
    assert connector.cancelled, "cancelling tells the cable to stop waiting"
    assert session.closed, "a connection made after cancelling is closed"
    assert isinstance(driver.app.top, NewGameScreen)


def test_the_host_chooses_port_role_and_colour_and_plays_the_agreed_game(tmp_path: Path) -> None:
    agreed = format_move(starting_position(77).legal_moves()[0])
    session = FakeSession(colour=1, seed=77, moves=(agreed,))
    connector = Connector(session)
    driver = cabled_driver("hatmini", tmp_path, connector)
    driver.choose_item("New game")
    driver.set_item("Play", "link cable")
    assert "Port: listen :7777" in labels(driver) and "This device: host" in labels(driver)
    driver.set_item("You play", "Blue")
    driver.set_item("Port", "serial0")
    driver.set_item("Rules", "Seed")
    driver.choose_item("Start")
    screen = driver.app.top
    assert isinstance(screen, LinkWaitScreen)
    connector.release.set()
    wait_until_finished(driver, screen)
    assert connector.opened == [("/dev/serial0", Role.HOST, 1, SEED)]
    game = driver.game_screen().game
    assert game.setup.mode == Mode.LINK and game.setup.human_colour == 1
    assert game.record.seed == 77 and game.ply == 1, "the session's moves are on the board"
    assert game.record.tags[PORT_TAG] == "/dev/serial0"
    assert game.record.tags[ROLE_TAG] == "host"


def test_a_joining_socket_is_the_guest_and_the_guest_has_no_colour_to_choose(
    tmp_path: Path,
) -> None:
    driver = cabled_driver("lcdhat", tmp_path, Connector(FakeSession()))
    driver.choose_item("New game")
    driver.set_item("Play", "link cable")
    driver.set_item("Port", "socket :7777")
    shown = labels(driver)
    assert "This device: guest" in shown
    assert not any(label.startswith("You play") for label in shown)
    driver.set_item("This device", "host")
    assert any(label.startswith("You play") for label in labels(driver))


def failed_start(profile: str, tmp_path: Path, connector: Connector) -> Driver:
    """A linked game started from New game whose ``connector`` fails once released;
    the driver once the waiting screen has finished."""
    driver = cabled_driver(profile, tmp_path, connector)
    driver.choose_item("New game")
    driver.set_item("Play", "link cable")
    driver.choose_item("Start")
    screen = driver.app.top
    assert isinstance(screen, LinkWaitScreen)
    connector.release.set()
    wait_until_finished(driver, screen)
    return driver


def test_a_cable_that_does_not_connect_says_why(tmp_path: Path) -> None:
    driver = failed_start("tabletop", tmp_path, Connector(problem=LinkProblem.NO_ANSWER))
    message = driver.app.top
    assert isinstance(message, MessageScreen)
    assert "did not answer" in message.words
    driver.confirm()
    assert isinstance(driver.app.top, NewGameScreen)


def test_continue_reopens_the_saved_port_and_takes_the_moves_the_session_holds(
    tmp_path: Path,
) -> None:
    session = FakeSession(colour=0, seed=12, moves=())
    connector = Connector(session)
    connector.release.set()
    driver = cabled_driver("tabletop", tmp_path, connector)
    game = Game.new(12, GameSetup(mode=Mode.LINK), ("You", "Other device"), "2026.11.30")
    first = game.position.legal_moves()[0]
    game.play(first)
    game.record.tags[PORT_TAG], game.record.tags[ROLE_TAG] = "socket://127.0.0.1:7777", "guest"
    driver.store(game)
    other = format_move(starting_position(12).legal_moves()[1])
    session.held = [other]  # the driver's copy differs from the app's: the driver's wins
    driver.choose_item("Continue")
    driver.advance(100)
    assert connector.opened[0][:2] == ("socket://127.0.0.1:7777", Role.GUEST)
    assert isinstance(connector.opened[0][1], Role), "the record's tag is read as a Role"
    resumed = driver.game_screen().game
    assert [format_move(move) for move in resumed.record.moves] == [other] != [format_move(first)]
    assert resumed.record.red == "You"


def test_the_link_is_served_under_the_menu_and_closed_on_the_way_to_the_title(
    tmp_path: Path,
) -> None:
    session = FakeSession(colour=1)
    driver, screen = linked_game("lcdhat", tmp_path, session)
    driver.open_menu()
    polls = session.polls
    driver.advance(1000)
    assert session.polls >= polls + 10, "the peer must keep hearing from this device"
    peer = screen.game.position.legal_moves()[0]
    session.incoming = [PeerMove(1, format_move(peer), peer)]
    driver.advance(100)
    assert screen.game.record.moves == [peer], "the peer's move lands under the menu"
    assert not session.closed
    driver.choose_item("Back to title")
    driver.choose_item("Yes")
    assert session.closed


def test_a_stopped_linked_game_shows_why_and_takes_no_moves(tmp_path: Path) -> None:
    session = FakeSession()
    driver, screen = linked_game("tabletop", tmp_path, session)
    session.incoming = [StateChanged(LinkState(LinkStateName.ERROR, LinkProblem.DISAGREE))]
    driver.advance(100)
    assert screen.match.link_status is LinkStateName.ERROR and "disagree" in screen.prompt()
    driver.confirm()
    driver.confirm()
    assert screen.game.ply == 0
    assert isinstance(driver.app.top, GameScreen)


def test_port_names_fit_a_menu_row_and_roles_follow_the_port() -> None:
    assert port_label("listen://127.0.0.1:7777") == "listen :7777"
    assert port_label("/dev/serial0") == "serial0"
    long = port_label("/dev/serial/by-id/usb-FTDI_FT232R_USB_UART_A50285BI-if00-port0")
    assert len(long) <= 16 and long.startswith("usb-FTD") and long.endswith("0-port0")
    assert role_for("listen://0.0.0.0:7777", Role.GUEST) == Role.HOST
    assert role_for("socket://10.0.0.2:7777", Role.HOST) == Role.GUEST
    assert role_for("/dev/serial0", Role.GUEST) == Role.GUEST
    assert {"link.role.host", "link.role.guest"} <= set(STRINGS)


class Refusing(FakeSession):
    """A session that stopped the game a moment ago: the app's move comes too late."""

    @property
    def state(self) -> LinkState:
        return LinkState(LinkStateName.ERROR, LinkProblem.DISAGREE)

    def send_move(self, ply: int, move_text: str) -> None:
        raise ValueError("the linked game has stopped")


def test_a_move_the_session_refuses_stops_the_game_on_screen_without_a_crash(
    tmp_path: Path,
) -> None:
    driver, screen = linked_game("lcdhat", tmp_path, Refusing())
    driver.play(screen.game.position.legal_moves()[0])
    assert screen.match.link_status is LinkStateName.ERROR and "disagree" in screen.prompt()
    driver.open_menu()
    shown = labels(driver)
    assert "Back to title" in shown and "Resign" not in shown and "Undo" not in shown
