"""config.txt and cmdline.txt are never left half written: the old content is kept as
NAME.bak, the new one goes through the save folder's crash-safe write (a temporary
file, fsynced, renamed, the folder fsynced), and a stop at any step leaves the old
file or the new one."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

import pytest

from deploy.boot_files import BEGIN, END, backup_of, replace_durably, with_block, without_block
from device.journal.disk import Disk

OLD = "dtparam=audio=on\n# >>> satellites >>>\ndtoverlay=old\n# <<< satellites <<<\n[all]\n"
BLOCK = "dtoverlay=mipi-dbi-spi\n"


class PowerCut(Exception):
    pass


class CutDisk(Disk):
    """The real disk, whose power goes at its ``cut_at``-th durable write (from 0),
    before the write starts; it records the calls it made."""

    def __init__(self, cut_at: int) -> None:
        self.cut_at = cut_at
        self.writes: list[Path] = []

    def write_durably(self, path: Path, data: bytes) -> None:
        if len(self.writes) == self.cut_at:
            raise PowerCut
        self.writes.append(path)
        super().write_durably(path, data)


def test_the_block_replaces_the_old_one_at_the_end_and_leaves_the_rest() -> None:
    new = with_block(OLD, BLOCK)
    assert new == f"dtparam=audio=on\n[all]\n{BEGIN}\n{BLOCK}{END}\n"
    assert with_block(new, BLOCK) == new
    assert without_block(new) == "dtparam=audio=on\n[all]\n"
    assert with_block("no newline at the end", BLOCK).startswith("no newline at the end\n")


@pytest.mark.parametrize("cut_at", [0, 1, 2])
def test_a_power_cut_at_any_write_leaves_the_old_file_or_the_new_one(
    tmp_path: Path, cut_at: int
) -> None:
    config = tmp_path / "config.txt"
    config.write_text(OLD)
    new = with_block(OLD, BLOCK)
    disk = CutDisk(cut_at)
    with contextlib.suppress(PowerCut):
        replace_durably(config, new, disk)
    assert config.read_text() == (new if cut_at == 2 else OLD)
    if backup_of(config).exists():
        assert backup_of(config).read_text() == OLD
    assert disk.writes == [backup_of(config), config][:cut_at], "the backup first"
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names in (["config.txt"], ["config.txt", "config.txt.bak"])


def test_an_unchanged_file_is_not_written_again(tmp_path: Path) -> None:
    config = tmp_path / "config.txt"
    config.write_text(OLD)
    disk = CutDisk(cut_at=-1)
    replace_durably(config, OLD, disk)
    assert disk.writes == []


def test_the_command_line_edits_in_place_and_names_a_missing_file(tmp_path: Path) -> None:
    cmdline = tmp_path / "cmdline.txt"
    cmdline.write_text("overlayroot=tmpfs:recurse=0 console=tty1\n")
    command = [sys.executable, "-m", "deploy.boot_files"]
    subprocess.run(
        [*command, "replace", str(cmdline), "overlayroot=tmpfs:recurse=0", "overlayroot=tmpfs"],
        check=True,
    )
    assert cmdline.read_text() == "overlayroot=tmpfs console=tty1\n"
    assert backup_of(cmdline).read_text() == "overlayroot=tmpfs:recurse=0 console=tty1\n"
    missing = subprocess.run(
        [*command, "remove-block", str(tmp_path / "absent.txt")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert missing.returncode == 1
    assert missing.stderr == f"error: {tmp_path / 'absent.txt'}: No such file or directory\n"
