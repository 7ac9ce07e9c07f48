"""Scratch folders in memory, for tests whose files need no fsync to reach a disk."""

from pathlib import Path


def ram_folder() -> str | None:
    """Where to make a temporary folder in memory (tmpfs), or None (the usual place)
    where the machine has none: the files' fsyncs then cost nothing."""
    return "/dev/shm" if Path("/dev/shm").is_dir() else None
