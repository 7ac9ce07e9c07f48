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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

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


@dataclass(frozen=True)
class LinkState:
    """Where a link-cable session stands; ``message`` explains lost/error."""

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

    def poll(self) -> list[LinkEvent]:
        """Events since the last poll, oldest first; never blocks.

        The app reads events by their fields (``ply``/``move_text``, or
        ``state``), so a driver may return its own classes shaped like these.
        """
        ...

    def close(self) -> None: ...


class LinkConnector(Protocol):
    """Starts a link-cable session (the New game screen's "Link cable" choice)."""

    def open(self) -> LinkSession: ...
