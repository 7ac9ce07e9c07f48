"""The first format's conversion is done exactly once, wherever a kill lands.

The kill is raised in-process at each call of the save folder's ``Disk`` in
turn, the nested ones included (``unlink`` and ``write_durably`` end with
``fsync_folder``, so a kill also lands just after each removal and each
rename): nothing after that call happens, as with SIGKILL.  The folder is
then started again, as the device would be.  An in-process kill loses nothing
the kernel holds, so the test skips the real fsyncs (they only cost time).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from format1 import copy_fixture

from device.journal.disk import Disk
from device.journal.file import SUFFIX
from device.journal.folder import SaveFolder
from device.journal.old_saves import CONVERTED, OLD_FILES
from engine.notation import format_move


class Killed(BaseException):
    """The process stops here (nothing after this call happens)."""


class KillingDisk(Disk):
    """The real disk whose ``at``-th call of any method never returns (0: none)."""

    def __init__(self, at: int = 0) -> None:
        self.at, self.calls = at, 0

    def __getattribute__(self, name: str) -> Any:
        method = super().__getattribute__(name)
        if name.startswith("_") or not callable(method):
            return method

        def counted(*args: Any) -> Any:
            self.calls += 1
            if self.calls == self.at:
                raise Killed
            return method(*args)

        return counted


def moves_in_progress(folder: Path) -> list[list[str]]:
    """The moves of each game in progress after a normal start of ``folder``."""
    saves = SaveFolder(folder)
    saves.start()
    games = []
    for path in saves.in_progress():
        saves._resumable = path
        games.append([format_move(move) for move in saves.resume().game.record.moves])
    return games


@pytest.mark.parametrize("fixture", ["hotseat", "ai", "link"])
def test_a_kill_at_any_file_operation_of_the_conversion_converts_the_game_once(
    fixture: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "fsync", lambda descriptor: None)
    counting = KillingDisk()
    SaveFolder(copy_fixture(fixture, tmp_path / "whole"), counting).start()
    expected = moves_in_progress(tmp_path / "whole")
    assert len(expected) == 1 and len(expected[0]) > 0
    assert counting.calls > 10
    for at in range(1, counting.calls + 1):
        folder = copy_fixture(fixture, tmp_path / str(at))
        with pytest.raises(Killed):
            SaveFolder(folder, KillingDisk(at)).start()
        assert moves_in_progress(folder) == expected, f"killed at call {at}"
        left = {path.name for path in folder.iterdir()} & {*OLD_FILES, CONVERTED}
        assert not left, f"killed at call {at}: {left} left behind"
        assert len(list(folder.glob(f"*{SUFFIX}"))) == 1
