"""Where things go on screen and how big the words are, from the panel's size
and its diagonal: every word must be readable on the real glass."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from device.theme import Fonts

MM_PER_INCH = 25.4
MIN_CAP_MM = 1.4
"""The smallest capital (and digit) height any word or number may have on the glass."""
MARGIN = 2
HUD_MIN_WIDTH_EMS = 7
"""A side panel narrower than this many text sizes cannot hold its words."""
BOTTOM_HUD_LINES = 3
"""Below the board: turn, leader, and the button bar (or the current prompt)."""
KEY_COLUMN_MIN_EMS = 3.5
"""Beside a board with the HUD below it, a strip at least this many text sizes wide
becomes a column naming the side keys (the board then stands at the left edge)."""
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
    """Beside a board with the HUD below it: the column naming the side keys (empty
    where there is no room for one)."""
    text_size: int
    """The smallest legible font size on this panel; all words use it or more."""
    title_size: int
    line: int
    """The pitch of lines of text (tight: capitals and descenders just clear)."""

    @classmethod
    def for_screen(cls, width: int, height: int, diagonal_in: float, fonts: Fonts) -> Layout:
        px_per_mm = math.hypot(width, height) / (diagonal_in * MM_PER_INCH)
        cap_px = MIN_CAP_MM * px_per_mm
        text_size = max(fonts.size_for_cap(cap_px), fonts.size_for_cap(cap_px, bold=True))
        line = fonts.get(text_size).get_linesize() - 2
        hud_min_width = HUD_MIN_WIDTH_EMS * text_size
        hud_min_height = BOTTOM_HUD_LINES * line + MARGIN
        side_cell = min((height - 2 * MARGIN) // 10, (width - hud_min_width - 2 * MARGIN) // 10)
        below_cell = min((width - 2 * MARGIN) // 10, (height - hud_min_height - 2 * MARGIN) // 10)
        side_panel = side_cell >= below_cell
        cell = side_cell if side_panel else below_cell
        span = cell * 10
        keys = pygame.Rect(0, 0, 0, 0)
        if side_panel:
            board = pygame.Rect(MARGIN, (height - span) // 2, span, span)
            hud = pygame.Rect(board.right + MARGIN, 0, width - board.right - MARGIN, height)
        else:
            board = pygame.Rect((width - span) // 2, MARGIN, span, span)
            if width - span - 3 * MARGIN >= KEY_COLUMN_MIN_EMS * text_size:
                board.x = MARGIN
                keys = pygame.Rect(board.right + MARGIN, 0, width - board.right - MARGIN, 0)
                keys.h = board.bottom + MARGIN
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
            text_size=text_size,
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
            text_size=self.text_size,
            title_size=self.title_size,
            line=self.line,
        )

    @property
    def screen_bar_lines(self) -> int:
        """How many lines the bottom bar of a full screen has on this panel."""
        return 1 if self.width >= SCREEN_BAR_ONE_LINE_EMS * self.text_size else 2

    def disc_radius(self, cell: int) -> int:
        return max(4, round(cell * DISC_SHARE))

    def value_size(self, fonts: Fonts, cell: int) -> int:
        """The font size of a satellite's value: it fills the disc, never below legible."""
        fill = fonts.size_for_cap(2 * self.disc_radius(cell) * DIGIT_FILL, bold=True)
        return max(self.text_size, fill)

    def cell_rect(self, file: int, rank: int) -> pygame.Rect:
        """The screen square of a board cell (rank 0 at the bottom: North is up)."""
        return pygame.Rect(
            self.board.x + file * self.cell,
            self.board.y + (9 - rank) * self.cell,
            self.cell,
            self.cell,
        )
