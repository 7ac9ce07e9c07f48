"""What the player is told about the saves."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Notice:
    """A message for the player: its i18n key and the values it names."""

    key: str
    values: dict[str, object] = field(default_factory=dict)
