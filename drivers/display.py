"""SDL display backends: a desktop window, the device's full screen, headless.

Each one hands the app a surface of the profile's logical size and shows it
rotated (in software, because panel rotation through the kernel is unreliable
on Raspberry Pi OS Bookworm) and scaled by a whole number.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import pygame

ROTATIONS = (0, 90, 180, 270)


def _check_rotation(degrees: int) -> int:
    if degrees not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, not {degrees}")
    return degrees


class _RotatingDisplay:
    """The shared part: a logical surface turned and scaled onto an output."""

    def __init__(self, size: tuple[int, int], scale: int, rotation: int) -> None:
        if scale < 1:
            raise ValueError("scale must be a whole number of at least 1")
        self._surface = pygame.Surface(size)
        self._scale = scale
        self._rotation = _check_rotation(rotation)

    @property
    def surface(self) -> pygame.Surface:
        return self._surface

    @property
    def rotation(self) -> int:
        return self._rotation

    def output_size(self) -> tuple[int, int]:
        width, height = self._surface.get_size()
        if self._rotation in (90, 270):
            width, height = height, width
        return (width * self._scale, height * self._scale)

    def set_rotation(self, degrees: int) -> None:
        self._rotation = _check_rotation(degrees)
        self._resize_output()

    def _resize_output(self) -> None:
        """Backends whose output size follows the rotation override this."""

    def _frame(self) -> pygame.Surface:
        """The logical surface as it must appear on the output."""
        frame = self._surface
        if self._rotation:
            # pygame rotates anticlockwise; a clockwise panel turn is wanted.
            frame = pygame.transform.rotate(frame, -self._rotation)
        if self._scale != 1:
            frame = pygame.transform.scale_by(frame, self._scale)
        return frame

    def _output_rects(self, dirty: Sequence[pygame.Rect]) -> list[pygame.Rect]:
        """Dirty rectangles in output coordinates."""
        width, height = self._surface.get_size()
        out = []
        for rect in dirty:
            x, y, w, h = rect.x, rect.y, rect.w, rect.h
            if self._rotation == 90:
                x, y, w, h = height - y - h, x, h, w
            elif self._rotation == 180:
                x, y = width - x - w, height - y - h
            elif self._rotation == 270:
                x, y, w, h = y, width - x - w, h, w
            s = self._scale
            out.append(pygame.Rect(x * s, y * s, w * s, h * s))
        return out


class WindowDisplay(_RotatingDisplay):
    """A desktop window showing the logical screen at an integer scale."""

    def __init__(
        self, size: tuple[int, int], scale: int = 2, rotation: int = 0, title: str = "Satellites"
    ) -> None:
        super().__init__(size, scale, rotation)
        pygame.display.set_caption(title)
        self._window = pygame.display.set_mode(self.output_size())

    def _resize_output(self) -> None:
        self._window = pygame.display.set_mode(self.output_size())

    def present(self, dirty: Sequence[pygame.Rect]) -> None:
        if not dirty:
            return
        if self._rotation == 0 and self._scale == 1:
            self._window.blit(self._surface, (0, 0))
        else:
            self._window.blit(self._frame(), (0, 0))
        pygame.display.update(self._output_rects(dirty))


class FullScreenDisplay(WindowDisplay):
    """The device's panel: one full-screen output (kmsdrm on the Pi), centred."""

    def __init__(self, size: tuple[int, int], rotation: int = 0) -> None:
        _RotatingDisplay.__init__(self, size, 1, rotation)
        self._window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        pygame.mouse.set_visible(False)

    def _resize_output(self) -> None:
        self._window.fill((0, 0, 0))
        pygame.display.flip()

    def present(self, dirty: Sequence[pygame.Rect]) -> None:
        if not dirty:
            return
        frame = self._frame()
        offset = (
            (self._window.get_width() - frame.get_width()) // 2,
            (self._window.get_height() - frame.get_height()) // 2,
        )
        self._window.blit(frame, offset)
        pygame.display.update([r.move(offset) for r in self._output_rects(dirty)])


class HeadlessDisplay(_RotatingDisplay):
    """No screen at all (SDL's dummy driver): frames stay in memory.

    ``frames`` counts presented frames; ``last_frame`` is the output as a
    player would see it (rotated), for screenshots and tests.
    """

    def __init__(self, size: tuple[int, int], rotation: int = 0) -> None:
        super().__init__(size, 1, rotation)
        self.frames = 0

    def present(self, dirty: Sequence[pygame.Rect]) -> None:
        if dirty:
            self.frames += 1

    def last_frame(self) -> pygame.Surface:
        return self._frame()


def use_dummy_drivers() -> None:
    """Select SDL's dummy video and audio drivers (call before pygame.init)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def display_available() -> bool:
    """Whether a desktop display can be opened (X11 or Wayland session)."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return False
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
