"""Undo, hint, the tabletop turn and link-cable play, through the buttons."""

from pathlib import Path

import pygame
from app_driver import Driver
from fake_link import FakeSession

from device.journal.folder import SaveFolder
from device.link.events import LinkState, LinkStateName, PeerMove, StateChanged
from device.link.interface import LinkSession
from device.play.game import Game, GameSetup, Mode
from device.play.navigation import jump
from device.screens.game_screen import SystemMenu
from engine.geometry import rank_of
from engine.moves import origin_of, target_of
from engine.notation import format_move
from engine.pieces import BLUE, RED


def test_undo_against_the_computer_goes_back_to_the_players_turn(tmp_path: Path) -> None:
    driver = Driver("lcdhat", tmp_path)
    game = driver.new_game("vs computer", level="1").game
    driver.play(game.position.legal_moves()[0])
    driver.advance(1300)
    assert game.ply == 2
    driver.open_menu()
    driver.choose_item("Undo")
    assert game.ply == 0 and game.human_to_move()
    after_a_restart = SaveFolder(tmp_path)
    after_a_restart.start()
    assert after_a_restart.resume().game.ply == 0, "the undo is in the journal"


def test_undo_in_hotseat_takes_back_one_move(tmp_path: Path) -> None:
    driver = Driver("hatmini", tmp_path)
    game = driver.new_game("two players").game
    for _ in range(3):
        driver.play(game.position.legal_moves()[0])
    driver.open_menu()
    driver.choose_item("Undo")
    assert game.ply == 2


def test_a_hint_points_at_a_legal_move_and_puts_the_cursor_on_it(tmp_path: Path) -> None:
    driver = Driver("tabletop", tmp_path)
    screen = driver.new_game("two players")
    driver.open_menu()
    driver.choose_item("Hint")
    driver.advance(200)
    assert screen.hint in screen.game.position.legal_moves()
    assert screen.selection is not None
    assert screen.selection.cursor == screen.hint & 127


def test_picking_the_hinted_satellite_puts_the_cursor_on_its_destination(
    tmp_path: Path,
) -> None:
    driver = Driver("tabletop", tmp_path)
    screen = driver.new_game("two players")
    driver.open_menu()
    driver.choose_item("Hint")
    driver.advance(200)
    hint = screen.hint
    assert hint is not None and screen.selection is not None
    assert screen.selection.cursor == origin_of(hint)
    driver.confirm()
    assert screen.selection.cursor == target_of(hint)


def test_tabletop_turns_the_picture_and_the_arrows_for_blue(tmp_path: Path) -> None:
    driver = Driver("tabletop", tmp_path)
    driver.choose_item("New game")
    driver.set_item("Play", "two players")
    driver.set_item("Tabletop", "on")
    driver.choose_item("Start")
    screen = driver.game_screen()
    assert not screen.flipped()
    driver.play(screen.game.position.legal_moves()[0])
    assert screen.game.position.side == BLUE and screen.flipped()
    assert screen.selection is not None
    choices = screen.selection.choices
    before = screen.selection.cursor = max(choices, key=rank_of)
    driver.tap("UP")
    assert screen.selection.cursor == jump(before, choices, (0, -1)), "UP goes South for Blue"
    assert rank_of(screen.selection.cursor) < rank_of(before)
    upright = pygame.Surface((480, 320))
    screen.draw(upright)
    driver.app.dirty = True
    driver.app.draw()
    turned = driver.app.display.surface
    assert pygame.transform.rotate(turned, 180).get_at((5, 5)) == upright.get_at((5, 5))


def test_tabletop_turns_the_menu_to_blue_and_starts_blues_cursor_on_blues_side(
    tmp_path: Path,
) -> None:
    driver = Driver("tabletop", tmp_path)
    driver.choose_item("New game")
    driver.set_item("Play", "two players")
    driver.set_item("Tabletop", "on")
    driver.choose_item("Start")
    screen = driver.game_screen()
    red_move = max(
        screen.game.position.legal_moves(), key=lambda m: rank_of(target_of(m))
    )  # Red's piece lands as near Blue as it can
    driver.play(red_move)
    assert screen.selection is not None and screen.game.position.side == BLUE
    cursor = screen.selection.cursor
    assert cursor != target_of(red_move), "not on Red's last piece"
    assert rank_of(cursor) == max(rank_of(c) for c in screen.selection.choices)
    driver.open_menu()
    menu = driver.app.top
    assert isinstance(menu, SystemMenu)
    alone = pygame.Surface((480, 320))
    screen.draw(alone)
    menu.draw(alone)
    driver.app.dirty = True
    driver.app.draw()
    shown = pygame.transform.rotate(driver.app.display.surface, 180)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(alone, "RGB")
    index = menu.index
    driver.tap("UP")  # Blue's down: the next item
    assert menu.index == index + 1


class FakeConnector:
    def __init__(self, link: FakeSession) -> None:
        self.link = link

    def open(self) -> LinkSession:
        return self.link

    def cancel(self) -> None:
        pass


def test_link_play_sends_own_moves_and_plays_the_peers(tmp_path: Path) -> None:
    link = FakeSession(RED, seed=9)
    driver = Driver("lcdhat", tmp_path)
    driver.app.link = FakeConnector(link)
    screen = driver.new_game("link cable")
    game = screen.game
    assert game.setup.mode == Mode.LINK and game.record.seed == 9
    mine = game.position.legal_moves()[0]
    driver.play(mine)
    assert link.sent == [(1, format_move(mine))]
    reply = game.position.legal_moves()[-1]
    link.incoming = [PeerMove(2, format_move(reply), reply)]
    driver.advance(200)
    assert game.record.moves == [mine, reply]
    link.incoming = [StateChanged(LinkState(LinkStateName.LOST)), PeerMove(7, "zz", 0)]
    driver.advance(200)
    assert screen.prompt() == "Link lost"
    assert game.ply == 2


def test_continue_of_a_linked_game_without_a_cable_says_so(tmp_path: Path) -> None:
    driver = Driver("tabletop", tmp_path)
    game = Game.new(4, GameSetup(mode=Mode.LINK), ("You", "Other device"), "2026.11.30")
    driver.store(game)
    driver.choose_item("Continue")
    assert "link" in getattr(driver.app.top, "words", "")
