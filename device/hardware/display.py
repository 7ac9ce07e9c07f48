"""Where frames go."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame


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
