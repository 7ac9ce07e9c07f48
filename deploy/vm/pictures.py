"""The panel stand-in's pictures: QEMU's screendumps (PPM) and their comparison.

The panel is RGB565, so two pictures are the same when they agree in the top
5, 6 and 5 bits of red, green and blue: what a 16-bit panel can show.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pygame

from device.look.palettes import STANDARD
from drivers.fbdev import FramebufferGeometry, PixelFormat
from drivers.splash import discs_for, splash_picture

RGB565_MASKS = (0xF8, 0xFC, 0xF8)


class PictureError(Exception):
    """A picture that cannot be read; the message says why."""


@dataclass(frozen=True)
class Picture:
    width: int
    height: int
    rgb: bytes
    """Rows of RGB triplets, top to bottom."""

    @classmethod
    def from_ppm(cls, path: Path) -> Picture:
        data = path.read_bytes()
        fields: list[bytes] = []
        position = 0
        while len(fields) < 4:
            while position < len(data) and data[position : position + 1].isspace():
                position += 1
            end = position
            while end < len(data) and not data[end : end + 1].isspace():
                end += 1
            if end == position:
                raise PictureError(f"{path}: not a PPM picture")
            fields.append(data[position:end])
            position = end
        magic, width, height, depth = fields
        if magic != b"P6" or depth != b"255":
            raise PictureError(f"{path}: not an 8-bit binary PPM picture")
        size = int(width) * int(height) * 3
        pixels = data[position + 1 : position + 1 + size]
        if len(pixels) != size:
            raise PictureError(f"{path}: the picture is cut short")
        return cls(int(width), int(height), pixels)

    @classmethod
    def from_png(cls, path: Path) -> Picture:
        try:
            surface = pygame.image.load(str(path))
        except (pygame.error, FileNotFoundError) as error:
            raise PictureError(f"{path}: {error}") from error
        width, height = surface.get_size()
        return cls(width, height, pygame.image.tobytes(surface, "RGB"))

    @classmethod
    def splash(cls, width: int, height: int) -> Picture:
        """The launcher's splash (``drivers.splash``) as the panel shows it: the picture
        that stays up, unchanging, while pygame and the app load."""
        geometry = FramebufferGeometry.for_format(PixelFormat.XRGB8888, width, height)
        picture = splash_picture(
            geometry, STANDARD.background, discs_for((width, height), STANDARD.players)
        )
        rgb = bytearray(width * height * 3)
        rgb[0::3], rgb[1::3], rgb[2::3] = picture[2::4], picture[1::4], picture[0::4]
        return cls(width, height, bytes(rgb))

    def save_png(self, path: Path) -> None:
        surface = pygame.image.frombytes(self.rgb, (self.width, self.height), "RGB")
        pygame.image.save(surface, str(path))

    def is_blank(self) -> bool:
        """One colour all over (black before anything is shown, or a cleared screen)."""
        first = self.rgb[:3]
        return self.rgb == first * (self.width * self.height)

    def dominant_colour(self) -> bytes:
        """The colour most of the picture has, as an RGB565 panel shows it: the app's
        background on its title, black on the kernel's console."""
        masked = self.as_rgb565()
        counts = Counter(masked[index : index + 3] for index in range(0, len(masked), 3))
        return counts.most_common(1)[0][0] if counts else b""

    def as_rgb565(self) -> bytes:
        red, green, blue = RGB565_MASKS
        table = bytes(range(256))
        masked = bytearray(self.rgb)
        masked[0::3] = masked[0::3].translate(bytes(v & red for v in table))
        masked[1::3] = masked[1::3].translate(bytes(v & green for v in table))
        masked[2::3] = masked[2::3].translate(bytes(v & blue for v in table))
        return bytes(masked)

    def unscaled(self, width: int, height: int) -> Picture:
        """The picture of this size the app shows scaled up and centred on a larger screen.

        The app scales by the largest whole number that fits and centres the result
        (docs/appliance.md, "Display paths"): every scale-th pixel of the centred area is
        the original.
        """
        scale = min(self.width // width, self.height // height)
        if scale < 1 or (self.width, self.height) == (width, height):
            return self
        left = (self.width - width * scale) // 2
        top = (self.height - height * scale) // 2
        rows = []
        for y in range(height):
            start = ((top + y * scale) * self.width + left) * 3
            row = self.rgb[start : start + width * scale * 3]
            rows.append(b"".join(row[x * scale * 3 : x * scale * 3 + 3] for x in range(width)))
        return Picture(width, height, b"".join(rows))

    def differing_pixels(self, other: Picture) -> int | None:
        """How many pixels differ as an RGB565 panel shows them (None: other sizes)."""
        if (self.width, self.height) != (other.width, other.height):
            return None
        mine, theirs = self.as_rgb565(), other.as_rgb565()
        if mine == theirs:
            return 0
        return sum(
            1
            for index in range(0, len(mine), 3)
            if mine[index : index + 3] != theirs[index : index + 3]
        )
