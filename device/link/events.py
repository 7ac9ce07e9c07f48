"""What a link session reports to the app: its state, and the peer's moves."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class LinkStateName(StrEnum):
    CONNECTING = "connecting"
    LINKED = "linked"
    LOST = "lost"
    ERROR = "error"


@dataclass(frozen=True)
class LinkState:
    """Where a session stands; ``message`` explains "lost" and "error" (for the player)."""

    name: LinkStateName
    message: str = ""


@dataclass(frozen=True)
class PeerMove:
    """The other device played ``move_text`` (RULES.md notation) as ply ``ply`` (1-based).

    ``move`` is that move as the engine reads it, parsed once by the session on
    the position both devices share.
    """

    ply: int
    move_text: str
    move: int


@dataclass(frozen=True)
class StateChanged:
    state: LinkState


LinkEvent = PeerMove | StateChanged
