"""Lists longer than their screen: which rows show, and the signs that say more
lie above or below (drawn in strips of their own, never over a row's words)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from device.look.ui import Ui


@dataclass(frozen=True)
class ListWindow:
    first: int
    """The index of the first row on screen."""
    count: int
    """How many rows are on screen."""
    top: int
    """The y of the first row."""
    row: int
    """The pitch of the rows."""
    above: pygame.Rect | None
    """Where the "more above" sign goes (None: nothing is hidden above)."""
    below: pygame.Rect | None
    """Where the "more below" sign goes (None: nothing is hidden below)."""

    def row_top(self, index: int) -> int:
        """The y of row ``index`` of the list (one of those on screen)."""
        return self.top + (index - self.first) * self.row


def sign_size(ui: Ui) -> tuple[int, int]:
    """A sign's width and height: a flat triangle about half a capital high."""
    cap = ui.fonts.cap_height(ui.layout.text_size)
    height = max(5, cap * 3 // 5)
    return 2 * height, height


def list_window(ui: Ui, rows: int, index: int, area: pygame.Rect, row: int) -> ListWindow:
    """The rows of a list of ``rows`` that show in ``area`` with row ``index`` among
    them; when they do not all fit, a strip at the top and one at the bottom of
    ``area`` are kept for the signs, so the rows stay where they are while they scroll."""
    fits = max(1, area.h // row)
    if rows <= fits:
        return ListWindow(0, rows, area.y, row, None, None)
    width, height = sign_size(ui)
    strip = height + 2
    fits = max(1, (area.h - 2 * strip) // row)
    first = min(max(0, index - fits + 1), rows - fits)
    top = area.y + strip
    x = area.centerx - width // 2
    above = pygame.Rect(x, area.y + 1, width, height) if first > 0 else None
    below_y = top + fits * row + 1
    below = pygame.Rect(x, below_y, width, height) if first + fits < rows else None
    return ListWindow(first, fits, top, row, above, below)


def draw_more_signs(surface: pygame.Surface, ui: Ui, window: ListWindow) -> None:
    """A triangle pointing up where rows are hidden above, down where below."""
    colour = ui.palette.cursor
    if window.above is not None:
        r = window.above
        pygame.draw.polygon(surface, colour, [(r.left, r.bottom), (r.right, r.bottom), r.midtop])
    if window.below is not None:
        r = window.below
        pygame.draw.polygon(surface, colour, [(r.left, r.top), (r.right, r.top), r.midbottom])


def draw_chosen_row(surface: pygame.Surface, ui: Ui, rect: pygame.Rect) -> None:
    """The mark of the chosen row of a list: a lighter band with a bright edge."""
    pygame.draw.rect(surface, ui.palette.highlight, rect, border_radius=4)
    pygame.draw.rect(surface, ui.palette.cursor, rect, width=1, border_radius=4)
