"""What the app needs from the outside world, as small interfaces.

Drivers (and the desktop simulator) implement these; the app never imports
them.  Input is deliberately *not* an interface of its own: every input
driver (keyboard, GPIO keys through the kernel's ``gpio-key`` overlay, the
serial button controller) posts ordinary SDL ``KEYDOWN``/``KEYUP`` events
into pygame's event queue, and the app reads that queue.  The wiring passes
the app a ``KeyMap`` that names the physical button behind each SDL key for
the device profile in use (see ``drivers.keyboard``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Literal, Protocol, runtime_checkable

import pygame

KeyMap = Mapping[int, str]
"""SDL key code (``pygame.K_*``) -> physical button name of the profile."""


class Display(Protocol):
    """Where frames go: a surface of the profile's logical size.

    The app draws on ``surface`` and then calls ``present`` with the
    rectangles it changed (logical coordinates).  The display may scale,
    rotate and push the pixels wherever it likes (a window, a full-screen
    KMS/DRM output, PNG files).
    """

    @property
    def surface(self) -> pygame.Surface: ...

    def set_rotation(self, degrees: int) -> None:
        """Turn the picture on the physical panel by 0, 90, 180 or 270 degrees.

        With 90 or 270 the panel shows the logical surface on its side; the
        logical size never changes.
        """
        ...

    def present(self, dirty: Sequence[pygame.Rect]) -> None: ...


LinkStateName = Literal["connecting", "linked", "lost", "error"]


class LinkStatus(Protocol):
    """Where a link-cable session stands, as any driver reports it."""

    @property
    def name(self) -> str:
        """"connecting", "linked", "lost" or "error"."""
        ...

    @property
    def message(self) -> str:
        """Why the link is lost or the game stopped (the driver's words)."""
        ...


@runtime_checkable
class PeerMoveEvent(Protocol):
    """The other device played ``move_text`` (RULES.md notation) as ply ``ply`` (1-based)."""

    @property
    def ply(self) -> int: ...

    @property
    def move_text(self) -> str: ...


@runtime_checkable
class StateEvent(Protocol):
    @property
    def state(self) -> LinkStatus: ...


LinkEvent = PeerMoveEvent | StateEvent


class LinkSession(Protocol):
    """One game over the link cable, as the app sees it.

    The driver handles framing, retries, acknowledgements and reconnection;
    the app only sends its own moves and polls for the peer's.  ``seed``
    and ``local_colour`` (0 Red, 1 Blue) are agreed when the session is
    created; moves are numbered by ply from 1 so a repeated delivery is
    harmless.  Every type here is a Protocol, so a driver's own classes fit
    without an adapter.
    """

    @property
    def state(self) -> LinkStatus: ...

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
"""(port, role "host"|"guest", save file, host's colour) -> a connector for that game."""


class PowerSwitch(Protocol):
    """Turns the whole device off (the system shuts down)."""

    def power_off(self) -> None:
        """Ask for the shutdown; an OSError's message says why it was refused."""
        ...


class Backlight(Protocol):
    """The panel's light."""

    def set_level(self, percent: int) -> None:
        """0 is off, 100 the brightest."""
        ...


class Supply(Protocol):
    """The power supply as the board sees it."""

    def undervoltage(self) -> bool:
        """True while the voltage is too low (the board may slow down or crash)."""
        ...
