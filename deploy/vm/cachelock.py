"""One build at a time of each cached folder.

Two runs on one machine (two checkouts, or a test and a build) share the cache:
the second to want a folder that is being made waits for the first, then finds
it made, instead of making it again on top of it.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def building(folder: Path) -> Iterator[None]:
    """Hold ``FOLDER.lock`` beside the folder while the block runs (waiting for it)."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    with folder.with_name(f"{folder.name}.lock").open("w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(f"waiting for another run building {folder} ...", flush=True)
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield
