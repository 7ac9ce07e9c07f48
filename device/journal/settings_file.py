"""The player's settings on disk, kept across restarts.

The file is one journal-style line (a checksum, then JSON), replaced whole
and durably on each change.  Reading never fails: a missing, damaged or
unreadable file gives the defaults, and a value that is unknown, of the
wrong kind or out of range gives that setting's default (the settings and
the values each may take are ``device.play.settings``'s).  Settings written
by the first format (a checked container) are read too.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from device.journal.disk import Disk
from device.journal.lines import decode_line, encode_line
from device.journal.old_saves import OldFormatError, decode_container
from device.play.settings import CHOICES, PROGRESS, Settings

SETTINGS_FILE = "settings.json"
PREVIOUS_COPY = SETTINGS_FILE + ".prev"
"""The first format's copy before the last change."""


@dataclass(frozen=True)
class StoredSettings:
    """The settings as read at start, and what the player must be told about them."""

    settings: Settings
    problem: str = ""
    """What could not be used ("" when everything could), for the log."""
    stale: bool = False
    """The file should be written again: in the first format, or holding refused values."""
    refused: tuple[str, ...] = ()
    """The settings whose stored values were refused (named to the player once)."""


def settings_from(stored: object) -> tuple[Settings, list[str]]:
    """The settings a decoded document holds, and the names of those whose stored
    value is unknown, of the wrong kind or out of range (they keep their default)."""
    settings = Settings()
    if not isinstance(stored, dict):
        return settings, ["all"]
    refused = []
    for field in fields(Settings):
        if field.name not in stored:
            continue  # a setting newer than the file: its default, nothing to tell
        value = stored[field.name]
        allowed = CHOICES.get(field.name) or PROGRESS[field.name]
        if value in allowed and _same_kind(value, getattr(settings, field.name)):
            setattr(settings, field.name, allowed[allowed.index(value)])
        else:
            refused.append(field.name)
    return settings, refused


def _same_kind(value: object, default: object) -> bool:
    """Whether a stored value is of its setting's kind: true is not 1, and a
    setting that is a StrEnum is stored as its string."""
    return type(value) is (str if isinstance(default, str) else type(default))


def check_settings_file(data: bytes) -> object:
    """The document a settings file holds, in either format; ValueError if none."""
    return _decoded(data)[0]


def _decoded(data: bytes) -> tuple[object, bool]:
    """The document, and whether it is in the first format."""
    event = decode_line(data.rstrip(b"\n")) if data.endswith(b"\n") else None
    if event is not None:
        return event, False
    try:
        return json.loads(decode_container(data)), True
    except (OldFormatError, ValueError, RecursionError) as error:
        raise ValueError(f"the settings cannot be read ({error})") from None


def read_settings(folder: Path, disk: Disk | None = None) -> StoredSettings:
    """The stored settings; defaults for anything missing or damaged, named in ``problem``."""
    disk = disk or Disk()
    problem = ""
    for name in (SETTINGS_FILE, PREVIOUS_COPY):
        try:
            document, first_format = _decoded(disk.read(folder / name))
        except (FileNotFoundError, NotADirectoryError):
            continue  # nothing stored (a save folder that is no folder is told apart)
        except (OSError, ValueError) as error:
            problem = problem or f"{name}: {error}"
            continue
        settings, refused = settings_from(document)
        if refused:
            problem = f"{', '.join(refused)}"
        known = tuple(name for name in refused if name in CHOICES or name in PROGRESS)
        return StoredSettings(settings, problem, bool(problem) or first_format, known)
    return StoredSettings(Settings(), problem, bool(problem))


def load_settings(folder: Path, disk: Disk | None = None) -> Settings:
    """The stored settings; defaults for anything missing or damaged."""
    return read_settings(folder, disk).settings


def store_settings(folder: Path, settings: Settings, disk: Disk | None = None) -> None:
    """Replace the stored settings durably; OSError if they cannot be."""
    disk = disk or Disk()
    disk.write_durably(folder / SETTINGS_FILE, encode_line(asdict(settings)))
    if PREVIOUS_COPY in disk.listdir(folder):
        disk.unlink(folder / PREVIOUS_COPY)
