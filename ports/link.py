"""One game over the link cable, as the app sees it: roles, states, events, sessions.

The cable driver (``drivers.link``) produces these events and states; the app
(``device``) reads them.  Both import them from here, so there is one
definition of each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Protocol, runtime_checkable


class Role(StrEnum):
    """Which end of the cable a device is: the host draws the game, the guest joins it."""

    HOST = "host"
    GUEST = "guest"


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
    """The other device played ``move_text`` (RULES.md notation) as ply ``ply`` (1-based)."""

    ply: int
    move_text: str


@dataclass(frozen=True)
class StateChanged:
    state: LinkState


LinkEvent = PeerMove | StateChanged


class LinkSession(Protocol):
    """One game over the link cable, as the app sees it.

    The driver handles framing, retries, acknowledgements and reconnection;
    the app only sends its own moves and polls for the peer's.  ``seed``
    and ``local_colour`` (0 Red, 1 Blue) are agreed when the session is
    created; moves are numbered by ply from 1 so a repeated delivery is
    harmless.
    """

    @property
    def state(self) -> LinkState: ...

    @property
    def local_colour(self) -> int: ...

    @property
    def seed(self) -> int: ...

    def send_move(self, ply: int, move_text: str) -> None: ...

    def poll(self) -> Sequence[LinkEvent]:
        """Events since the last poll, oldest first; never blocks."""
        ...

    def close(self) -> None: ...


class LinkMoves(Protocol):
    @property
    def moves(self) -> Sequence[str]:
        """Every ply the session holds, both players', in RULES.md notation."""
        ...


@runtime_checkable
class RecordedLinkSession(Protocol):
    """A session that keeps its own durable copy of the game (the cable driver does).

    The app's autosave can be a move behind it (a crash between the two
    saves), or the session can have resumed a game the app never saw: on
    opening, the app takes the moves from here.
    """

    @property
    def game(self) -> LinkMoves | None: ...


class LinkConnector(Protocol):
    """Starts a link-cable session; ``open`` may block for many seconds.

    It resumes the unfinished game the connector saved, if any, otherwise
    starts a new one, and returns once both devices agree on the game.
    Failures raise an exception whose message is for the player.
    """

    def open(self) -> LinkSession: ...

    def cancel(self) -> None:
        """Make a waiting ``open`` give up soon and free the port (called from another thread)."""


LinkCable = Callable[[str, str, Path, int], LinkConnector]
"""(port, role, save file, host's colour) -> a connector for that game."""
