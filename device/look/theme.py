"""Colours, fonts and the two palettes (the normal one and the colour-blind-safe one)."""

from __future__ import annotations

import functools
import io
from importlib import resources

import pygame

from device.look.drawable import DrawableFont
from device.look.palettes import COLOUR_BLIND as COLOUR_BLIND
from device.look.palettes import STANDARD as STANDARD
from device.look.palettes import Colour as Colour
from device.look.palettes import Palette as Palette


def palette_for(colour_blind: bool) -> Palette:
    return COLOUR_BLIND if colour_blind else STANDARD


CAP_SAMPLE = "H"
"""The letter whose inked height is a font's capital height (digits are as tall)."""


class Fonts:
    """The bundled DejaVu fonts, one object per (size, bold), each drawing only
    drawable text (``device.look.drawable``).

    Every font handed out is remembered, so the legibility measure can say
    which sizes a screen really used.
    """

    def __init__(self) -> None:
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}
        self._caps: dict[tuple[int, bool], int] = {}
        self.used: set[tuple[int, bool]] = set()
        """Every (size, bold) a screen has asked for."""

    def cap_height(self, size: int, bold: bool = False) -> int:
        """Pixels from the baseline to the top of a rendered capital letter."""
        key = (size, bold)
        if key not in self._caps:
            image = self._load(size, bold).render(CAP_SAMPLE, True, (255, 255, 255))
            self._caps[key] = image.get_bounding_rect().h
        return self._caps[key]

    def size_for_cap(self, cap_px: float, bold: bool = False) -> int:
        """The smallest font size whose capitals are at least ``cap_px`` tall."""
        size = 6
        while self.cap_height(size, bold) < cap_px:
            size += 1
        return size

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        self.used.add((size, bold))
        return self._load(size, bold)

    def _load(self, size: int, bold: bool) -> pygame.font.Font:
        key = (size, bold)
        font = self._cache.get(key)
        if font is None:
            font = DrawableFont(io.BytesIO(_font_file(bold)), size)
            self._cache[key] = font
        return font


@functools.cache
def _font_file(bold: bool) -> bytes:
    """A bundled font file's bytes, read once: a font made from them holds no open
    file, however many fonts and apps a process makes."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return resources.files("device").joinpath("assets", name).read_bytes()
