"""What a crash test and a review found wrong with the first save format, each
reproduced with the files that format leaves behind, as a player meets it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from app_driver import Driver
from format1 import AUTOSAVE, PREVIOUS, autosave, container, copy_fixture
from read_only import make_read_only

from device.play.game import Game, GameSetup, Mode
from device.screens.dialogs import MessageScreen
from device.screens.menu_screen import MenuScreen
from engine.playout import random_move
from engine.record import GameRecord, format_record


def title_labels(driver: Driver) -> list[str]:
    title = driver.app.screens[0]
    assert isinstance(title, MenuScreen)
    return [item.label() for item in title.shown()]


def messages(driver: Driver) -> list[str]:
    return [screen.words for screen in driver.app.screens if isinstance(screen, MessageScreen)]


def read_and_continue(driver: Driver) -> list[str]:
    """Read the messages on the title (OK on each), then Continue; every message seen."""
    seen = messages(driver)
    while isinstance(driver.app.top, MessageScreen):
        driver.confirm()
    driver.choose_item("Continue")
    return seen + messages(driver)


def finished_hotseat_game(seed: int = 7) -> Game:
    game = Game(GameRecord.from_seed(seed), GameSetup(Mode.HOTSEAT))
    rng = random.Random(seed)
    while not game.is_over():
        game.play(random_move(game.position, rng))
    return game


def archive_of(folder: Path) -> list[Path]:
    return sorted((folder / "finished").glob("*"))


def test_continue_keeps_the_good_previous_copy_when_the_newest_does_not_parse(
    tmp_path: Path,
) -> None:
    folder = copy_fixture("ai", tmp_path / "saves")
    (folder / AUTOSAVE).write_bytes(container(b'{"mode": "a future format"}'))
    driver = Driver("tabletop", folder)
    seen = read_and_continue(driver)
    assert driver.game_screen().game.ply == 5, "the game before the last move is back"
    assert any("could not be read" in words for words in seen)


def test_a_read_only_folder_with_a_damaged_save_starts_and_continue_does_not_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = copy_fixture("hotseat", tmp_path / "saves")
    (folder / AUTOSAVE).write_bytes(b"garbage")
    (folder / PREVIOUS).write_bytes(b"more garbage")
    make_read_only(monkeypatch, folder)
    driver = Driver("lcdhat", folder)
    if any(label.startswith("Continue") for label in title_labels(driver)):
        driver.choose_item("Continue")
    assert any("could not be read" in words for words in messages(driver))
    assert (folder / AUTOSAVE).read_bytes() == b"garbage", "nothing was lost"


def test_a_game_archived_but_not_yet_discarded_is_not_brought_back_nor_archived_twice(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "saves"
    game = finished_hotseat_game()
    (folder / "finished").mkdir(parents=True)
    (folder / "finished" / "20261130-120000-abcdef.txt").write_text(format_record(game.record))
    (folder / AUTOSAVE).write_bytes(autosave(game))  # the kill came before the discard
    driver = Driver("tabletop", folder)
    driver.advance(1000)
    assert not any(label.startswith("Continue") for label in title_labels(driver))
    assert len(archive_of(folder)) == 1


def test_a_kill_between_the_two_deletions_does_not_bring_back_a_finished_game(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "saves"
    game = finished_hotseat_game()
    before_the_end = Game(GameRecord.from_seed(7), GameSetup(Mode.HOTSEAT))
    for move in game.record.moves[:-1]:
        before_the_end.play(move)
    (folder / "finished").mkdir(parents=True)
    (folder / "finished" / "20261130-120000-abcdef.txt").write_text(format_record(game.record))
    (folder / PREVIOUS).write_bytes(autosave(before_the_end))  # the newest was removed first
    driver = Driver("tabletop", folder)
    assert not any(label.startswith("Continue") for label in title_labels(driver))
    assert not any("damaged" in words for words in messages(driver))
    assert len(archive_of(folder)) == 1


def test_a_crash_in_the_middle_of_a_save_is_not_reported_as_damage(tmp_path: Path) -> None:
    folder = copy_fixture("ai", tmp_path / "saves")
    (folder / AUTOSAVE).rename(folder / PREVIOUS)  # renamed aside, the new copy never written
    driver = Driver("tabletop", folder)
    assert read_and_continue(driver) == []
    assert driver.game_screen().game.ply == 6


def test_invalid_utf8_behind_a_right_checksum_in_the_settings_gives_the_defaults(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "settings.json").write_bytes(container(b'{"language": "es\xff\xfe"}'))
    driver = Driver("hatmini", folder)
    assert driver.app.settings.language == "en"


def test_invalid_utf8_behind_a_right_checksum_in_the_autosave_is_a_message(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / AUTOSAVE).write_bytes(container(b'{"mode": "ai\xff"}'))
    driver = Driver("hatmini", folder)
    if any(label.startswith("Continue") for label in title_labels(driver)):
        driver.choose_item("Continue")
    assert any("could not be read" in words for words in messages(driver))


def test_a_saved_computer_level_of_99_is_refused_not_a_crash_when_the_computer_moves(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    game = Game(GameRecord.from_seed(3), GameSetup(Mode.VERSUS_AI, ai_level=3, human_colour=0))
    game.play(game.position.legal_moves()[0])  # the computer (Blue) is to move
    (folder / AUTOSAVE).write_bytes(autosave(game, ai_level=99))
    driver = Driver("hatmini", folder)
    if any(label.startswith("Continue") for label in title_labels(driver)):
        driver.choose_item("Continue")
    driver.advance(3000)
    assert messages(driver) == [
        "The saved game could not be read: the file is damaged. Start a new game."
    ]
