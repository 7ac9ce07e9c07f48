"""Files that cannot stop the archive or lose a game: names in finished/ the game
never writes, and a journal grown by undo after undo."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from app_driver import archive_game
from ram_folder import ram_folder
from test_saved_rules import game_under

from device.journal.archive import past_games
from device.journal.disk import MAX_FILE_BYTES
from device.journal.file import ARCHIVE, COMPACT_BYTES
from device.journal.folder import SaveFolder
from device.play.game import Game, GameSetup, Mode
from engine.record import GameRecord
from engine.rules import STANDARD

LONGEST_NAME = 255
"""The most bytes a file name holds on the card's file systems."""


def odd_archive(folder: Path) -> Path:
    """A save folder whose archive holds names the game never writes: one as long as
    a name can be (all digits), one that is no number, a numbered folder."""
    archive = folder / ARCHIVE
    archive.mkdir(parents=True)
    (archive / ("9" * (LONGEST_NAME - len(".journal")) + ".journal")).write_bytes(b"x")
    (archive / "notes.journal").write_bytes(b"y")
    (archive / "000007.someone.journal").mkdir()
    return folder


def test_odd_names_in_the_archive_never_stop_a_game_from_being_archived(tmp_path: Path) -> None:
    saves = SaveFolder(odd_archive(tmp_path / "saves"))
    saves.start()
    for number in (1, 2):
        archive_game(saves, game_under(STANDARD, seed=number, plies=10_000), f"20261205-{number}")
    names = sorted(os.listdir(tmp_path / "saves" / ARCHIVE))
    assert "000008.20261205-1.journal" in names and "000009.20261205-2.journal" in names
    listed = past_games(saves)
    assert [game.path.name for game in listed[:2]] == [
        "000009.20261205-2.journal",
        "000008.20261205-1.journal",
    ]
    assert all(game.problem for game in listed[2:]), "the odd ones are named, not shown"


def test_an_archive_full_of_odd_names_keeps_archiving(tmp_path: Path) -> None:
    # Past the archive's size the oldest go, and the folder that cannot go stays.
    saves = SaveFolder(odd_archive(tmp_path / "saves"))
    saves.start()
    for number in range(1, 53):
        game = Game(GameRecord.from_seed(number), GameSetup(Mode.HOTSEAT))
        game.resigned = 0
        archive_game(saves, game, f"20261205-{number}")
    names = os.listdir(tmp_path / "saves" / ARCHIVE)
    assert "000007.someone.journal" in names
    assert f"{7 + 52:06d}.20261205-52.journal" in names


@pytest.fixture
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Twenty thousand appends: what is tested is the size, not the card."""
    monkeypatch.setattr(os, "fsync", lambda descriptor: None)


@pytest.mark.usefixtures("no_fsync")
def test_twenty_thousand_undos_never_make_a_game_unreadable() -> None:
    with tempfile.TemporaryDirectory(dir=ram_folder()) as scratch:
        folder = Path(scratch)
        saves = SaveFolder(folder)
        saves.start()
        game = game_under(STANDARD, seed=5, plies=40)
        journal = saves.begin(game)
        journal.sync(game)
        largest = 0
        for _ in range(20_000):
            move = game.record.moves[-1]
            game.undo()
            journal.sync(game)
            game.play(move)
            journal.sync(game)
            largest = max(largest, journal.path.stat().st_size)
        assert COMPACT_BYTES < MAX_FILE_BYTES and largest <= COMPACT_BYTES
        resumed = SaveFolder(folder)
        resumed.start()
        assert resumed.resume().game.record.moves == game.record.moves
