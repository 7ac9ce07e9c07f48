"""Words that stand out from a busy picture behind them: an outline round their ink."""

from __future__ import annotations

import pygame

from device.look.theme import Colour


def outline(
    surface: pygame.Surface,
    words: pygame.Surface,
    topleft: tuple[int, int],
    colour: Colour,
    width: int,
) -> None:
    """Paint ``colour`` ``width`` pixels round the ink of ``words`` (rendered, with
    alpha), where they will be blitted at ``topleft``; the words go on top after."""
    ink = pygame.mask.from_surface(words)
    side = 2 * width + 1
    around = ink.convolve(pygame.mask.Mask((side, side), fill=True))
    x, y = topleft
    around.to_surface(surface, setcolor=colour, unsetcolor=None, dest=(x - width, y - width))
