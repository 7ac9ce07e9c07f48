"""``python -m deploy.boot_files``: the installer's edits of the boot partition's
``config.txt`` and ``cmdline.txt``, safe against a power cut.

A card whose ``config.txt`` or ``cmdline.txt`` is half written may not boot, and
the boot partition is FAT, which has no journaling. So a file is never changed in
place: its previous content is kept beside it as ``NAME.bak``, the new content is
written to a temporary file in the same folder, fsynced, renamed over the old one,
and the folder fsynced (``device.journal.disk.Disk.write_durably``). A cut leaves
the old file or the new one, and the backup to put back by hand.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from device.journal.disk import Disk

BEGIN = "# >>> satellites >>>"
END = "# <<< satellites <<<"
BACKUP_SUFFIX = ".bak"


def backup_of(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def replace_durably(path: Path, text: str, disk: Disk | None = None) -> None:
    """Give ``path`` the content ``text``, keeping what it held as its backup."""
    disk = disk or Disk()
    new = text.encode("utf-8")
    try:
        old: bytes | None = path.read_bytes()
    except FileNotFoundError:
        old = None
    if old == new:
        return
    if old is not None:
        disk.write_durably(backup_of(path), old)
    disk.write_durably(path, new)


def without_block(text: str) -> str:
    """The text without the game's block (from its first marker to its last)."""
    kept, inside = [], False
    for line in text.splitlines(keepends=True):
        marker = line.rstrip("\n")
        if marker == BEGIN:
            inside = True
        if not inside:
            kept.append(line)
        if marker == END:
            inside = False
    return "".join(kept)


def with_block(text: str, block: str) -> str:
    """The text with the game's block, holding ``block``, at its end (once)."""
    kept = without_block(text)
    if kept and not kept.endswith("\n"):
        kept += "\n"
    body = block if block.endswith("\n") or not block else block + "\n"
    return f"{kept}{BEGIN}\n{body}{END}\n"


def _parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m deploy.boot_files",
        description="Edit config.txt or cmdline.txt safely against a power cut "
        "(the old content kept as FILE.bak).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    add = commands.add_parser("set-block", help="put BLOCK_FILE's lines in FILE's game block")
    add.add_argument("file", type=Path)
    add.add_argument("block_file", type=Path)
    remove = commands.add_parser("remove-block", help="take the game's block out of FILE")
    remove.add_argument("file", type=Path)
    replace = commands.add_parser("replace", help="replace the text OLD with NEW in FILE")
    replace.add_argument("file", type=Path)
    replace.add_argument("old")
    replace.add_argument("new")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse_args(sys.argv[1:] if argv is None else argv)
    try:
        text = args.file.read_text(encoding="utf-8")
        if args.command == "set-block":
            changed = with_block(text, args.block_file.read_text(encoding="utf-8"))
        elif args.command == "remove-block":
            changed = without_block(text)
        else:
            changed = text.replace(args.old, args.new)
        replace_durably(args.file, changed)
    except (OSError, UnicodeDecodeError) as error:
        where = getattr(error, "filename", None) or args.file
        print(f"error: {where}: {getattr(error, 'strerror', None) or error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
