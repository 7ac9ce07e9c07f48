"""Two apps joined by the real link driver over TCP on 127.0.0.1, driven by their buttons."""

from __future__ import annotations

import random
import socket
import time
from collections.abc import Callable
from pathlib import Path

from app_driver import Driver

from device.link.events import LinkStateName
from device.play.game import Game
from device.screens.game_screen import GameScreen
from device.screens.link_screens import LinkWaitScreen
from engine.moves import CONNECTION, DISPLACEMENT, kind_of
from engine.record import result_of
from engine.start import starting_position
from simulator.link import CABLE


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def linked_driver(profile: str, save_dir: Path, port: int, seed: int) -> Driver:
    driver = Driver(profile, save_dir, seed=seed)
    driver.app.link_cable = CABLE
    driver.app.link_ports = (f"listen://127.0.0.1:{port}", f"socket://127.0.0.1:{port}")
    return driver


def run_both(drivers: list[Driver], done: Callable[[], bool], seconds: float = 10.0) -> None:
    """Let real time pass for the cable while each app runs its loop."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the two apps did not get there in time"
        for driver in drivers:
            driver.advance(50)
        time.sleep(0.005)


def choose_link_game(driver: Driver, port_label: str, colour: str | None = None) -> None:
    """New game > Play: link cable > Port > (You play) > Start, with the buttons."""
    driver.choose_item("New game")
    driver.set_item("Play", "link cable")
    driver.set_item("Port", port_label)
    if colour is not None:
        driver.set_item("You play", colour)
    driver.choose_item("Start")


def on_board(driver: Driver) -> bool:
    return isinstance(driver.app.top, GameScreen)


def link_up(host: Driver, guest: Driver, port: int) -> tuple[GameScreen, GameScreen]:
    choose_link_game(host, f"listen :{port}", colour="Blue")
    assert isinstance(host.app.top, LinkWaitScreen)
    choose_link_game(guest, f"socket :{port}")
    run_both([host, guest], lambda: on_board(host) and on_board(guest))
    return host.game_screen(), guest.game_screen()


def quick_move(game: Game, rng: random.Random) -> int:
    """A connection or displacement when there is one: games end in a few dozen plies."""
    moves = game.position.legal_moves()
    eager = [m for m in moves if kind_of(m) in (CONNECTION, DISPLACEMENT)]
    return rng.choice(eager or moves)


def play_turns(drivers: list[Driver], rng: random.Random, until: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 40  # a guard against a hang: games take 3 to 10 s
    while not until():
        assert time.monotonic() < deadline, "the linked game did not finish in time"
        for driver in drivers:
            screen = driver.app.top
            if isinstance(screen, GameScreen) and screen.game.human_to_move():
                driver.play(quick_move(screen.game, rng))
            driver.advance(50)
        time.sleep(0.002)


def test_two_apps_play_a_whole_game_over_tcp_and_agree_with_the_engine(tmp_path: Path) -> None:
    port = free_port()
    host = linked_driver("tabletop", tmp_path / "host", port, seed=1)
    guest = linked_driver("lcdhat", tmp_path / "guest", port, seed=2)
    host_screen, guest_screen = link_up(host, guest, port)
    mine, theirs = host_screen.game, guest_screen.game
    assert mine.setup.human_colour == 1 and theirs.setup.human_colour == 0
    assert mine.record.seed == theirs.record.seed

    play_turns([host, guest], random.Random(5), lambda: mine.is_over() and theirs.is_over())
    run_both([host, guest], lambda: not on_board(host) and not on_board(guest))

    assert mine.record.moves == theirs.record.moves
    assert mine.ply > 0 and mine.record.seed is not None
    position = starting_position(mine.record.seed)
    for move in mine.record.moves:
        position.make(move)
    assert mine.record.result() == theirs.record.result() == result_of(position) != "*"
    for driver in (host, guest):
        archived = driver.app.saves.archived()
        assert [game.record.moves for game in archived] == [mine.record.moves]
        assert sorted(path.name for path in driver.app.save_dir.iterdir()) == ["finished"]
        driver.back()  # leave the end screen: the cable is let go

    again = link_up(host, guest, port)  # the same port links a new game
    assert again[0].game.ply == 0 and again[0].game.record.seed == again[1].game.record.seed
    host.app.to_title()
    guest.app.to_title()


def test_the_link_lost_panel_shows_while_the_peer_is_gone_and_the_game_resumes(
    tmp_path: Path,
) -> None:
    port = free_port()
    host = linked_driver("lcdhat", tmp_path / "host", port, seed=1)
    guest = linked_driver("hatmini", tmp_path / "guest", port, seed=2)
    host_screen, guest_screen = link_up(host, guest, port)
    rng = random.Random(3)
    play_turns([host, guest], rng, lambda: guest_screen.game.ply >= 2)
    plies = host_screen.game.ply

    # The guest's app stops dead: only its journal of the game is left.
    assert guest.app.playing.match is not None and guest.app.playing.match.link is not None
    guest.app.playing.match.link.close()
    run_both([host], lambda: host_screen.match.link_status is LinkStateName.LOST, seconds=8)
    assert host_screen.prompt()
    host.app.dirty = True
    host.app.draw()
    width, height = host.app.ui.layout.width, host.app.ui.layout.height
    inside_the_panel = (width // 16 + 3, height // 2)
    colour = host.display.surface.get_at(inside_the_panel)
    assert tuple(colour)[:3] == tuple(host.app.ui.palette.panel)[:3]
    host.tap(host.confirm_button)
    assert host_screen.game.ply == plies, "no move is made under the panel"

    back = linked_driver("hatmini", tmp_path / "guest", port, seed=4)
    back.choose_item("Continue")
    run_both([host, back], lambda: on_board(back) and host_screen.match.link_status is None)
    resumed = back.game_screen().game
    assert resumed.record.moves == host_screen.game.record.moves
    assert resumed.ply == plies, "every ply the guest acknowledged is in its journal"
    assert resumed.setup.human_colour == guest_screen.game.setup.human_colour

    play_turns([host, back], rng, lambda: back.game_screen().game.ply >= plies + 2)
    run_both([host, back], lambda: host_screen.game.ply == back.game_screen().game.ply)
    assert host_screen.game.record.moves == back.game_screen().game.record.moves
    host.app.to_title()
    back.app.to_title()
