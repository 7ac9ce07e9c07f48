"""A first picture straight into the framebuffer, before pygame and the app load.

Loading pygame and the app takes seconds on a Zero 2 W; meanwhile the panel
shows the game's background with its two satellites (a red and a blue
disc), and is lit (``drivers.fbdev.light``).  Pure Python, a few
milliseconds: each row is the background with the discs' spans laid on it.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

from drivers.fbdev import FramebufferError, FramebufferGeometry, Ioctl, kernel_ioctl, light

Colour = tuple[int, int, int]
Disc = tuple[int, int, int, Colour]
"""Centre x, centre y, radius (pixels) and colour."""


def discs_for(size: tuple[int, int], colours: tuple[Colour, Colour]) -> list[Disc]:
    """Two satellites side by side in the middle of the screen."""
    width, height = size
    radius = min(width, height) // 8
    middle_x, middle_y = width // 2, height // 2
    return [
        (middle_x - 2 * radius, middle_y, radius, colours[0]),
        (middle_x + 2 * radius, middle_y, radius, colours[1]),
    ]


def splash_picture(geometry: FramebufferGeometry, background: Colour, discs: list[Disc]) -> bytes:
    """The whole framebuffer's bytes (rows padded to the stride with the background)."""
    pixel = geometry.bytes_per_pixel
    blank = geometry.encode(background) * (geometry.line_length // pixel)
    blank += bytes(geometry.line_length - len(blank))
    inks = [geometry.encode(colour) for *_, colour in discs]
    rows = []
    for y in range(geometry.height):
        row = None
        for (x, centre_y, radius, _), ink in zip(discs, inks, strict=True):
            if abs(y - centre_y) >= radius:
                continue
            half = math.isqrt(radius * radius - (y - centre_y) ** 2)
            start, end = max(0, x - half), min(geometry.width, x + half + 1)
            if row is None:
                row = bytearray(blank)
            row[start * pixel : end * pixel] = ink * (end - start)
        rows.append(blank if row is None else bytes(row))
    return b"".join(rows)


def show_splash(
    device: Path,
    background: Colour,
    players: tuple[Colour, Colour],
    ioctl: Ioctl = kernel_ioctl,
    geometry: FramebufferGeometry | None = None,
) -> bool:
    """Paint the splash on ``device`` and light it; False when it could not.

    A framebuffer that cannot be used is said by the display that opens it
    next, with the reason, so nothing is said here.
    """
    try:
        fd = os.open(device, os.O_RDWR | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        if geometry is None:
            geometry = FramebufferGeometry.from_device(fd, ioctl)
            light(fd, ioctl)
        geometry.check()
        picture = splash_picture(geometry, background, discs_for(geometry.size, players))
        os.pwrite(fd, picture, 0)
    except (OSError, FramebufferError):
        return False
    finally:
        os.close(fd)
    return True
