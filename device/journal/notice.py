"""What the player is told about the saves."""

from __future__ import annotations

import errno
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Notice:
    """A message for the player: its i18n key and the values it names."""

    key: str
    values: dict[str, object] = field(default_factory=dict)


def write_failed(error: OSError) -> Notice:
    """What the player is told when the save folder could not be written: a full
    card in words that say what to do, anything else as the system names it."""
    if error.errno == errno.ENOSPC:
        return Notice("msg.card_full")
    return Notice("msg.save_failed", {"problem": error.strerror or str(error)})
