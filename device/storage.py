"""Crash-safe small files with a checksum and the previous good copy kept.

A write goes to a temporary file in the same folder, is flushed to the card
(fsync), replaces the old file in one atomic rename, and the folder itself is
then fsynced so the rename survives a power cut.  Before that, the current
file (when it reads back correctly) becomes ``<name>.prev``.  Reading checks
the checksum and falls back to ``.prev``; callers learn which copy they got.
"""

from __future__ import annotations

import contextlib
import os
import zlib
from dataclasses import dataclass
from pathlib import Path

MAGIC = "satellites-file 1"


class UnreadableFile(Exception):
    """Neither the file nor its previous copy could be read back intact."""


@dataclass(frozen=True)
class Loaded:
    text: str
    from_previous: bool
    """True when the current copy was damaged and the previous one was used."""
    problem: str = ""
    """What was wrong with the current copy, when ``from_previous``."""


def previous_of(path: Path) -> Path:
    return path.with_name(path.name + ".prev")


def _encode(text: str) -> bytes:
    body = text.encode("utf-8")
    return f"{MAGIC} {zlib.crc32(body):08x} {len(body)}\n".encode("ascii") + body


def _decode(data: bytes) -> str:
    header, newline, body = data.partition(b"\n")
    fields = header.decode("ascii", "replace").split(" ")
    if not newline or len(fields) != 4 or " ".join(fields[:2]) != MAGIC:
        raise UnreadableFile("not a Satellites file")
    crc, length = fields[2], fields[3]
    if not length.isdigit() or int(length) != len(body):
        raise UnreadableFile("the file is cut short")
    if f"{zlib.crc32(body):08x}" != crc:
        raise UnreadableFile("the checksum does not match")
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        raise UnreadableFile("the file does not hold text") from None


def _read_one(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise UnreadableFile(error.strerror or str(error)) from error
    return _decode(data)


def fsync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_durably(path: Path, data: bytes) -> None:
    """Temporary file, fsync, atomic replace, fsync of the folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    with open(temporary, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    fsync_folder(path.parent)


def save_text(path: Path, text: str) -> None:
    """Store ``text`` crash-safely, keeping the current good copy as ``.prev``."""
    if path.exists():
        try:
            _read_one(path)
        except UnreadableFile:
            pass  # never let a damaged copy replace the good previous one
        else:
            os.replace(path, previous_of(path))
    write_durably(path, _encode(text))


def load_text(path: Path) -> Loaded | None:
    """The stored text, falling back to the previous copy; None if there is none.

    Raises UnreadableFile when copies exist but none is intact.
    """
    previous = previous_of(path)
    if not path.exists() and not previous.exists():
        return None
    try:
        return Loaded(_read_one(path), from_previous=False)
    except UnreadableFile as error:
        if not previous.exists():
            raise
        problem = str(error)
    try:
        return Loaded(_read_one(previous), from_previous=True, problem=problem)
    except UnreadableFile as error:
        raise UnreadableFile(f"{problem}; the previous copy: {error}") from error


def remove(path: Path) -> None:
    for candidate in (path, previous_of(path)):
        with contextlib.suppress(FileNotFoundError):
            candidate.unlink()
    if path.parent.exists():
        fsync_folder(path.parent)
