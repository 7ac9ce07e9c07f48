"""One game over the link cable, as the app sees it: roles, states, events, sessions.

The cable driver (``drivers.link``) produces these events and states; the app
(``device``) reads them.  Both import them from here, so there is one
definition of each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
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


@dataclass
class LinkGame:
    """Everything a device keeps to resume a linked game after a crash or a reboot."""

    game_id: int
    """Random non-zero 32-bit number the host draws; every frame carries it."""
    seed: int
    local_colour: int
    role: Role
    moves: list[str] = field(default_factory=list)
    """Every ply so far in RULES.md notation, both players'."""

    def copy(self) -> LinkGame:
        """A snapshot that later moves do not change."""
        return replace(self, moves=list(self.moves))


class LinkGameStore(Protocol):
    """Where the cable driver keeps its linked game: the app's journal of that game.

    The driver writes nothing by itself: it hands every change to ``save``
    before it sends or acknowledges it.
    """

    def load(self) -> LinkGame | None:
        """The unfinished linked game to carry on, None to start a new one."""
        ...

    def save(self, game: LinkGame) -> None:
        """Store ``game`` durably before returning; OSError when it cannot."""
        ...


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


LinkCable = Callable[[str, str, LinkGameStore, int], LinkConnector]
"""(port, role, where the game is kept, host's colour) -> a connector for that game."""
