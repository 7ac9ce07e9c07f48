"""New game offers the rules for every mode; the chosen rules reach the game's record
and its board, the game menu names them, and the computer plays under them."""

from pathlib import Path

import pytest
from app_driver import Driver
from stalls import stalled_game
from test_link_setup import labels

from device.play.game import GameSetup, Mode
from device.screens.game_screen import start_game
from engine.moves import CONNECTION, kind_of
from engine.pieces import BLUE
from engine.record import format_record, parse_record
from engine.rules import SEED, STANDARD, Rules


@pytest.mark.parametrize("mode", ["vs computer", "two players", "link cable"])
def test_new_game_offers_standard_first_and_seed_in_every_mode(mode: str, tmp_path: Path) -> None:
    driver = Driver("hatmini", tmp_path)
    driver.choose_item("New game")
    driver.set_item("Play", mode)
    assert "Rules: Standard" in labels(driver)
    driver.set_item("Rules", "Seed")
    assert "Rules: Seed" in labels(driver)
    driver.set_item("Rules", "Standard")


@pytest.mark.parametrize("rules", [SEED, STANDARD], ids=lambda rules: rules.name)
@pytest.mark.parametrize("mode", ["vs computer", "two players"])
def test_the_chosen_rules_reach_the_record_the_board_and_the_game_menu(
    mode: str, rules: Rules, tmp_path: Path
) -> None:
    driver = Driver("lcdhat", tmp_path)
    driver.app.settings.language = "es"
    driver.choose_item("Nueva partida")
    driver.set_item("Jugar", {"vs computer": "contra la IA", "two players": "dos jugadores"}[mode])
    driver.set_item("Reglas", {SEED: "originales", STANDARD: "estándar"}[rules])
    driver.choose_item("Empezar")
    game = driver.game_screen().game
    assert game.record.rules == rules and game.position.rules == rules
    assert f'[Rules "{rules.id}"]' in format_record(game.record)
    assert parse_record(format_record(game.record)).rules == rules
    driver.open_menu()
    words = {SEED: "Reglas: originales", STANDARD: "Reglas: estándar"}[rules]
    assert words in labels(driver), "the game menu names the game's rules"


@pytest.mark.parametrize("rules", [SEED, STANDARD], ids=lambda rules: rules.name)
def test_the_computer_plays_under_the_rules_of_its_game(rules: Rules, tmp_path: Path) -> None:
    # 30 plies with every edge held: a stall has opened connections under the
    # standard rules, and the computer's 2 on c8 can make a colony at e8; under the
    # seed rules connections stay closed.
    driver = Driver("tabletop", tmp_path)
    game = stalled_game(30, rules, GameSetup(Mode.VERSUS_AI, ai_level=2, human_colour=BLUE))
    assert not game.position.free_edges()
    plies = game.ply
    start_game(driver.app, game)
    driver.advance(2000)
    assert game.ply == plies + 1, "the computer (Red) has moved"
    connected = kind_of(game.record.moves[-1]) == CONNECTION
    assert connected == (rules == STANDARD), "it connects only where a stall opened them"
