"""One game over the link cable, as the app's screens and match see it.

``session.LinkSession`` (the protocol) and ``connector.CableConnector`` fit
these; the tests' fakes do too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from device.link.events import LinkEvent, LinkState
from device.link.game import LinkGameStore, Role
from engine.rules import STANDARD, Rules


class LinkSession(Protocol):
    """One game over the link cable, as the app sees it.

    The session handles framing, retries, acknowledgements and reconnection;
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

    @property
    def rules(self) -> Rules:
        """The rules both devices play the game under."""
        ...

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
    """A session that keeps its own durable copy of the game (the protocol's session does).

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
    Failures raise ``device.link.events.LinkSetupError``, which names the problem.
    """

    def open(self) -> LinkSession: ...

    def cancel(self) -> None:
        """Make a waiting ``open`` give up soon and free the port (called from another thread)."""


class LinkCable(Protocol):
    """A connector for a game on the cable at ``port``, this device being ``role``, kept
    in ``store``; a new game is played under ``rules``, the host playing ``colour``."""

    def __call__(
        self, port: str, role: Role, store: LinkGameStore, colour: int, rules: Rules = STANDARD
    ) -> LinkConnector: ...
