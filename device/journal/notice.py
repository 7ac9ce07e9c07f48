"""What the player is told about the saves: what happened and what to do, in the
player's words; the system's own words (an errno, a path, an exception) go to
the log, for whoever looks after the device."""

from __future__ import annotations

import errno
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

log = logging.getLogger(__name__)


class Reason(StrEnum):
    """Why a file could not be read or written, in a few words (its i18n key)."""

    FULL = "why.full"
    READ_ONLY = "why.read_only"
    REFUSED = "why.refused"
    MISSING = "why.missing"
    CARD = "why.card"
    DAMAGED = "why.damaged"
    SYSTEM = "why.system"


FOR_ERRNO = {
    errno.ENOSPC: Reason.FULL,
    errno.EDQUOT: Reason.FULL,
    errno.EROFS: Reason.READ_ONLY,
    errno.EACCES: Reason.REFUSED,
    errno.EPERM: Reason.REFUSED,
    errno.ENOENT: Reason.MISSING,
    errno.ENOTDIR: Reason.MISSING,
    errno.EIO: Reason.CARD,
}


def reason_of(error: BaseException) -> Reason:
    """The player's words for ``error``: an OSError by its errno, anything else (a
    file that does not parse) as damaged."""
    if isinstance(error, OSError):
        return FOR_ERRNO.get(error.errno or 0, Reason.SYSTEM)
    return Reason.DAMAGED


def loggable(what: object) -> str:
    """``what`` as text any log takes: a name the card holds may not be valid UTF-8
    (Python keeps its bytes as surrogates), so those are written as escapes."""
    return str(what).encode("utf-8", "backslashreplace").decode("utf-8")


Translate = Callable[..., str]
"""``Ui.t``: an i18n key and its values to the player's words."""


@dataclass(frozen=True)
class Notice:
    """A message for the player: its i18n key, the values it names, why (if it says:
    ``{reason}``) and the things it lists (i18n keys, as ``{names}``)."""

    key: str
    values: dict[str, object] = field(default_factory=dict)
    reason: Reason | None = None
    names: tuple[str, ...] = ()

    def words(self, t: Translate) -> str:
        values = dict(self.values)
        if self.reason is not None:
            values["reason"] = t(self.reason)
        if self.names:
            values["names"] = ", ".join(t(name) for name in self.names)
        return t(self.key, **values)


def failure(key: str, error: BaseException, **values: object) -> Notice:
    """The notice ``key`` for ``error``, which goes to the log whole."""
    log.warning("%s: %s", key, loggable(error))
    return Notice(key, values, reason_of(error))


FILE_CHARS = 40
"""A file's name in a message is cut in the middle beyond this (ours are shorter)."""


def file_name(name: object) -> str:
    """``name`` as a message shows it: whole, or its start and end around an ellipsis."""
    text = str(name)
    if len(text) <= FILE_CHARS:
        return text
    half = (FILE_CHARS - 1) // 2
    return f"{text[:half]}\u2026{text[-half:]}"


def not_a_save(error: OSError) -> Notice:
    """Something that is no saved game where one should be: the player is told its
    name (``filename``), the log what it is."""
    log.warning("not a saved game: %s", loggable(error))
    return Notice("msg.not_a_save", {"file": file_name(error.filename)})


def write_failed(error: OSError) -> Notice:
    """What the player is told when the save folder could not be written: a full
    card in words that say what to do, anything else by its reason."""
    if error.errno == errno.ENOSPC:
        log.warning("the card is full: %s", loggable(error))
        return Notice("msg.card_full")
    return failure("msg.save_failed", error)
