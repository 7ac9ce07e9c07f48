"""Long content on a small screen: blocks of lines and pictures flowed onto pages.

A word is never made smaller to fit: what does not fit goes to the next page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from device.look.theme import Colour
from device.look.ui import Ui

Painter = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass(frozen=True)
class Block:
    height: int
    paint: Painter
    gap_after: int = 0


def text_blocks(
    ui: Ui, words: str, width: int, colour: Colour | None = None, bold: bool = False
) -> list[Block]:
    """One block per wrapped line, so a paragraph may continue on the next page."""
    font = ui.font(bold=bold)
    lines = ui.wrap(words, font, width)
    shade = colour or ui.palette.text

    def painter(line: str) -> Painter:
        def paint(surface: pygame.Surface, area: pygame.Rect) -> None:
            surface.blit(font.render(line, True, shade), area.topleft)

        return paint

    blocks = [Block(ui.layout.line, painter(line)) for line in lines]
    if blocks:
        blocks[-1] = Block(blocks[-1].height, blocks[-1].paint, gap_after=4)
    return blocks


def paginate(blocks: list[Block], height: int) -> list[list[Block]]:
    """Blocks in order onto pages of ``height`` pixels (a too-tall block gets a page alone)."""
    pages: list[list[Block]] = [[]]
    used = 0
    for block in blocks:
        if pages[-1] and used + block.height > height:
            pages.append([])
            used = 0
        pages[-1].append(block)
        used += block.height + block.gap_after
    return pages


def draw_page(surface: pygame.Surface, page: list[Block], area: pygame.Rect) -> None:
    y = area.y
    for block in page:
        block.paint(surface, pygame.Rect(area.x, y, area.w, block.height))
        y += block.height + block.gap_after
