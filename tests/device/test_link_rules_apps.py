"""Two apps over TCP whose players chose different rules (or one of a newer version):
both show one message in their own language, and each keeps its game in progress,
every move of it, for Continue: a game of another mode, or a linked game they were
playing together."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from app_driver import Driver
from test_game_given_up import games_in_progress
from test_link_cable import free_port, link_up, on_board, play_turns, run_both

from device.link.events import LinkProblem
from device.link.game import LinkGameStore, Role
from device.link.interface import LinkConnector
from device.play.game import Game, GameSetup, Mode
from device.screens.dialogs import MessageScreen
from engine.rules import SEED, STANDARD, Rules
from simulator.link import CABLE

NEWER = Rules("standard", STANDARD.version + 1, opening_plies=STANDARD.opening_plies)
"""The standard game of a later version, which this one cannot play."""


def with_rules(driver: Driver, chosen: Rules, port: int) -> None:
    """The cable, its new games played under ``chosen`` (as New Game's choice hands them)."""

    def cable(
        port: str, role: Role, store: LinkGameStore, colour: int, rules: Rules = STANDARD
    ) -> LinkConnector:
        return CABLE(port, role, store, colour, chosen)

    driver.app.link_cable = cable
    driver.app.link_ports = (f"listen://127.0.0.1:{port}", f"socket://127.0.0.1:{port}")


def game_in_progress(driver: Driver, mode: Mode, plies: int) -> list[int]:
    game = Game.new(plies, GameSetup(mode=mode, ai_level=1), ("Ana", "Luis"), "")
    for _ in range(plies):
        game.play(game.position.legal_moves()[-1])
    driver.store(game)
    driver.app.to_title()
    return list(game.record.moves)


def start_link(driver: Driver, port_label: str) -> None:
    """New game > Play: link cable > Port > Start, with the buttons, in the app's language."""
    t = driver.app.ui.t
    driver.choose_item(t("title.new"))
    driver.set_item(t("new.mode"), t("new.mode.link"))
    driver.set_item(t("link.port"), port_label)
    driver.choose_item(t("new.start"))


def told(driver: Driver) -> bool:
    return isinstance(driver.app.top, MessageScreen)


@pytest.mark.parametrize(
    ("host_rules", "problem"),
    [(SEED, LinkProblem.SAME_RULES), (NEWER, LinkProblem.UPDATE_BOTH)],
    ids=["seed against standard", "a newer standard against this one"],
)
def test_devices_with_other_rules_both_say_so_and_lose_no_move(
    tmp_path: Path, host_rules: Rules, problem: LinkProblem
) -> None:
    port = free_port()
    host = Driver("tabletop", tmp_path / "host", seed=1)
    guest = Driver("lcdhat", tmp_path / "guest", seed=2)
    host.app.settings.language = "es"
    with_rules(host, host_rules, port)
    with_rules(guest, STANDARD, port)
    kept = {
        "host": (host, Mode.VERSUS_AI, game_in_progress(host, Mode.VERSUS_AI, 5)),
        "guest": (guest, Mode.HOTSEAT, game_in_progress(guest, Mode.HOTSEAT, 3)),
    }
    start_link(host, f"listen :{port}")
    start_link(guest, f"socket :{port}")
    run_both([host, guest], lambda: told(host) and told(guest))
    for driver, mode, moves in kept.values():
        t = driver.app.ui.t
        message = driver.app.top
        assert isinstance(message, MessageScreen)
        assert message.words == t("link.failed", problem=t(problem)), "in its own language"
        driver.confirm()
        driver.back()
        driver.choose_item(t("title.continue"))
        resumed = driver.game_screen().game
        assert resumed.setup.mode == mode and resumed.record.moves == moves
    assert host.app.ui.t(problem) != guest.app.ui.t(problem), "Spanish on one, English on the other"


def test_a_linked_game_met_by_other_rules_stops_with_the_message_and_keeps_its_moves(
    tmp_path: Path,
) -> None:
    """Host and guest play a few plies and leave; the host continues the game, and a
    device set to the Seed rules answers (another device, or the guest's save lost)."""
    port = free_port()
    host = Driver("hatmini", tmp_path / "host", seed=1)
    guest = Driver("lcdhat", tmp_path / "guest", seed=2)
    with_rules(host, STANDARD, port)
    with_rules(guest, STANDARD, port)
    host_screen, guest_screen = link_up(host, guest, port)
    play_turns([host, guest], random.Random(7), lambda: guest_screen.game.ply >= 4)
    run_both([host, guest], lambda: host_screen.game.ply == guest_screen.game.ply)
    moves = list(host_screen.game.record.moves)
    host.app.to_title()
    guest.app.to_title()

    other = Driver("tabletop", tmp_path / "other", seed=3)
    with_rules(other, SEED, port)
    host.choose_item("Continue")
    start_link(other, f"socket :{port}")
    run_both([host, other], lambda: told(host) and told(other))
    for driver in (host, other):
        message = driver.app.top
        assert isinstance(message, MessageScreen)
        t = driver.app.ui.t
        assert message.words == t("link.failed", problem=t(LinkProblem.SAME_RULES))
    assert games_in_progress(other.app.save_dir) == [], "the other device took no game"
    assert games_in_progress(host.app.save_dir) == [(Mode.LINK, len(moves))]
    assert host.app.saves.resume().game.record.moves == moves, "every move is kept"
    guest.choose_item("Continue")
    host.confirm()
    host.choose_item("Continue")
    run_both([host, guest], lambda: on_board(host) and on_board(guest))
    assert host.game_screen().game.record.moves == moves == guest.game_screen().game.record.moves
    host.app.to_title()
    guest.app.to_title()
