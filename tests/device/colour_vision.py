"""How far apart two colours look, also to players with colour-vision deficiencies.

Simulation: Machado, Oliveira and Fernandes (2009), "A Physiologically-based
Model for Simulation of Color Vision Deficiency", matrices for severity 1.0,
applied to linear RGB. Distance: CIEDE2000 in CIELAB under D65.
"""

from __future__ import annotations

import math
from itertools import combinations

from device.look.theme import Colour, Palette

Matrix = tuple[tuple[float, float, float], ...]

SIMULATIONS: dict[str, Matrix] = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

MIN_MARKER_DISTANCE = 12.0
"""CIEDE2000 distance every pair of board markers keeps under every simulation
(about 2.3 is a just-noticeable difference; 12 is plainly two colours)."""


def marker_colours(palette: Palette) -> dict[str, Colour]:
    """The colours that tell the board's marks apart."""
    return {
        "red": palette.players[0],
        "blue": palette.players[1],
        "landing": palette.landing,
        "connection": palette.connection_target,
        "displacement": palette.displacement_target,
        "cursor": palette.cursor,
        "last move": palette.last_move,
        "hint": palette.hint,
        "free edge": palette.free_edge,
    }


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encode(value: float) -> float:
    v = min(1.0, max(0.0, value))
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def simulate(colour: Colour, vision: str) -> tuple[float, float, float]:
    """The colour as seen with ``vision``, as sRGB in 0..1."""
    linear = [_linear(c) for c in colour]
    rows = SIMULATIONS[vision]
    r, g, b = (sum(m * c for m, c in zip(row, linear, strict=True)) for row in rows)
    return (_encode(r), _encode(g), _encode(b))


def to_lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (_linear(round(c * 255)) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """Sharma, Wu and Dalal's formulation of CIEDE2000 (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dlp, dcp = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    else:
        dhp = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dhp_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    lp_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_bar = (h1p + h2p) / 2
    else:
        hp_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hp_bar - 30))
        + 0.24 * math.cos(math.radians(2 * hp_bar))
        + 0.32 * math.cos(math.radians(3 * hp_bar + 6))
        - 0.20 * math.cos(math.radians(4 * hp_bar - 63))
    )
    d_theta = 30 * math.exp(-(((hp_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (lp_bar - 50) ** 2 / math.sqrt(20 + (lp_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dlp / s_l) ** 2
        + (dcp / s_c) ** 2
        + (dhp_big / s_h) ** 2
        + r_t * (dcp / s_c) * (dhp_big / s_h)
    )


def seen_distance(first: Colour, second: Colour, vision: str) -> float:
    return ciede2000(to_lab(simulate(first, vision)), to_lab(simulate(second, vision)))


def closest_pairs(palette: Palette, vision: str) -> list[tuple[float, str, str]]:
    """Every pair of marker colours with its distance under ``vision``, closest first."""
    colours = marker_colours(palette)
    pairs = [
        (seen_distance(colours[a], colours[b], vision), a, b)
        for a, b in combinations(sorted(colours), 2)
    ]
    return sorted(pairs)
