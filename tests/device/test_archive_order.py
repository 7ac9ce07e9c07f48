"""The archive keeps the games played last, whatever the clock said when they ended.

A Pi has no clock battery and the handheld may have no network: its clock can
start a year back, or jump ahead.  The games' ids start with the date, so the
archive cannot go by them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from device.journal.archive import past_games
from device.journal.file import ARCHIVE, ARCHIVE_SIZE
from device.journal.folder import SaveFolder
from device.play.game import Game, GameSetup, Mode
from engine.pieces import RED
from engine.record import GameRecord

CLOCK = {"back": "20251203", "today": "20261203", "ahead": "20991231"}


def resigned_game(seed: int) -> Game:
    game = Game(GameRecord.from_seed(seed), GameSetup(Mode.HOTSEAT))
    game.resigned = RED
    return game


def play_games(folder: Path, dates: list[str]) -> list[str]:
    """One resigned game a date, each with its clock; the games' ids, in play order."""
    ids = iter([f"{date}-120000-{number:06x}" for number, date in enumerate(dates)])
    saves = SaveFolder(folder, new_id=lambda: next(ids))
    saves.start()
    played = []
    for seed in range(1, len(dates) + 1):
        journal = saves.begin(resigned_game(seed))
        journal.finish(resigned_game(seed))
        played.append(journal.game_id)
    return played


def kept_ids(folder: Path) -> list[str]:
    """The archived games' ids, oldest first."""
    saves = SaveFolder(folder)
    saves.start()
    return [game_id(path) for path in saves.archived_files()]


def game_id(path: Path) -> str:
    """The id of the game an archived journal holds (its name without number or suffix)."""
    return path.name.removesuffix(".journal").rsplit(".", 1)[-1]


@pytest.mark.parametrize(
    "clocks",
    [["today", "back"], ["ahead", "today"], ["today", "ahead", "back", "today"]],
    ids=["clock-back", "clock-ahead-then-right", "forward-and-back"],
)
def test_the_archive_keeps_the_games_played_last_whatever_the_clock(
    clocks: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "fsync", lambda descriptor: None)  # only time; nothing is killed
    dates = [CLOCK[clock] for clock in clocks for _ in range(ARCHIVE_SIZE // 2 + 3)]
    played = play_games(tmp_path, dates)
    assert kept_ids(tmp_path) == played[-ARCHIVE_SIZE:]
    saves = SaveFolder(tmp_path)
    listed = [game_id(game.path) for game in past_games(saves)]
    assert listed == played[-ARCHIVE_SIZE:][::-1], "Past games shows the last played first"


def test_games_archived_before_the_archive_was_numbered_go_first(tmp_path: Path) -> None:
    archive = tmp_path / ARCHIVE
    archive.mkdir()
    for number in range(ARCHIVE_SIZE):
        (archive / f"20991231-{number:06d}-abcdef.txt").write_text("")  # the clock was ahead
    played = play_games(tmp_path, [CLOCK["back"]] * 3)
    names = sorted(path.name for path in archive.iterdir())
    assert len(names) == ARCHIVE_SIZE
    assert [name for name in names if name.endswith(".journal")] == [
        f"{place:06d}.{played_id}.journal" for place, played_id in enumerate(played, 1)
    ]
    assert "20991231-000000-abcdef.txt" not in names, "the oldest name went first"
