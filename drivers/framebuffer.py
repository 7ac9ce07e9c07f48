"""A display that needs only the kernel: frames written straight into /dev/fbN.

The app draws off-screen (SDL's dummy video driver: no EGL, no GBM, no Mesa)
and this backend copies the tiles that changed into the framebuffer device
through ``mmap``.  The DRM panel drivers (``mipi-dbi-spi`` for the SPI HATs,
and HDMI through the DRM fbdev emulation) all expose such a device.  Size,
pixel format and the length of a row in bytes come from the kernel's
``FBIOGET_VSCREENINFO`` and ``FBIOGET_FSCREENINFO`` ioctls (linux/fb.h), or,
for a regular file standing in for the device, from the caller.
"""

from __future__ import annotations

import fcntl
import mmap
import os
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

import pygame

from drivers.display import Colour, RotatingDisplay, check_fits

FBIOGET_VSCREENINFO = 0x4600
FBIOGET_FSCREENINFO = 0x4602

_VAR_SCREENINFO = struct.Struct("@40I")
"""struct fb_var_screeninfo: 8 words, 4 bitfields of 3 words, 16 words, reserved[4]."""
_FIX_SCREENINFO = struct.Struct("@16sLIIIIHHHILIIHHH0L")
"""struct fb_fix_screeninfo, with the C compiler's padding (0L pads the tail)."""

Bitfield = tuple[int, int]
"""(offset, length) of one colour channel inside a pixel, as fb_bitfield gives it."""


class PixelFormat(StrEnum):
    RGB565 = "rgb565"
    XRGB8888 = "xrgb8888"


_CHANNELS: dict[PixelFormat, tuple[int, Bitfield, Bitfield, Bitfield]] = {
    PixelFormat.RGB565: (16, (11, 5), (5, 6), (0, 5)),
    PixelFormat.XRGB8888: (32, (16, 8), (8, 8), (0, 8)),
}


class FramebufferError(Exception):
    """The framebuffer cannot be used; the message says which and why."""


@dataclass(frozen=True)
class FramebufferGeometry:
    """What the kernel says about a framebuffer: its size and how a pixel is laid out."""

    width: int
    height: int
    bits_per_pixel: int
    line_length: int
    """Bytes from one row to the next (may be more than width * bytes per pixel)."""
    red: Bitfield
    green: Bitfield
    blue: Bitfield

    @classmethod
    def for_format(
        cls, pixel_format: PixelFormat, width: int, height: int, line_length: int | None = None
    ) -> FramebufferGeometry:
        bits, red, green, blue = _CHANNELS[pixel_format]
        row = width * bits // 8
        if line_length is None:
            line_length = row
        if line_length < row:
            raise FramebufferError(
                f"a row of {width} {pixel_format} pixels needs {row} bytes, "
                f"more than the stride of {line_length}"
            )
        return cls(width, height, bits, line_length, red, green, blue)

    @classmethod
    def from_device(cls, fd: int) -> FramebufferGeometry:
        """Ask the kernel (the two FBIOGET ioctls) about the framebuffer open on ``fd``."""
        var = _VAR_SCREENINFO.unpack(
            fcntl.ioctl(fd, FBIOGET_VSCREENINFO, bytes(_VAR_SCREENINFO.size))
        )
        fix = _FIX_SCREENINFO.unpack(
            fcntl.ioctl(fd, FBIOGET_FSCREENINFO, bytes(_FIX_SCREENINFO.size))
        )
        width, height, bits = var[0], var[1], var[6]
        return cls(
            width=width,
            height=height,
            bits_per_pixel=bits,
            line_length=fix[9],
            red=(var[8], var[9]),
            green=(var[11], var[12]),
            blue=(var[14], var[15]),
        )

    @property
    def bytes_per_pixel(self) -> int:
        return self.bits_per_pixel // 8

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def length(self) -> int:
        """Bytes the visible picture takes in the framebuffer's memory."""
        return self.line_length * self.height

    def masks(self) -> tuple[int, int, int, int]:
        """pygame surface masks (red, green, blue, alpha) for this pixel layout."""
        return (
            _mask(self.red),
            _mask(self.green),
            _mask(self.blue),
            0,
        )

    def check(self) -> None:
        if self.bits_per_pixel not in (16, 32):
            raise FramebufferError(
                f"the framebuffer uses {self.bits_per_pixel} bits per pixel; "
                "only 16 (RGB565) and 32 (XRGB8888) are supported"
            )


def _mask(field: Bitfield) -> int:
    offset, length = field
    return ((1 << length) - 1) << offset


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
    ) -> None:
        super().__init__(size, 1, rotation)
        self._background = background
        self.bytes_written = 0
        try:
            fd = os.open(device, os.O_RDWR)
        except OSError as error:
            raise FramebufferError(f"cannot open {device}: {error.strerror}") from error
        try:
            if geometry is None:
                try:
                    geometry = FramebufferGeometry.from_device(fd)
                except OSError as error:
                    raise FramebufferError(
                        f"{device} is not a framebuffer ({error.strerror})"
                    ) from error
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
