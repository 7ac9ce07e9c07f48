"""A game in progress is given up only when the new game really starts."""

from __future__ import annotations

import time
from pathlib import Path

from app_driver import Driver
from fake_link import FakeSession
from test_link_cable import free_port
from test_link_setup import Connector, cabled_driver, wait_until_finished

from device.journal.disk import Disk
from device.journal.file import SUFFIX, read_journal
from device.link.game import LinkGame, LinkGameStore, Role
from device.link.interface import LinkSession
from device.play.game import Game, GameSetup, Mode
from device.screens.dialogs import MessageScreen
from device.screens.link_screens import LinkWaitScreen
from engine.rules import Rules
from simulator.link import CABLE


def computer_game_with_two_plies(driver: Driver) -> Game:
    game = Game.new(9, GameSetup(mode=Mode.VERSUS_AI, ai_level=1), ("You", "Computer"), "")
    for _ in range(2):
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


def continue_offers_the_computer_game(folder: Path) -> None:
    assert games_in_progress(folder) == [(Mode.VERSUS_AI, 2)]
    again = Driver("hatmini", folder)
    again.choose_item("Continue")
    resumed = again.game_screen().game
    assert resumed.setup.mode == Mode.VERSUS_AI and resumed.ply == 2


def host_waiting_over_a_computer_game(driver: Driver) -> LinkWaitScreen:
    """A computer game of two plies, then a linked game started as host, nobody answering."""
    computer_game_with_two_plies(driver)
    driver.app.link_cable = CABLE
    driver.app.link_ports = (f"listen://127.0.0.1:{free_port()}",)
    start_link_game(driver)
    screen = driver.app.top
    assert isinstance(screen, LinkWaitScreen), "nobody answers: the host waits"
    time.sleep(0.3)  # the host has drawn its game and handed it to the store
    return screen


def test_cancelling_a_link_game_the_cable_was_agreeing_keeps_the_game_in_progress(
    tmp_path: Path,
) -> None:
    driver = Driver("hatmini", tmp_path)
    screen = host_waiting_over_a_computer_game(driver)
    driver.back()
    wait_until_finished(driver, screen)
    assert driver.app.saves.has_game()
    continue_offers_the_computer_game(tmp_path)


class AgreesThenFails(Connector):
    """A host that drew its game (and stored it), then heard nothing in time."""

    def __init__(self) -> None:
        super().__init__(error="The other device did not answer: check the cable.")
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
        port: str, role: Role, store: LinkGameStore, colour: int, rules: Rules
    ) -> object:
        connector.store = store
        return cable(port, role, store, colour, rules)

    driver.app.link_cable = keeping_the_store  # type: ignore[assignment]
    computer_game_with_two_plies(driver)
    start_link_game(driver)
    screen = driver.app.top
    assert isinstance(screen, LinkWaitScreen)
    connector.release.set()
    wait_until_finished(driver, screen)
    assert isinstance(driver.app.top, MessageScreen)
    assert "did not answer" in driver.app.top.words
    continue_offers_the_computer_game(tmp_path)


def test_the_game_in_progress_is_given_up_once_the_linked_game_is_on_the_board(
    tmp_path: Path,
) -> None:
    connector = Connector(FakeSession(seed=55))
    connector.release.set()
    driver = cabled_driver("hatmini", tmp_path, connector)
    computer_game_with_two_plies(driver)
    start_link_game(driver)
    driver.advance(100)
    assert driver.game_screen().game.setup.mode == Mode.LINK
    assert games_in_progress(tmp_path) == [(Mode.LINK, 0)]


def test_a_kill_while_the_cable_agrees_brings_back_the_game_in_progress(
    tmp_path: Path,
) -> None:
    driver = Driver("hatmini", tmp_path)
    screen = host_waiting_over_a_computer_game(driver)  # a kill lands now
    assert len(games_in_progress(tmp_path)) == 2
    try:
        continue_offers_the_computer_game_after_a_restart(tmp_path)
    finally:
        driver.back()
        wait_until_finished(driver, screen)


def continue_offers_the_computer_game_after_a_restart(folder: Path) -> None:
    again = Driver("hatmini", folder)
    assert games_in_progress(folder) == [(Mode.VERSUS_AI, 2)]
    again.choose_item("Continue")
    resumed = again.game_screen().game
    assert resumed.setup.mode == Mode.VERSUS_AI and resumed.ply == 2
