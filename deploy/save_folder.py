"""Whether a save folder keeps what is written in it: a write that reaches the disk,
on a file system that outlives a power-off.

Shared by the game, which checks its save folder at start, and the doctor; kept
apart from the doctor's checks so that the game's start loads only this.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

VOLATILE_FILESYSTEMS = frozenset({"overlay", "tmpfs", "ramfs"})
"""File systems held in memory: what is written there is gone at power-off."""


def write_and_sync(folder: Path) -> None:
    with tempfile.NamedTemporaryFile(dir=folder, prefix=".doctor-") as probe:
        probe.write(b"satellites")
        probe.flush()
        os.fsync(probe.fileno())


def filesystem_type(path: Path, mounts: Path) -> str:
    """The type of the file system that holds path: the longest matching mount point."""
    try:
        lines = mounts.read_text(encoding="utf-8").splitlines()
    except OSError:
        return ""
    resolved = path.resolve()
    best, best_type = -1, ""
    for line in lines:
        parts = line.split()
        if len(parts) < 3:
            continue
        point = Path(parts[1].replace("\\040", " "))
        if (resolved == point or point in resolved.parents) and len(point.parts) > best:
            best, best_type = len(point.parts), parts[2]
    return best_type
