"""A saved game keeps the rules it is played under: Continue, Past games and the
replay use them, and a journal of rules this version cannot play is named and left
alone, never replayed under other rules."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from app_driver import Driver, archive_game
from test_saves import messages, started, title_labels

from device.journal.archive import load_game, past_games
from device.journal.events import FIRST_VERSION, header_record
from device.journal.lines import decode_lines, encode_lines
from device.play.game import Game, GameSetup, Mode
from engine.moves import CONNECTION, kind_of
from engine.playout import random_move
from engine.record import GameRecord
from engine.rules import RULE_SETS, SEED, STANDARD, Rules


def game_under(rules: Rules, seed: int = 3, plies: int = 30) -> Game:
    game = Game(GameRecord.from_seed(seed, rules=rules), GameSetup(Mode.HOTSEAT))
    rng = random.Random(seed)
    while game.ply < plies and not game.is_over():
        game.play(random_move(game.position, rng))
    return game


def stored(game: Game, folder: Path) -> Path:
    """``game`` stored as the game in progress, ply by ply; its journal's path."""
    saves = started(folder)
    partial = Game(header_record(game.record), game.setup)
    journal = saves.begin(partial)
    journal.sync(partial)
    for move in game.record.moves:
        partial.play(move)
        journal.sync(partial)
    return journal.path


def rewritten_header(path: Path, **changes: object) -> None:
    """The journal at ``path`` with its header changed (each line checked again)."""
    events = decode_lines(path.read_bytes()).events
    header = events[0] | changes
    for name, value in changes.items():
        if value is None:
            del header[name]
    path.write_bytes(encode_lines([header, *events[1:]]))


def connects_in_a_stall() -> Game:
    """A standard game whose last ply connects while a stall has opened connections:
    a move the seed rules never allow."""
    for seed in range(200):
        game = Game(GameRecord.from_seed(seed), GameSetup(Mode.HOTSEAT))
        rng = random.Random(seed)
        while not game.is_over():
            stalled = game.position.plies_until_stall_opens() == 0
            move = random_move(game.position, rng)
            game.play(move)
            if stalled and kind_of(move) == CONNECTION:
                return game
    raise AssertionError("no random game connected in a stall")


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.id)
def test_a_game_resumes_under_the_rules_it_was_saved_under(tmp_path: Path, rules: Rules) -> None:
    game = game_under(rules)
    path = stored(game, tmp_path)
    assert json.loads(path.read_bytes().splitlines()[0].split(b" ", 1)[1])["rules"] == rules.id
    resumed = started(tmp_path).resume().game
    assert resumed.record.rules == rules and resumed.position.rules == rules
    assert resumed.record.moves == game.record.moves


def test_a_game_resumes_under_no_other_rules(tmp_path: Path) -> None:
    game = connects_in_a_stall()
    path = stored(game, tmp_path)
    rewritten_header(path, rules=SEED.id)
    resumed = started(tmp_path).resume()
    assert resumed.game.record.moves == game.record.moves[:-1], "the seed rules stop there"
    assert resumed.notice is not None, "and the player is told"


def test_a_journal_of_the_first_format_is_played_on_under_the_rules_of_its_time(
    tmp_path: Path,
) -> None:
    path = stored(game_under(SEED), tmp_path)
    rewritten_header(path, journal=FIRST_VERSION, rules=None)
    resumed = started(tmp_path).resume().game
    assert resumed.record.rules == SEED and resumed.ply == 30


def test_newer_rules_are_named_and_the_game_left_alone(tmp_path: Path) -> None:
    path = stored(game_under(STANDARD), tmp_path)
    rewritten_header(path, rules="standard/3")
    data = path.read_bytes()
    driver = Driver("tabletop", tmp_path)
    assert any("newer version" in words for words in messages(driver))
    assert not any(label.startswith("Continue") for label in title_labels(driver))
    driver.confirm()
    driver.new_game("two players")
    assert path.read_bytes() == data


def test_past_games_and_the_replay_use_each_games_own_rules(tmp_path: Path) -> None:
    driver = Driver("tabletop", tmp_path)
    saves = driver.app.saves
    for number, rules in enumerate(RULE_SETS, 1):
        finished = game_under(rules, plies=10_000)
        assert finished.is_over()
        archive_game(saves, finished, f"20261205-{number}")
    listed = past_games(saves)
    assert [load_game(saves, game).record.rules for game in listed] == list(reversed(RULE_SETS))
    assert all(not game.problem for game in listed)
