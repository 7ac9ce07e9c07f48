"""``python -m deploy.purge``: remove the save folder on ``uninstall.sh --purge``, safely.

Only a folder the installer made (it leaves a marker file in it) is removed,
and only when the config's save_dir passes the config's own checks (never /,
/var, /home or a system folder; absolute, plain), is not a mount point and
holds no mount point: a data partition's files are for the owner to remove.
Anything else is kept, with one line saying why.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from deploy.config import ConfigError, load_config

MARKER = ".satellites-save-folder"
"""Written (``--mark``) by install.sh into a save folder it created."""


def mark(folder: Path) -> None:
    (folder / MARKER).write_text("Save folder of the Satellites game, made by install.sh.\n")


def purge_save_folder(config_path: Path, root: Path) -> str:
    """Remove the save folder if that is safe; say what was done either way."""
    try:
        folder = load_config(config_path).save_dir
    except ConfigError as error:
        return f"kept the save folder: the config cannot be trusted ({error})"
    target = root / folder.relative_to("/")
    if not target.is_dir():
        return f"no save folder at {folder}"
    if not (target / MARKER).is_file():
        return f"kept {folder}: install.sh did not make it; remove the saves in it by hand"
    if target.is_mount() or any(path.is_mount() for path in _folders_in(target)):
        return f"kept {folder}: a file system is mounted there; remove the saves in it by hand"
    shutil.rmtree(target)
    return f"removed {folder}"


def _folders_in(folder: Path) -> list[Path]:
    return [Path(top) / name for top, names, _ in os.walk(folder) for name in names]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m deploy.purge", description=__doc__)
    parser.add_argument("config", type=Path, nargs="?", help="the appliance's config file")
    parser.add_argument("--root", type=Path, default=Path("/"), help="the system's root")
    parser.add_argument("--mark", type=Path, metavar="FOLDER", help="mark a folder as made here")
    args = parser.parse_args(argv)
    if args.mark is not None:
        mark(args.mark)
        return 0
    if args.config is None:
        parser.error("give the config file")
    print(purge_save_folder(args.config, args.root))
    return 0


if __name__ == "__main__":
    sys.exit(main())
