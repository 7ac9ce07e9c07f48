"""Foreign or crafted text in the save folder: file names that are not UTF-8, a NUL
or a lone surrogate in an archived game's date or names.  The device starts,
Past games lists and replays, the journal command reads: no crash anywhere."""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

import pytest
from app_driver import Driver, archive_game
from screen_gallery import played_game
from test_save_faults import dismiss

from device.journal.__main__ import main as journal_main
from device.journal.file import ARCHIVE
from device.screens.dialogs import MessageScreen
from device.screens.past_games_screen import PastGameMenu, PastGamesScreen
from device.screens.replay_screen import ReplayScreen
from engine.record import format_record

PROFILES = ("hatmini", "lcdhat", "tabletop")
NOT_UTF8 = os.fsdecode(b"partida-\xe9\xff")
"""A file name from a card written elsewhere (Latin-1): lone surrogates once decoded."""


def hostile_folder(folder: Path) -> Path:
    """A save folder holding every kind of foreign text the attacks found."""
    folder.mkdir(parents=True)
    (folder / f"{NOT_UTF8}.journal").write_bytes(b"\xff\xfe not a journal\n")
    driver = Driver("hatmini", folder)
    for number, date in enumerate(["2026.11\x00.30", "2026.\ud800.30"], 1):
        game = played_game(7)
        game.record.date = date
        archive_game(driver.app.saves, game, f"2026113{number}-1")
    nul_name = played_game(7)
    nul_name.record.red = "Ana\x00Bel"
    (folder / ARCHIVE / "000010.20261201-1.txt").write_text(format_record(nul_name.record))
    (folder / ARCHIVE / f"000011.{NOT_UTF8}.txt").write_bytes(b"\xff not a record")
    (folder / ARCHIVE / f"000012.{NOT_UTF8}.journal").write_bytes(b"\x00" * 40)
    return folder


@pytest.mark.parametrize("profile", PROFILES)
def test_foreign_text_in_the_save_folder_is_shown_not_crashed_on(
    profile: str, tmp_path: Path
) -> None:
    folder = hostile_folder(tmp_path / "saves")
    driver = Driver(profile, folder)
    while isinstance(driver.app.top, MessageScreen):
        driver.app.dirty = True
        driver.app.draw()
        driver.confirm()
    driver.choose_item("Past games")
    past = driver.app.top
    assert isinstance(past, PastGamesScreen) and len(past.games) == 5
    for index in range(len(past.games)):
        driver.app.dirty = True
        driver.app.draw()
        driver.confirm()
        top = driver.app.top
        assert isinstance(top, PastGameMenu | MessageScreen)
        driver.app.dirty = True
        driver.app.draw()
        if isinstance(top, PastGameMenu):
            driver.choose_item("Replay")
            assert isinstance(driver.app.top, ReplayScreen)
            driver.app.dirty = True
            driver.app.draw()
            driver.back()
            driver.back()
        else:
            dismiss(driver)
        assert driver.app.top is past
        if index + 1 < len(past.games):
            driver.tap(driver.next_item_button)


def test_the_journal_command_names_files_whatever_their_names_hold(tmp_path: Path) -> None:
    folder = hostile_folder(tmp_path / "saves")
    for command in ("check", "show"):
        said = io.BytesIO()
        out = io.TextIOWrapper(said, encoding="utf-8")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            code = journal_main([command, str(folder)])
        out.flush()
        assert code == 1, command
        assert b"partida-" in said.getvalue(), command
