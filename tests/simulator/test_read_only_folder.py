"""The real simulator on a save folder mounted read-only (as a Pi's data partition
remounted read-only after errors): it starts, says once that saves are off, plays
on from memory (a game continued and resigned, a new one), exits normally and
changes nothing.  Needs a private mount namespace (``unshare -m``, root); skipped
where there is none."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from crash_harness import (
    CONTINUE,
    HOTSEAT_NEW,
    LEAVE_END,
    RESIGN,
    SHORT_GAMES,
    Reported,
    choice,
    read_folder,
    restart_simulator,
    run_simulator,
)

from device.play.game import Mode

MOUNT_READ_ONLY = 'mount --bind -o ro "$0" "$0" && exec "$@"'
"""``sh -c`` script: the folder ($0) read-only in this namespace, then the command."""


def read_only_launcher(folder: Path) -> list[str]:
    return ["unshare", "-m", "sh", "-c", MOUNT_READ_ONLY, str(folder)]


def can_mount_read_only(folder: Path) -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = [*read_only_launcher(folder), "sh", "-c", '! touch "$0/probe"', str(folder)]
    done = subprocess.run(probe, capture_output=True, check=False)
    return done.returncode == 0 and not (folder / "probe").exists()


def test_a_read_only_folder_says_saves_are_off_once_and_plays_on(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    if not can_mount_read_only(saves):
        pytest.skip("no private mount namespace here (unshare -m needs root)")
    first = run_simulator(tmp_path, 1, saves, "\n".join(SHORT_GAMES) + "\n", 5)
    assert first.returncode == 0, first.stderr
    before = {path: path.read_bytes() for path in saves.rglob("*") if path.is_file()}
    stored = read_folder(saves).in_progress
    assert stored is not None and len(stored.moves) == 1
    script = ["press A", *CONTINUE, *choice(Mode.HOTSEAT) * 6, *RESIGN, *LEAVE_END]
    script += [*HOTSEAT_NEW, *choice(Mode.HOTSEAT) * 4]
    launcher = [*read_only_launcher(saves), sys.executable, "-m", "simulator"]
    run = run_simulator(tmp_path, 2, saves, "\n".join(script) + "\n", 6, launcher=launcher)
    assert run.returncode == 0, run.stderr
    (logged,) = run.stderr.splitlines()
    assert logged.startswith(f"saves are off: {saves}"), "the reason goes to the log"
    reported = Reported()
    assert reported.take(run) == []
    told = [message for _, message in reported.messages]
    assert len(told) == 1 and told[0].startswith("Saves are off"), told
    continued = reported.moves[stored.seed]
    assert continued[:1] == stored.moves and len(continued) > 3
    assert stored.seed in reported.ended and len(reported.moves) == 2
    assert {path: path.read_bytes() for path in saves.rglob("*") if path.is_file()} == before
    again = restart_simulator(tmp_path, 3, saves, "\n".join(CONTINUE) + "\n", 7)
    assert again.returncode == 0 and again.messages_log.read_text() == ""
    assert read_folder(saves).in_progress == stored
