"""How readable a satellite's value is on each device's board, measured on its pixels:
the value's height on the glass, whether all its ink lies on the satellite's own fill
(nothing else touches or crosses it), and its contrast with that fill."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from device.hardware.profiles import PROFILES
from device.look.board_view import draw_satellite, draw_satellite_body, satellite_look
from device.look.layout import Layout
from device.look.theme import Colour, Fonts, Palette, palette_for
from engine.pieces import BLUE, RED, piece

INK_STEP = 128
"""A pixel the value changes by this much (in its most changed channel) is ink: on
``VIVID`` that is a pixel the value covers by about half (``device.look.layout.INK``)."""
VIVID = (0, 255, 0)
"""The cell behind a measured satellite: a colour no ink is near, so ink that leaves
the fill shows."""
MIN_CONTRAST = 3.0
"""WCAG's contrast for large text: a value and its fill at least this far apart."""


@dataclass(frozen=True)
class ValueReading:
    profile: str
    colour_blind: bool
    colour: int
    value: int
    connected: bool
    cell_mm: float
    cap_mm: float
    """The value's inked height on the glass."""
    ink_on_fill: bool
    """Every pixel of the value's ink lies on the satellite's own fill."""
    margin_px: float
    """From the value's ink to the nearest pixel that is not the fill (the disc's edge)."""
    contrast: float


def board_layout(profile: str, fonts: Fonts) -> Layout:
    spec = PROFILES[profile]
    return Layout.for_screen(spec.width, spec.height, spec.diagonal_in, fonts)


def read_values(profile: str, colour_blind: bool) -> list[ValueReading]:
    """Every value of both colours, connected and not, as drawn on ``profile``'s board."""
    pygame.font.init()
    fonts = Fonts()
    layout = board_layout(profile, fonts)
    palette = palette_for(colour_blind)
    return [
        _read(profile, layout, fonts, palette, colour, value, connected)
        for colour in (RED, BLUE)
        for value in range(1, 5)
        for connected in (False, True)
    ]


def _read(
    profile: str,
    layout: Layout,
    fonts: Fonts,
    palette: Palette,
    colour: int,
    value: int,
    connected: bool,
) -> ValueReading:
    code = piece(colour, value)
    size = layout.cell
    bare = pygame.Surface((size, size))
    bare.fill(VIVID)
    whole = bare.copy()
    centre = (size // 2, size // 2)
    draw_satellite_body(bare, layout, palette, centre, size, code, connected)
    draw_satellite(whole, layout, fonts, palette, centre, size, code, connected)
    fill, ink_colour = satellite_look(palette, code, connected)
    ink = [
        (x, y)
        for x in range(size)
        for y in range(size)
        if _change(whole.get_at((x, y)), bare.get_at((x, y))) >= INK_STEP
    ]
    not_fill = [
        (x, y) for x in range(-1, size + 1) for y in range(-1, size + 1) if _at(bare, x, y) != fill
    ]
    rows = {y for _, y in ink}
    return ValueReading(
        profile=profile,
        colour_blind=palette.shapes,
        colour=colour,
        value=value,
        connected=connected,
        cell_mm=size / layout.px_per_mm,
        cap_mm=(max(rows) - min(rows) + 1) / layout.px_per_mm,
        ink_on_fill=all(_at(bare, x, y) == fill for x, y in ink),
        margin_px=min(math.dist(p, q) for p in ink for q in not_fill),
        contrast=contrast(fill, ink_colour),
    )


def _change(after: pygame.Color, before: pygame.Color) -> int:
    return max(abs(after.r - before.r), abs(after.g - before.g), abs(after.b - before.b))


def _at(surface: pygame.Surface, x: int, y: int) -> Colour | None:
    """The colour at (x, y); None off the surface (never the fill)."""
    if 0 <= x < surface.get_width() and 0 <= y < surface.get_height():
        r, g, b, _ = surface.get_at((x, y))
        return (r, g, b)
    return None


def contrast(first: Colour, second: Colour) -> float:
    """WCAG 2 contrast ratio of two colours."""
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _luminance(colour: Colour) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
