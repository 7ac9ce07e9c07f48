"""A game in progress is given up only when the new game really starts: a linked game
once its first move is on the board.  A link that fails before that (the other device
stops, goes away, plays other rules, or this one is killed while they agree) leaves
Continue on the game in progress, every move of it."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from app_driver import Driver
from fake_link import FakeSession
from test_link_cable import free_port
from test_link_setup import Connector, cabled_driver, wait_until_finished

from device.journal.disk import Disk
from device.journal.file import SUFFIX, read_journal
from device.link.events import LinkProblem, LinkStateName
from device.link.frames import MAX_FRAME, encode_frame, is_hello
from device.link.game import LinkGame, LinkGameStore, Role
from device.link.interface import LinkSession
from device.link.messages import error_frame
from device.link.session import LinkSession as ProtocolSession
from device.link.session import Timing
from device.play.game import Game, GameSetup, Mode
from device.screens.dialogs import MessageScreen
from device.screens.game_screen import GameScreen
from device.screens.link_screens import LinkWaitScreen
from drivers.link.transport import open_transport
from engine.rules import SEED, STANDARD, Rules
from simulator.link import CABLE

PLIES = 5
"""The game in progress before the link: a computer game this far in."""


def computer_game_in_progress(driver: Driver) -> Game:
    game = Game.new(9, GameSetup(mode=Mode.VERSUS_AI, ai_level=1), ("You", "Computer"), "")
    for _ in range(PLIES):
        game.play(game.position.legal_moves()[0])
    driver.store(game)
    driver.app.to_title()
    return game


def games_in_progress(folder: Path) -> list[tuple[str, int]]:
    """Each journal in progress in ``folder``: its mode and its plies."""
    journals = [read_journal(Disk(), path) for path in sorted(folder.glob(f"*{SUFFIX}"))]
    return [(replayed.header.setup.mode, len(replayed.moves)) for replayed in journals]


def start_link_game(driver: Driver) -> None:
    driver.choose_item("New game")
    driver.set_item("Play", "link cable")
    driver.choose_item("Start")


def continue_offers_the_computer_game(driver: Driver, folder: Path) -> None:
    """Continue resumes the computer game with every move, now and after a restart."""
    assert driver.app.saves.has_game()
    driver.choose_item("Continue")
    resumed = driver.game_screen().game
    assert resumed.setup.mode == Mode.VERSUS_AI and resumed.ply == PLIES
    driver.app.to_title()
    assert games_in_progress(folder) == [(Mode.VERSUS_AI, PLIES)]
    again = Driver("hatmini", folder)
    again.choose_item("Continue")
    resumed = again.game_screen().game
    assert resumed.setup.mode == Mode.VERSUS_AI and resumed.ply == PLIES


def leave_to_the_title(driver: Driver) -> None:
    driver.open_menu()
    driver.choose_item("Back to title")
    driver.choose_item("Yes")


# -- a link that never agrees ----------------------------------------------------------


def host_waiting_over_a_computer_game(driver: Driver) -> LinkWaitScreen:
    """A computer game in progress, then a linked game started as host, nobody answering."""
    computer_game_in_progress(driver)
    driver.app.link_cable = CABLE
    driver.app.link_ports = (f"listen://127.0.0.1:{free_port()}",)
    start_link_game(driver)
    screen = driver.app.top
    assert isinstance(screen, LinkWaitScreen), "nobody answers: the host waits"
    wait_for(lambda: len(games_in_progress(driver.app.save_dir)) == 2, [driver])
    return screen


def test_cancelling_a_link_game_the_cable_was_agreeing_keeps_the_game_in_progress(
    tmp_path: Path,
) -> None:
    driver = Driver("hatmini", tmp_path)
    screen = host_waiting_over_a_computer_game(driver)
    driver.back()
    wait_until_finished(driver, screen)
    driver.back()  # New game, back to the title
    continue_offers_the_computer_game(driver, tmp_path)


class AgreesThenFails(Connector):
    """A host that drew its game (and stored it), then heard nothing in time."""

    def __init__(self) -> None:
        super().__init__(problem=LinkProblem.NO_ANSWER)
        self.store: LinkGameStore | None = None

    def open(self) -> LinkSession:
        assert self.store is not None
        self.store.save(LinkGame(0x1234, 55, 0, Role.HOST))
        return super().open()


def test_a_link_game_that_never_starts_leaves_the_game_in_progress_for_continue(
    tmp_path: Path,
) -> None:
    connector = AgreesThenFails()
    driver = cabled_driver("hatmini", tmp_path, connector)
    cable = driver.app.link_cable
    assert cable is not None

    def keeping_the_store(
        port: str, role: Role, store: LinkGameStore, colour: int, rules: Rules = STANDARD
    ) -> object:
        connector.store = store
        return cable(port, role, store, colour, rules)

    driver.app.link_cable = keeping_the_store  # type: ignore[assignment]
    computer_game_in_progress(driver)
    start_link_game(driver)
    screen = driver.app.top
    assert isinstance(screen, LinkWaitScreen)
    connector.release.set()
    wait_until_finished(driver, screen)
    assert isinstance(driver.app.top, MessageScreen)
    assert "did not answer" in driver.app.top.words
    driver.confirm()
    driver.back()
    continue_offers_the_computer_game(driver, tmp_path)


def test_a_kill_while_the_cable_agrees_brings_back_the_game_in_progress(
    tmp_path: Path,
) -> None:
    driver = Driver("hatmini", tmp_path)
    screen = host_waiting_over_a_computer_game(driver)  # a kill lands now
    assert len(games_in_progress(tmp_path)) == 2
    try:
        again = Driver("hatmini", tmp_path)
        assert games_in_progress(tmp_path) == [(Mode.VERSUS_AI, PLIES)]
        again.choose_item("Continue")
        resumed = again.game_screen().game
        assert resumed.setup.mode == Mode.VERSUS_AI and resumed.ply == PLIES
    finally:
        driver.back()
        wait_until_finished(driver, screen)


# -- a linked game on the board, before its first move ------------------------------------


def linked_over_a_computer_game(tmp_path: Path) -> Driver:
    """A computer game in progress, then a linked game on the board, before its first move."""
    connector = Connector(FakeSession(seed=55))
    connector.release.set()
    driver = cabled_driver("hatmini", tmp_path, connector)
    computer_game_in_progress(driver)
    start_link_game(driver)
    driver.advance(100)
    return driver


def test_the_game_in_progress_is_given_up_once_the_linked_games_first_move_is_on_the_board(
    tmp_path: Path,
) -> None:
    driver = linked_over_a_computer_game(tmp_path)
    screen = driver.game_screen()
    assert screen.game.setup.mode == Mode.LINK
    assert sorted(games_in_progress(tmp_path)) == [(Mode.VERSUS_AI, PLIES), (Mode.LINK, 0)]
    driver.play(screen.game.position.legal_moves()[0])
    assert games_in_progress(tmp_path) == [(Mode.LINK, 1)]
    driver.app.to_title()
    assert games_in_progress(tmp_path) == [(Mode.LINK, 1)], "a linked game under way stays"


def test_leaving_a_linked_game_before_its_first_move_gives_up_nothing(tmp_path: Path) -> None:
    driver = linked_over_a_computer_game(tmp_path)
    leave_to_the_title(driver)
    continue_offers_the_computer_game(driver, tmp_path)


class Peer:
    """The other device, played by the test: a protocol session joining the host's
    game on a TCP port, set to play ``rules``; it may then misbehave."""

    def __init__(self, port: int, rules: Rules = STANDARD) -> None:
        self.transport = open_transport(
            f"socket://127.0.0.1:{port}",
            silence=Timing().link_timeout,
            is_greeting=is_hello,
            max_packet=MAX_FRAME,
        )
        self.session = ProtocolSession.guest(self.transport, lambda game: None, rules=rules)

    def linked(self) -> bool:
        return self.session.state.name == LinkStateName.LINKED

    def send_error(self) -> None:
        """An ERROR of the game it just agreed on, as soon as it has."""
        game = self.session.game
        assert game is not None
        self.transport.write(encode_frame(error_frame(game.game_id, 0, LinkProblem.DISAGREE)))


def wait_for(done: Callable[[], bool], drivers: list[Driver], peer: Peer | None = None) -> None:
    """Let real time pass for the cable while the app runs its loop and the peer polls."""
    deadline = time.monotonic() + 20  # a guard against a hang, generous for a loaded machine
    while not done():
        assert time.monotonic() < deadline, "the link never got there"
        for driver in drivers:
            driver.advance(50)
        if peer is not None:
            peer.session.poll()
        time.sleep(0.005)


def host_with_a_peer(tmp_path: Path, rules: Rules = STANDARD) -> tuple[Driver, Peer]:
    """A computer game in progress, then a linked game hosted here and joined by a peer."""
    driver = Driver("hatmini", tmp_path)
    computer_game_in_progress(driver)
    port = free_port()
    driver.app.link_cable = CABLE
    driver.app.link_ports = (f"listen://127.0.0.1:{port}",)
    start_link_game(driver)
    return driver, Peer(port, rules)


def on_board(driver: Driver) -> bool:
    return isinstance(driver.app.top, GameScreen)


def stopped(driver: Driver) -> bool:
    return on_board(driver) and driver.game_screen().match.link_status is LinkStateName.ERROR


def test_a_peer_that_answers_hello_and_at_once_stops_the_game_costs_no_game(
    tmp_path: Path,
) -> None:
    """The ERROR may come while this device still agrees (a message) or once the board
    is up (the game stops there): either way the game in progress stays."""
    driver, peer = host_with_a_peer(tmp_path)
    wait_for(peer.linked, [driver], peer)
    peer.send_error()
    wait_for(lambda: isinstance(driver.app.top, MessageScreen) or stopped(driver), [driver])
    peer.session.close()
    if stopped(driver):
        leave_to_the_title(driver)
    else:
        driver.confirm()
        driver.back()
    continue_offers_the_computer_game(driver, tmp_path)


def test_a_peer_that_stops_the_game_before_its_first_move_costs_no_game(tmp_path: Path) -> None:
    driver, peer = host_with_a_peer(tmp_path)
    wait_for(lambda: peer.linked() and on_board(driver), [driver], peer)
    peer.send_error()
    wait_for(lambda: stopped(driver), [driver])
    assert driver.game_screen().game.ply == 0
    leave_to_the_title(driver)
    peer.session.close()
    continue_offers_the_computer_game(driver, tmp_path)


def test_a_peer_that_answers_hello_then_goes_away_costs_no_game(tmp_path: Path) -> None:
    driver, peer = host_with_a_peer(tmp_path)
    wait_for(lambda: peer.linked() and on_board(driver), [driver], peer)
    peer.session.close()
    wait_for(lambda: driver.game_screen().match.link_status is LinkStateName.LOST, [driver])
    leave_to_the_title(driver)
    continue_offers_the_computer_game(driver, tmp_path)


def test_a_peer_with_other_rules_is_named_and_costs_no_game(tmp_path: Path) -> None:
    driver, peer = host_with_a_peer(tmp_path, rules=SEED)
    wait_for(lambda: isinstance(driver.app.top, MessageScreen), [driver], peer)
    message = driver.app.top
    assert isinstance(message, MessageScreen)
    assert message.words == driver.app.ui.t(
        "link.failed", problem=driver.app.ui.t(LinkProblem.SAME_RULES)
    )
    assert peer.session.state.problem is LinkProblem.SAME_RULES, "the other device says the same"
    assert peer.session.game is None, "and took no game"
    peer.session.close()
    driver.confirm()
    driver.back()
    continue_offers_the_computer_game(driver, tmp_path)
