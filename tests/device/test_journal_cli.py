"""``python -m device.journal show|check DIR``: looking into a save folder, changing nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from format1 import AUTOSAVE, copy_fixture

from device.journal.folder import SaveFolder
from device.play.game import Game, GameSetup, Mode
from engine.record import GameRecord, format_record


def journal_command(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "device.journal", *arguments],
        capture_output=True,
        text=True,
        timeout=60,
    )


def snapshot(folder: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}


def game_in_progress(folder: Path, plies: int) -> Game:
    saves = SaveFolder(folder)
    saves.start()
    game = Game(GameRecord.from_seed(5), GameSetup(Mode.HOTSEAT))
    journal = saves.begin(game)
    for _ in range(plies):
        game.play(game.position.legal_moves()[0])
        journal.sync(game)
    return game


def test_show_prints_the_game_in_progress_as_the_archive_would(tmp_path: Path) -> None:
    game = game_in_progress(tmp_path, 4)
    before = snapshot(tmp_path)
    shown = journal_command("show", str(tmp_path))
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == format_record(game.record)
    assert snapshot(tmp_path) == before


def test_show_without_a_game_says_so(tmp_path: Path) -> None:
    shown = journal_command("show", str(tmp_path))
    assert shown.returncode == 1 and "no game in progress" in shown.stderr


def test_check_passes_a_folder_that_loads_and_names_the_first_file_that_does_not(
    tmp_path: Path,
) -> None:
    game_in_progress(tmp_path, 3)
    passed = journal_command("check", str(tmp_path))
    assert passed.returncode == 0
    assert (
        passed.stdout
        == f"{tmp_path}: 1 file(s) checked, all load: 1 game(s) in progress, 0 finished\n"
    )
    copy_fixture("ai", tmp_path)
    (tmp_path / AUTOSAVE).write_bytes(b"garbage")
    before = snapshot(tmp_path)
    checked = journal_command("check", str(tmp_path))
    assert checked.returncode == 1
    assert checked.stdout.startswith(f"{tmp_path / AUTOSAVE}: ")
    assert len(checked.stdout.splitlines()) == 1
    assert snapshot(tmp_path) == before, "check changes nothing"


def test_check_reports_a_damaged_tail_but_the_folder_loads(tmp_path: Path) -> None:
    game_in_progress(tmp_path, 3)
    (path,) = tmp_path.glob("*.journal")
    path.write_bytes(path.read_bytes()[:-3] + b"!!\n")
    checked = journal_command("check", str(tmp_path))
    assert checked.returncode == 0
    assert "the game resumes before them" in checked.stdout


def test_help_and_bad_usage(tmp_path: Path) -> None:
    helped = journal_command("--help")
    assert helped.returncode == 0 and "show" in helped.stdout and "check" in helped.stdout
    wrong = journal_command("inspect", str(tmp_path))
    assert wrong.returncode == 2 and wrong.stdout == ""
    assert len(wrong.stderr.splitlines()) == 1
    assert wrong.stderr.startswith("python -m device.journal: error")
    missing = journal_command("check")
    assert missing.returncode == 2 and len(missing.stderr.splitlines()) == 1
