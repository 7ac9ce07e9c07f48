"""Every file operation of the save folder, in one place.

The journals of games (``device.journal``) and the settings read and write
files only through a ``Disk``.  The real one below talks to the operating
system; a test can subclass it to fail (``OSError`` with ``EROFS`` or
``ENOSPC``) or to stop the process at any chosen call, and so reach every
point where a crash or a full card could strike.

The methods, each one call (the names are stable):

``read(path)``
    The whole file's bytes; ``FileNotFoundError`` when there is none,
    ``NotASaveFile`` when the name holds no regular file (a FIFO, a device,
    a folder) or one larger than ``MAX_FILE_BYTES``: it is never waited on
    and never read whole, whatever someone put in the folder.
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
import errno
import os
import stat
from pathlib import Path

MAX_FILE_BYTES = 1 << 20
"""The largest file the game reads: a journal of the longest game is a few
tens of kilobytes, settings and records less; anything larger is not ours."""


class NotASaveFile(OSError):
    """A name in the save folder that holds no file the game could have written;
    ``strerror`` says what it holds instead (for the player)."""

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def _kind(mode: int) -> str:
    kinds = {
        stat.S_ISDIR: "a folder",
        stat.S_ISFIFO: "a pipe",
        stat.S_ISCHR: "a device",
        stat.S_ISBLK: "a device",
        stat.S_ISSOCK: "a socket",
    }
    return next((name for test, name in kinds.items() if test(mode)), "not a file")


class Disk:
    """The real file system (see the module's docstring for each method)."""

    def read(self, path: Path) -> bytes:
        # O_NONBLOCK: opening a FIFO does not wait for a writer (then it is refused)
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        try:
            mode = os.fstat(descriptor).st_mode
            if not stat.S_ISREG(mode):
                raise NotASaveFile(errno.EINVAL, f"{_kind(mode)}, not a file", path.name)
            with open(descriptor, "rb", closefd=False) as handle:
                data = handle.read(MAX_FILE_BYTES + 1)
        finally:
            os.close(descriptor)
        if len(data) > MAX_FILE_BYTES:
            too_large = f"larger than {MAX_FILE_BYTES // 1024} KB, not a saved game"
            raise NotASaveFile(errno.EFBIG, too_large, path.name)
        return data

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
