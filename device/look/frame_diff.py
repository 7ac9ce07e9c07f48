"""Which parts of a new frame differ from the last one shown.

The app draws each changed frame whole (it takes a millisecond or two), but
pushing pixels to a small SPI panel is what costs on the device, so only the
tiles that really changed are presented: a cursor step sends two cells, not
the screen.
"""

from __future__ import annotations

import pygame

TILE = 32
"""Tile edge in pixels: small enough to stay local, large enough to compare cheaply."""


class FrameDiff:
    def __init__(self) -> None:
        self._tiles: dict[tuple[int, int], bytes] = {}
        self._size: tuple[int, int] | None = None

    def changed(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The rectangles of ``surface`` that differ from the previous call's frame.

        Changed tiles on one tile row are merged into one rectangle.
        """
        width, height = surface.get_size()
        if self._size != (width, height):
            self._tiles.clear()
            self._size = (width, height)
        rects: list[pygame.Rect] = []
        for top in range(0, height, TILE):
            run: pygame.Rect | None = None
            for left in range(0, width, TILE):
                tile = pygame.Rect(left, top, TILE, TILE).clip(surface.get_rect())
                pixels = pygame.image.tobytes(surface.subsurface(tile), "RGB")
                if self._tiles.get((left, top)) == pixels:
                    continue
                self._tiles[(left, top)] = pixels
                if run is not None and run.right == left:
                    run.width += tile.width
                else:
                    run = tile.copy()
                    rects.append(run)
        return rects
