"""The kernel's side of a framebuffer, without pygame: what it is and how to light it.

Size, pixel format and the length of a row in bytes come from the kernel's
``FBIOGET_VSCREENINFO`` and ``FBIOGET_FSCREENINFO`` ioctls (linux/fb.h).

Lighting: the DRM fbdev emulation registers the framebuffer without a
modeset; only the console driver, bound to fb0 alone, triggers one.  A panel
that came up as fb1 (which number it gets is a race at boot) would show
nothing: its init sequence and backlight never run.  ``light`` asks for the
modeset itself (``FBIOPAN_DISPLAY`` with the screen's own var screeninfo,
then ``FBIOBLANK`` unblank), whatever the number.

Nothing here imports pygame, so the splash can use it before the heavy imports.
"""

from __future__ import annotations

import fcntl
import struct
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

FBIOGET_VSCREENINFO = 0x4600
FBIOGET_FSCREENINFO = 0x4602
FBIOPAN_DISPLAY = 0x4606
FBIOBLANK = 0x4611
FB_BLANK_UNBLANK = 0

Ioctl = Callable[[int, int, bytes | int], bytes | int]
"""``fcntl.ioctl``'s shape, so tests can stand in for the kernel."""

VAR_SCREENINFO = struct.Struct("@40I")
"""struct fb_var_screeninfo: 8 words, 4 bitfields of 3 words, 16 words, reserved[4]."""
_FIX_SCREENINFO = struct.Struct("@16sLIIIIHHHILIIHHH0L")
"""struct fb_fix_screeninfo, with the C compiler's padding (0L pads the tail)."""

Bitfield = tuple[int, int]
"""(offset, length) of one colour channel inside a pixel, as fb_bitfield gives it."""


def kernel_ioctl(fd: int, request: int, argument: bytes | int) -> bytes | int:
    return fcntl.ioctl(fd, request, argument)


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
    def from_device(cls, fd: int, ioctl: Ioctl = kernel_ioctl) -> FramebufferGeometry:
        """Ask the kernel (the two FBIOGET ioctls) about the framebuffer open on ``fd``."""
        var = VAR_SCREENINFO.unpack(var_screeninfo(fd, ioctl))
        fix = _FIX_SCREENINFO.unpack(
            _as_bytes(ioctl(fd, FBIOGET_FSCREENINFO, bytes(_FIX_SCREENINFO.size)))
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
        return (_mask(self.red), _mask(self.green), _mask(self.blue), 0)

    def check(self) -> None:
        if self.bits_per_pixel not in (16, 32):
            raise FramebufferError(
                f"the framebuffer uses {self.bits_per_pixel} bits per pixel; "
                "only 16 (RGB565) and 32 (XRGB8888) are supported"
            )

    def encode(self, colour: tuple[int, int, int]) -> bytes:
        """One pixel of ``colour`` as this framebuffer holds it (little-endian)."""
        value = 0
        for channel, (offset, length) in zip(
            colour, (self.red, self.green, self.blue), strict=True
        ):
            value |= (channel >> (8 - length)) << offset
        return value.to_bytes(self.bytes_per_pixel, "little")


def _mask(field: Bitfield) -> int:
    offset, length = field
    return ((1 << length) - 1) << offset


def _as_bytes(answer: bytes | int) -> bytes:
    if not isinstance(answer, bytes):
        raise OSError("the framebuffer ioctl gave no screen information")
    return answer


def var_screeninfo(fd: int, ioctl: Ioctl = kernel_ioctl) -> bytes:
    """The framebuffer's struct fb_var_screeninfo, as the kernel holds it now."""
    return _as_bytes(ioctl(fd, FBIOGET_VSCREENINFO, bytes(VAR_SCREENINFO.size)))


def light(fd: int, ioctl: Ioctl = kernel_ioctl) -> str | None:
    """Make the kernel show this framebuffer: pan to its own screen, then unblank.

    Returns None when both were accepted, else why not (a driver without
    panning or blanking refuses them; the picture may still show).
    """
    try:
        ioctl(fd, FBIOPAN_DISPLAY, var_screeninfo(fd, ioctl))
        ioctl(fd, FBIOBLANK, FB_BLANK_UNBLANK)
    except OSError as error:
        return f"the kernel refused to light the framebuffer ({error.strerror or error})"
    return None
