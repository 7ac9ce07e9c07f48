"""A display that needs only the kernel: frames written straight into /dev/fbN.

The app draws off-screen (SDL's dummy video driver: no EGL, no GBM, no Mesa)
and this backend copies the tiles that changed into the framebuffer device
through ``mmap``.  The DRM panel drivers (``mipi-dbi-spi`` for the SPI HATs,
and HDMI through the DRM fbdev emulation) all expose such a device.  What it
is and how it is lit come from the kernel (``drivers.fbdev``), or, for a
regular file standing in for the device, from the caller.
"""

from __future__ import annotations

import mmap
import os
from collections.abc import Sequence
from pathlib import Path

import pygame

from drivers.display import Colour, RotatingDisplay, check_fits
from drivers.fbdev import FramebufferError as FramebufferError
from drivers.fbdev import FramebufferGeometry as FramebufferGeometry
from drivers.fbdev import Ioctl, kernel_ioctl, light
from drivers.fbdev import PixelFormat as PixelFormat


class FramebufferDisplay(RotatingDisplay):
    """The profile's picture, turned and scaled, written tile by tile into a framebuffer.

    On a larger output (HDMI) the picture is scaled by the largest whole number
    that fits and centred, the border in ``background``.  ``bytes_written``
    counts the pixel bytes copied into the framebuffer, for measurements.
    """

    def __init__(
        self,
        size: tuple[int, int],
        device: Path,
        rotation: int = 0,
        geometry: FramebufferGeometry | None = None,
        background: Colour = (0, 0, 0),
        ioctl: Ioctl = kernel_ioctl,
    ) -> None:
        """``geometry`` stands in for the kernel's answers (a regular file); without it
        the device is asked, and lit (``drivers.fbdev.light``)."""
        super().__init__(size, 1, rotation)
        self._background = background
        self._surface.fill(background)  # until the first frame: no black flash
        self.bytes_written = 0
        self.light_problem: str | None = None
        """Why the kernel would not light the framebuffer, if it refused."""
        try:
            fd = os.open(device, os.O_RDWR)
        except OSError as error:
            raise FramebufferError(f"cannot open {device}: {error.strerror}") from error
        try:
            if geometry is None:
                try:
                    geometry = FramebufferGeometry.from_device(fd, ioctl)
                except OSError as error:
                    raise FramebufferError(
                        f"{device} is not a framebuffer ({error.strerror})"
                    ) from error
                self.light_problem = light(fd, ioctl)
            geometry.check()
            if os.fstat(fd).st_size and os.fstat(fd).st_size < geometry.length:
                raise FramebufferError(
                    f"{device} holds {os.fstat(fd).st_size} bytes, "
                    f"less than the {geometry.length} of a {geometry.width}x{geometry.height} "
                    "picture"
                )
            self._memory = mmap.mmap(fd, geometry.length)
        finally:
            os.close(fd)
        self.geometry = geometry
        try:
            check_fits(self.turned_size(), geometry.size)
        except pygame.error as error:
            raise FramebufferError(str(error)) from error
        self._resize_output()

    def _resize_output(self) -> None:
        """Fit the (turned) picture to the framebuffer again and write all of it."""
        self._offset = self.fit_to(self.geometry.size)
        self._write(pygame.Rect((0, 0), self.geometry.size), None)
        self.present([self._surface.get_rect()])

    def present(self, dirty: Sequence[pygame.Rect]) -> None:
        for piece, output in self._pieces(dirty):
            self._write(output.move(self._offset), piece)

    def _write(self, placed: pygame.Rect, picture: pygame.Surface | None) -> None:
        """Copy ``picture`` (None: the background colour) into ``placed`` on the framebuffer.

        Whatever lies outside the framebuffer is left out.
        """
        geometry = self.geometry
        area = placed.clip(pygame.Rect((0, 0), geometry.size))
        tile = pygame.Surface(area.size, 0, geometry.bits_per_pixel, geometry.masks())
        if picture is None:
            tile.fill(self._background)
        else:
            tile.blit(picture, (placed.x - area.x, placed.y - area.y))
        pixels = tile.get_buffer().raw
        pitch = tile.get_pitch()
        row = area.width * geometry.bytes_per_pixel
        start = area.y * geometry.line_length + area.x * geometry.bytes_per_pixel
        for y in range(area.height):
            at = start + y * geometry.line_length
            self._memory[at : at + row] = pixels[y * pitch : y * pitch + row]
        self.bytes_written += row * area.height

    def close(self) -> None:
        self._memory.close()


def prepare_framebuffer_file(path: Path, geometry: FramebufferGeometry) -> None:
    """Make ``path`` a regular file of the framebuffer's size (the simulator's stand-in)."""
    with path.open("ab") as file:
        file.truncate(geometry.length)
