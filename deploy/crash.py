"""The last crash: kept in the save folder, shown by the doctor and once on screen.

The system log has it too, but a handheld owner sees the screen, not the
log, and the log of an overlay system is gone after a reboot.
"""

from __future__ import annotations

import contextlib
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

CRASH_FILE = "last-crash.txt"
SHOWN_FILE = "last-crash.shown"
"""Holds the headline of the crash already shown on screen."""


@dataclass(frozen=True)
class Crash:
    headline: str
    """When and what, on one line: "2026-12-01 09:40:12 ValueError: ..."."""
    path: Path

    @property
    def problem(self) -> str:
        """The headline without its time stamp, for the player."""
        return self.headline.split(" ", 2)[-1]


def record_crash(folder: Path, error: BaseException) -> None:
    """Keep the message and traceback of ``error``; a folder that cannot be written is skipped."""
    message = " ".join(f"{type(error).__name__}: {error}".split())
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    details = "".join(traceback.format_exception(error))
    with contextlib.suppress(OSError):  # a folder that cannot be written is skipped
        (folder / CRASH_FILE).write_text(f"{stamp} {message}\n\n{details}", encoding="utf-8")


def last_crash(folder: Path) -> Crash | None:
    path = folder / CRASH_FILE
    try:
        headline = path.read_text(encoding="utf-8", errors="replace").split("\n", 1)[0]
    except OSError:
        return None
    return Crash(headline, path) if headline.strip() else None


def crash_to_show(folder: Path) -> Crash | None:
    """The last crash if it was not shown on screen yet; it counts as shown from now on."""
    crash = last_crash(folder)
    if crash is None:
        return None
    shown = folder / SHOWN_FILE
    try:
        if shown.read_text(encoding="utf-8") == crash.headline:
            return None
    except OSError:
        pass
    try:
        shown.write_text(crash.headline, encoding="utf-8")
    except OSError:
        return None  # shown on every start would be worse than never
    return crash
