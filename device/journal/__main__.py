"""Look into a save folder without changing it.

``show DIR`` prints the game in progress as an engine record (the text the
archive's records hold); ``check DIR`` reads every file the game keeps there
and says what it found: exit 0 with a count of the files and games that load,
1 naming the first that cannot.  A kept review that does not fit its game is
named but fails nothing: the game works it out again.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from device.journal.disk import Disk
from device.journal.events import JournalError, Replayed
from device.journal.file import ARCHIVE, SUFFIX, read_journal
from device.journal.folder import read_archived
from device.journal.old_saves import OLD_FILES, OldFormatError, check_old_file
from device.journal.reviews import SUFFIX as REVIEW_SUFFIX
from device.journal.reviews import NotAReview, read_review
from device.journal.settings_file import SETTINGS_FILE, check_settings_file
from engine.pieces import NOBODY
from engine.record import RecordError, format_record, parse_record


class OneLineParser(argparse.ArgumentParser):
    """Bad usage is one line on stderr and exit status 2 (``--help`` shows the usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"python -m device.journal: error: {message} (see --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="python -m device.journal", description="Look into a Satellites save folder."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    show = commands.add_parser("show", help="print the game in progress as an engine record")
    show.add_argument("folder", type=Path, help="the save folder")
    check = commands.add_parser(
        "check", help="read every file: exit 0 with what loads, 1 naming one that does not"
    )
    check.add_argument("folder", type=Path, help="the save folder")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = _parser().parse_args(argv)
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            # a file name that is not UTF-8, a lone surrogate in a record: shown escaped
            stream.reconfigure(errors="backslashreplace")
    if arguments.command == "show":
        return show(arguments.folder)
    return check(arguments.folder)


def show(folder: Path) -> int:
    disk = Disk()
    games: list[Replayed] = []
    for name in disk.listdir(folder):
        if name.endswith(SUFFIX):
            try:
                replayed = read_journal(disk, folder / name)
            except (JournalError, OSError) as error:
                print(f"{folder / name}: {error}", file=sys.stderr)
                return 1
            if not replayed.ended:
                games.append(replayed)
    if not games:
        print(f"{folder}: no game in progress", file=sys.stderr)
        return 1
    sys.stdout.write(format_record(games[-1].game().record))
    return 0


def check(folder: Path) -> int:
    """Read every file the game keeps in ``folder``; name the first that does not load."""
    disk = Disk()
    files = _files(disk, folder)
    for path in files:
        problem = _problem(disk, path)
        if problem:
            print(f"{path}: {problem}")
            return 1
        damage = _damage(disk, path)
        if damage:
            print(f"{path}: loads, but {damage}")
    in_progress = sum(path.parent == folder and path.name.endswith(SUFFIX) for path in files)
    archived = sum(path.parent != folder and not _is_review(path) for path in files)
    print(
        f"{folder}: {len(files)} file(s) checked, all load: {in_progress} game(s) in "
        f"progress, {archived} finished"
    )
    return 0


def _files(disk: Disk, folder: Path) -> list[Path]:
    names = disk.listdir(folder)
    files = [folder / name for name in names if _kept(name)]
    archive = folder / ARCHIVE
    return files + [archive / name for name in disk.listdir(archive) if not name.startswith(".")]


def _kept(name: str) -> bool:
    return name.endswith(SUFFIX) or name in OLD_FILES or name == SETTINGS_FILE


def _is_review(path: Path) -> bool:
    return path.parent.name == ARCHIVE and path.name.endswith(REVIEW_SUFFIX)


def _damage(disk: Disk, path: Path) -> str:
    """The damaged end of a journal that loads, or what is wrong with a kept review
    ("" when there is nothing)."""
    if _is_review(path):
        return _review_damage(disk, path)
    if not path.name.endswith(SUFFIX):
        return ""
    lost = read_journal(disk, path).lost_lines
    return f"its last {lost} line(s) cannot be read: the game resumes before them" if lost else ""


def _review_damage(disk: Disk, path: Path) -> str:
    """Why a kept review will not be used ("" when it will): the game works out a
    review that does not fit its game again, so this is never a file that fails."""
    names = disk.listdir(path.parent)
    games = [path.with_suffix(suffix) for suffix in (SUFFIX, ".txt")]
    game = next((read_archived(disk, g) for g in games if g.name in names), None)
    if game is None:
        return "its game is not in the archive (or does not load): it is not used"
    try:
        read_review(disk.read(path), game.record, NOBODY)
    except OSError as error:
        return f"it cannot be read ({error}): the game's review is worked out again"
    except NotAReview as error:
        return f"{error}: the game's review is worked out again"
    return ""


def _problem(disk: Disk, path: Path) -> str:
    """Why ``path`` does not load ("" when it does; a kept review always does: see
    ``_review_damage``)."""
    if _is_review(path):
        return ""
    try:
        if path.name.endswith(SUFFIX):
            read_journal(disk, path).game()
        elif path.name == SETTINGS_FILE and path.parent != path.parent.parent / ARCHIVE:
            check_settings_file(disk.read(path))
        elif path.name in OLD_FILES:
            check_old_file(path.name, disk.read(path))
        else:
            parse_record(disk.read(path).decode("utf-8"))
    except (JournalError, OldFormatError, RecordError, OSError, UnicodeDecodeError) as error:
        return str(error) or type(error).__name__
    except ValueError as error:
        return str(error)
    return ""


if __name__ == "__main__":
    sys.exit(main())
