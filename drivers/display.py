"""SDL display backends: a desktop window, the device's full screen, headless.

Each one hands the app a surface of the profile's logical size and shows it
rotated (in software, because panel rotation through the kernel is unreliable
on Raspberry Pi OS Bookworm) and scaled by a whole number.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Sequence

import pygame

ROTATIONS = (0, 90, 180, 270)

Colour = tuple[int, int, int]


def fit_scale(picture: tuple[int, int], output: tuple[int, int]) -> int:
    """The largest whole number the picture can be multiplied by and still fit the output.

    At least 1: a picture turned on its side on a panel that is not square
    overhangs it, and only its middle shows, rather than stopping the game.
    """
    return max(1, min(output[0] // picture[0], output[1] // picture[1]))


def check_fits(picture: tuple[int, int], output: tuple[int, int]) -> None:
    if picture[0] > output[0] or picture[1] > output[1]:
        raise pygame.error(
            f"the screen is {output[0]}x{output[1]}, smaller than the game's "
            f"{picture[0]}x{picture[1]}"
        )


def _check_rotation(degrees: int) -> int:
    if degrees not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, not {degrees}")
    return degrees


class RotatingDisplay(ABC):
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

    @abstractmethod
    def present(self, dirty: Sequence[pygame.Rect]) -> None:
        """Show the changed rectangles (logical coordinates) on the output."""

    def turned_size(self) -> tuple[int, int]:
        """The logical size as the panel shows it (sideways at 90 and 270 degrees)."""
        width, height = self._surface.get_size()
        if self._rotation in (90, 270):
            width, height = height, width
        return (width, height)

    def output_size(self) -> tuple[int, int]:
        width, height = self.turned_size()
        return (width * self._scale, height * self._scale)

    def fit_to(self, output: tuple[int, int]) -> tuple[int, int]:
        """Scale by the largest whole number that fits ``output``; the centring offset."""
        self._scale = fit_scale(self.turned_size(), output)
        width, height = self.output_size()
        return ((output[0] - width) // 2, (output[1] - height) // 2)

    def set_rotation(self, degrees: int) -> None:
        self._rotation = _check_rotation(degrees)
        self._resize_output()

    def _resize_output(self) -> None:  # noqa: B027 (most backends need nothing here)
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

    def _pieces(self, dirty: Sequence[pygame.Rect]) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Each dirty rectangle turned and scaled, with where it goes on the output.

        A quarter turn and a whole-number scale map a rectangle onto a
        rectangle, so a piece is exactly that part of the whole turned frame.
        """
        pieces = []
        bounds = self._surface.get_rect()
        for logical, output in zip(dirty, self._output_rects(dirty), strict=True):
            piece = self._surface.subsurface(logical.clip(bounds))
            if self._rotation:
                piece = pygame.transform.rotate(piece, -self._rotation)
            if self._scale != 1:
                piece = pygame.transform.scale_by(piece, self._scale)
            pieces.append((piece, output))
        return pieces

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


class WindowDisplay(RotatingDisplay):
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
    """The device's screen through SDL (kmsdrm on the Pi): scaled to fit and centred.

    On a monitor larger than the profile (1024x768, 1920x1080) the picture is
    scaled by the largest whole number that fits, the border in ``background``.
    ``mode`` (0, 0) takes the output's own size.
    """

    def __init__(
        self,
        size: tuple[int, int],
        rotation: int = 0,
        background: Colour = (0, 0, 0),
        mode: tuple[int, int] = (0, 0),
    ) -> None:
        RotatingDisplay.__init__(self, size, 1, rotation)
        self._background = background
        self._window = pygame.display.set_mode(mode, pygame.FULLSCREEN)
        check_fits(self.turned_size(), self._window.get_size())
        pygame.mouse.set_visible(False)
        self._resize_output()

    def _resize_output(self) -> None:
        self._offset = self.fit_to(self._window.get_size())
        self._window.fill(self._background)
        self._window.blit(self._frame(), self._offset)
        pygame.display.flip()

    def present(self, dirty: Sequence[pygame.Rect]) -> None:
        if not dirty:
            return
        rects = []
        for piece, output in self._pieces(dirty):
            placed = output.move(self._offset)
            self._window.blit(piece, placed)
            rects.append(placed.clip(self._window.get_rect()))
        pygame.display.update(rects)


class HeadlessDisplay(RotatingDisplay):
    """No screen at all (SDL's dummy driver): frames stay in memory.

    ``last_frame`` is the output as a player would see it (rotated), for
    screenshots and tests.
    """

    def __init__(self, size: tuple[int, int], rotation: int = 0) -> None:
        super().__init__(size, 1, rotation)

    def present(self, dirty: Sequence[pygame.Rect]) -> None:
        """Nothing to push: ``last_frame`` renders the surface when asked."""

    def last_frame(self) -> pygame.Surface:
        return self._frame()


def use_dummy_drivers() -> None:
    """Select SDL's dummy video and audio drivers (call before pygame.init)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"


def display_available() -> bool:
    """Whether a desktop display can be opened (X11 or Wayland session)."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return False
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
