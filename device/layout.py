"""Where things go on screen, computed from the screen size alone."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MARGIN = 2
HUD_MIN_WIDTH = 100
"""Below this, a side panel cannot hold its words: the HUD goes underneath."""
HUD_MIN_HEIGHT = 36


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    board: pygame.Rect
    cell: int
    hud: pygame.Rect
    side_panel: bool
    """True when the HUD stands beside the board, False when below it."""
    text_size: int
    small_size: int
    title_size: int

    @classmethod
    def for_size(cls, width: int, height: int) -> Layout:
        side_cell = min((height - 2 * MARGIN) // 10, (width - HUD_MIN_WIDTH - 2 * MARGIN) // 10)
        below_cell = min((width - 2 * MARGIN) // 10, (height - HUD_MIN_HEIGHT - 2 * MARGIN) // 10)
        side_panel = side_cell >= below_cell
        cell = side_cell if side_panel else below_cell
        span = cell * 10
        if side_panel:
            board = pygame.Rect(MARGIN, (height - span) // 2, span, span)
            hud = pygame.Rect(board.right + MARGIN, 0, width - board.right - MARGIN, height)
        else:
            board = pygame.Rect((width - span) // 2, MARGIN, span, span)
            hud = pygame.Rect(0, board.bottom + MARGIN, width, height - board.bottom - MARGIN)
        text_size = max(11, min(18, height // 18))
        return cls(
            width=width,
            height=height,
            board=board,
            cell=cell,
            hud=hud,
            side_panel=side_panel,
            text_size=text_size,
            small_size=max(10, text_size - 2),
            title_size=max(18, height // 9),
        )

    def cell_rect(self, file: int, rank: int) -> pygame.Rect:
        """The screen square of a board cell (rank 0 at the bottom: North is up)."""
        return pygame.Rect(
            self.board.x + file * self.cell,
            self.board.y + (9 - rank) * self.cell,
            self.cell,
            self.cell,
        )
