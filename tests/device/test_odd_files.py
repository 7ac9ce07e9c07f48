"""Names in the save folder that hold no file the game wrote: a pipe, a device, a
folder, a file of a gigabyte.  Each is named and left alone; nothing waits on
it, nothing reads it whole.  (Every test that could hang runs under a timeout.)
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from device.journal.archive import past_games
from device.journal.disk import MAX_FILE_BYTES
from device.journal.file import ARCHIVE
from device.journal.folder import SaveFolder
from device.journal.notice import Notice

TIMEOUT_S = 20.0
GIGABYTE = 1 << 30


def within_timeout(work: Callable[[], object]) -> object:
    """``work()`` on a thread; fails (instead of hanging the suite) if it takes too long."""
    result: list[object] = []
    thread = threading.Thread(target=lambda: result.append(work()), daemon=True)
    thread.start()
    thread.join(TIMEOUT_S)
    assert not thread.is_alive(), "it hangs"
    assert result, "it raised"
    return result[0]


def odd_folder(folder: Path) -> Path:
    """A save folder with a pipe, a device, a folder and a 1 GB sparse file, each named
    as a journal, and the same in the archive."""
    for place in (folder, folder / ARCHIVE):
        place.mkdir(parents=True, exist_ok=True)
        os.mkfifo(place / "pipe.journal")
        (place / "device.journal").symlink_to(os.devnull)
        (place / "folder.journal").mkdir()
        with open(place / "huge.journal", "wb") as huge:
            huge.truncate(GIGABYTE)
    return folder


def started(folder: Path) -> list[Notice]:
    return SaveFolder(folder).start()


def test_a_pipe_a_device_a_folder_and_a_huge_file_are_named_and_skipped(tmp_path: Path) -> None:
    folder = odd_folder(tmp_path / "saves")
    notices = within_timeout(lambda: started(folder))
    assert isinstance(notices, list)
    told: dict[str, list[str]] = {notice.key: [] for notice in notices}
    for notice in notices:
        told[notice.key].append(str(notice.values.get("file", "")))
    assert sorted(told["msg.not_a_save"]) == [
        "device.journal",
        "folder.journal",
        "huge.journal",
        "pipe.journal",
    ]
    assert set(told) == {"msg.not_a_save"}
    assert all((folder / name).exists() for name in ("pipe.journal", "huge.journal"))


def test_memory_at_start_and_in_past_games_stays_small_beside_a_gigabyte(tmp_path: Path) -> None:
    folder = odd_folder(tmp_path / "saves")

    def start_and_list() -> int:
        tracemalloc.start()
        try:
            saves = SaveFolder(folder)
            saves.start()
            listed = past_games(saves)
            assert {game.path.name for game in listed if game.problem} == {
                "pipe.journal",
                "device.journal",
                "folder.journal",
                "huge.journal",
            }
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    peak = within_timeout(start_and_list)
    assert isinstance(peak, int) and peak < 8 * MAX_FILE_BYTES, f"{peak} bytes at the peak"


def journal_cli(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "device.journal", *arguments],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )


def test_the_journal_command_names_a_pipe_instead_of_waiting_on_it(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    os.mkfifo(folder / "x.journal")
    checked = journal_cli("check", str(folder))
    assert checked.returncode == 1 and "a pipe, not a file" in checked.stdout
    shown = journal_cli("show", str(folder))
    assert shown.returncode == 1 and "a pipe, not a file" in shown.stderr
    assert "Traceback" not in checked.stderr + shown.stderr


def test_a_pipe_named_as_a_first_format_save_is_named_and_saves_stay_on(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "current-game.sav")
    saves = SaveFolder(tmp_path)
    notices = within_timeout(saves.start)
    assert notices == [Notice("msg.not_a_save", {"file": "current-game.sav"})]
    assert saves.saves_on and (tmp_path / "current-game.sav").exists()
