"""Where things go on screen and how big the words are, from the panel's size
and its diagonal: every word must be readable on the real glass."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from device.hardware.profiles import CLOCKWISE_EDGES, Edge
from device.look.theme import Fonts

MM_PER_INCH = 25.4
MIN_CAP_MM = 1.4
"""The smallest capital (and digit) height any word or number may have on the glass."""
MARGIN = 2
HUD_MIN_WIDTH_EMS = 7
"""A side panel narrower than this many text sizes cannot hold its words."""
BOTTOM_HUD_LINES = 3
"""Below the board: turn, leader, and the button bar (or the current prompt)."""
FEWEST_HUD_LINES = 2
"""Below a board that would otherwise be too small to read, the HUD gives up lines
down to this many: the turn, and the prompt or the leader."""
KEY_COLUMN_MIN_EMS = 3.5
"""Beside a board with the HUD below it, a strip at least this many text sizes wide
becomes a column naming the side keys (the board then stands at the left edge)."""
KEY_COLUMN_MIN_LINES = 2
"""A narrower strip, at least this many lines wide, still names them, turned on
their side (a key's name and its use side by side)."""
SCREEN_BAR_ONE_LINE_EMS = 18
"""A full screen's button bar naming choose, back and browse is about this many text
sizes wide (17-18 measured in English and Spanish); a narrower panel gives the bar
two lines, so that no control drops off it."""
DISC_SHARE = 0.47
"""A satellite's radius as a share of its cell."""
DIGIT_FILL = 0.8
"""A satellite's value is this share of its disc's height."""


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    px_per_mm: float
    board: pygame.Rect
    view: pygame.Rect
    """The part of the board on screen (all of it, except in the rules' diagrams)."""
    cell: int
    hud: pygame.Rect
    side_panel: bool
    """True when the HUD stands beside the board, False when below it."""
    keys: pygame.Rect
    """Beside a board with the HUD below it: the column (or row) naming the side keys,
    along the edge of the picture they stand beside (empty where there is no room)."""
    keys_edge: Edge
    """The edge of the picture the side keys stand beside, as the picture is turned."""
    text_size: int
    """The smallest legible font size on this panel; all words use it or more."""
    hud_lines: int
    """How many lines of words the HUD below the board holds (0 beside it)."""
    title_size: int
    line: int
    """The pitch of lines of text (tight: capitals and descenders just clear)."""

    @classmethod
    def for_screen(
        cls,
        width: int,
        height: int,
        diagonal_in: float,
        fonts: Fonts,
        keys_edge: Edge = Edge.RIGHT,
    ) -> Layout:
        """The layout of a picture whose side keys stand beside its ``keys_edge``."""
        px_per_mm = math.hypot(width, height) / (diagonal_in * MM_PER_INCH)
        cap_px = MIN_CAP_MM * px_per_mm
        text_size = max(fonts.size_for_cap(cap_px), fonts.size_for_cap(cap_px, bold=True))
        line = fonts.get(text_size).get_linesize() - 2
        hud_min_width = HUD_MIN_WIDTH_EMS * text_size
        side_cell = min((height - 2 * MARGIN) // 10, (width - hud_min_width - 2 * MARGIN) // 10)
        hud_lines, below_cell = _below(width, height, line, legible_cell(fonts, text_size))
        side_panel = side_cell >= below_cell
        cell = side_cell if side_panel else below_cell
        span = cell * 10
        keys = pygame.Rect(0, 0, 0, 0)
        if side_panel:
            hud_lines = 0
            board = pygame.Rect(MARGIN, (height - span) // 2, span, span)
            hud = pygame.Rect(board.right + MARGIN, 0, width - board.right - MARGIN, height)
        elif keys_edge in (Edge.TOP, Edge.BOTTOM):
            # The row of keys, a line high, takes one of the HUD's lines: the board
            # stays as big (its values legible).
            hud_lines = max(1, hud_lines - 1)
            row = line
            room = height - row - hud_lines * line - 3 * MARGIN
            span = min((width - 2 * MARGIN) // 10, room // 10) * 10
            cell = span // 10
            top = row if keys_edge is Edge.TOP else 0
            board = pygame.Rect((width - span) // 2, top + MARGIN, span, span)
            hud = pygame.Rect(0, board.bottom + MARGIN, width, height - row - span - 2 * MARGIN)
            keys = pygame.Rect(0, 0 if keys_edge is Edge.TOP else hud.bottom, width, row)
        else:
            board = pygame.Rect((width - span) // 2, MARGIN, span, span)
            column = width - span - 2 * MARGIN
            if column - MARGIN >= KEY_COLUMN_MIN_LINES * line:
                board.x = MARGIN if keys_edge is Edge.RIGHT else column + MARGIN
                keys = pygame.Rect(0, 0, column, board.bottom + MARGIN)
                keys.x = board.right + MARGIN if keys_edge is Edge.RIGHT else 0
            hud = pygame.Rect(0, board.bottom + MARGIN, width, height - board.bottom - MARGIN)
        return cls(
            width=width,
            height=height,
            px_per_mm=px_per_mm,
            board=board,
            view=board,
            cell=cell,
            hud=hud,
            side_panel=side_panel,
            keys=keys,
            keys_edge=keys_edge,
            text_size=text_size,
            hud_lines=hud_lines,
            title_size=text_size * 5 // 4,
            line=line,
        )

    def on_board(self, board: pygame.Rect, cell: int, view: pygame.Rect) -> Layout:
        """The same panel with the board drawn elsewhere, seen through ``view`` (diagrams)."""
        return Layout(
            width=self.width,
            height=self.height,
            px_per_mm=self.px_per_mm,
            board=board,
            view=view,
            cell=cell,
            hud=pygame.Rect(0, 0, 0, 0),
            side_panel=False,
            keys=pygame.Rect(0, 0, 0, 0),
            keys_edge=self.keys_edge,
            text_size=self.text_size,
            hud_lines=0,
            title_size=self.title_size,
            line=self.line,
        )

    @property
    def screen_bar_lines(self) -> int:
        """How many lines the bottom bar of a full screen has on this panel."""
        return 1 if self.width >= SCREEN_BAR_ONE_LINE_EMS * self.text_size else 2

    def disc_radius(self, cell: int) -> int:
        return disc_radius(cell)

    def value_size(self, fonts: Fonts, cell: int) -> int:
        """The font size of a satellite's value: it fills most of the disc and stays
        inside it, never below legible."""
        radius = self.disc_radius(cell)
        size = fonts.size_for_cap(2 * radius * DIGIT_FILL, bold=True)
        while size > self.text_size and not value_fits(fonts, size, radius):
            size -= 1
        return max(self.text_size, size)

    def cell_rect(self, file: int, rank: int) -> pygame.Rect:
        """The screen square of a board cell (rank 0 at the bottom: North is up)."""
        return pygame.Rect(
            self.board.x + file * self.cell,
            self.board.y + (9 - rank) * self.cell,
            self.cell,
            self.cell,
        )


def picture_edge(glass_edge: Edge, rotation: int) -> Edge:
    """The edge of the picture that shows beside ``glass_edge`` once the display has
    turned the picture clockwise by ``rotation`` degrees."""
    quarters = rotation // 90
    return CLOCKWISE_EDGES[(CLOCKWISE_EDGES.index(glass_edge) - quarters) % len(CLOCKWISE_EDGES)]


VALUES = "1234"
"""The values a satellite shows."""
INK = 128
"""A pixel of rendered text at least half opaque is ink (fainter ones only smooth its
edge)."""
WHITE = (255, 255, 255)


def disc_radius(cell: int) -> int:
    return max(4, round(cell * DISC_SHARE))


def satellite_square(centre: tuple[float, float], radius: int) -> pygame.Rect:
    """The square a satellite's disc of ``radius`` fills, centred on ``centre``."""
    square = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    square.center = (round(centre[0]), round(centre[1]))
    return square


def value_spot(square: pygame.Rect, ink: pygame.Rect) -> tuple[int, int]:
    """Where a value's image goes so that its ink (``ink``: its box in the image) is
    centred in a satellite's ``square`` (its line box carries room for accents)."""
    return (square.x + (square.w - ink.w) // 2 - ink.x, square.y + (square.h - ink.h) // 2 - ink.y)


def _fits(fonts: Fonts, size: int, radius: int) -> bool:
    square = satellite_square((radius, radius), radius)
    disc = pygame.Surface(square.size, pygame.SRCALPHA)
    pygame.draw.circle(disc, WHITE, square.center, radius)
    font = fonts.get(size, bold=True)
    for digit in VALUES:
        image = font.render(digit, True, WHITE)
        x, y = value_spot(square, image.get_bounding_rect())
        for px in range(image.get_width()):
            for py in range(image.get_height()):
                if image.get_at((px, py)).a < INK:
                    continue
                spot = (px + x, py + y)
                if not disc.get_rect().collidepoint(spot) or disc.get_at(spot).a == 0:
                    return False
    return True


_FITS: dict[tuple[int, int], bool] = {}
"""(size, radius) -> whether the values fit: the same for every Fonts (one font file)."""


def value_fits(fonts: Fonts, size: int, radius: int) -> bool:
    """Whether every value's ink, bold at ``size``, lies on a disc of ``radius``."""
    key = (size, radius)
    if key not in _FITS:
        _FITS[key] = _fits(fonts, size, radius)
    return _FITS[key]


def legible_cell(fonts: Fonts, text_size: int) -> int:
    """The smallest cell whose satellite holds a value of the legible size on its disc."""
    cell = 8
    while not value_fits(fonts, text_size, disc_radius(cell)):
        cell += 1
    return cell


def _below(width: int, height: int, line: int, legible: int) -> tuple[int, int]:
    """(HUD lines, cell) for a board above its HUD: all the HUD's lines if the board
    then stays legible, else as few lines as it takes (never fewer than the fewest)."""
    for lines in range(BOTTOM_HUD_LINES, FEWEST_HUD_LINES - 1, -1):
        room = height - (lines * line + MARGIN) - 2 * MARGIN
        cell = min((width - 2 * MARGIN) // 10, room // 10)
        if cell >= legible or lines == FEWEST_HUD_LINES:
            return lines, cell
    raise AssertionError("unreachable")
