"""Where frames go, and how keys name physical buttons.

Input is deliberately *not* an interface of its own: every input driver
(keyboard, GPIO keys through the kernel's ``gpio-key`` overlay, the serial
button controller) posts ordinary SDL ``KEYDOWN``/``KEYUP`` events into
pygame's event queue, and the app reads that queue.  The wiring passes the app
a ``KeyMap`` that names the physical button behind each SDL key for the device
profile in use (see ``drivers.keyboard``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

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
