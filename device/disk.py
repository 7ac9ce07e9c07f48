"""Every file operation of the save folder, in one place.

The journals of games (``device.journal``) and the settings read and write
files only through a ``Disk``.  The real one below talks to the operating
system; a test can subclass it to fail (``OSError`` with ``EROFS`` or
``ENOSPC``) or to stop the process at any chosen call, and so reach every
point where a crash or a full card could strike.

The methods, each one call (the names are stable):

``read(path)``
    The whole file's bytes; ``FileNotFoundError`` when there is none.
``append(path, data)``
    Add ``data`` at the end (creating the file), flushed and fsynced.
``write_durably(path, data)``
    Replace the file's content whole: a temporary file in the same folder,
    fsynced, renamed over the old one, then the folder fsynced.  A crash
    leaves the old content or the new one, never a mix.
``rename(source, target)``
    Move a file (atomically, within one file system), then fsync the
    target's folder so the move survives a power cut.
``fsync_folder(folder)``
    Make the folder's entries (new, renamed, removed files) durable.
``listdir(folder)``
    The names in the folder, sorted; empty when the folder does not exist.
``mkdir(folder)``
    Create the folder and its parents if missing.
``unlink(path)``
    Remove a file if it exists, then fsync its folder.
``writable(folder)``
    Whether files can be created in the folder (False on a read-only one).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


class Disk:
    """The real file system (see the module's docstring for each method)."""

    def read(self, path: Path) -> bytes:
        return path.read_bytes()

    def append(self, path: Path, data: bytes) -> None:
        with open(path, "ab") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())

    def write_durably(self, path: Path, data: bytes) -> None:
        temporary = path.with_name(f".{path.name}.tmp")
        with open(temporary, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
        self.fsync_folder(path.parent)

    def rename(self, source: Path, target: Path) -> None:
        os.replace(source, target)
        self.fsync_folder(target.parent)

    def fsync_folder(self, folder: Path) -> None:
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)

    def listdir(self, folder: Path) -> list[str]:
        try:
            return sorted(os.listdir(folder))
        except (FileNotFoundError, NotADirectoryError):
            return []

    def mkdir(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)

    def unlink(self, path: Path) -> None:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        self.fsync_folder(path.parent)

    def writable(self, folder: Path) -> bool:
        return os.access(folder, os.W_OK | os.X_OK)
