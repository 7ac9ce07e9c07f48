"""A small warning sign in the corner while the supply voltage is too low.

An under-powered Pi slows down, loses its SD card writes or restarts; a
player who sees the sign can change the cable or the battery before that.
"""

from __future__ import annotations

import pygame

from device.hardware.power import Supply
from device.look.ui import Ui

CHECK_EVERY_MS = 2000
AMBER = (255, 176, 0)


class SupplyWarning:
    def __init__(self, supply: Supply | None) -> None:
        self._supply = supply
        self.low = False
        self.next_check: int | None = 0 if supply is not None else None

    def check(self, now: int) -> bool:
        """Read the supply when due; True when the sign appears or goes."""
        if self._supply is None or self.next_check is None or now < self.next_check:
            return False
        self.next_check = now + CHECK_EVERY_MS
        low = self._supply.undervoltage()
        changed = low != self.low
        self.low = low
        return changed

    def draw(self, surface: pygame.Surface, ui: Ui) -> None:
        """A lightning bolt in a triangle, top right, above every screen."""
        if not self.low:
            return
        size = max(12, ui.layout.text_size)
        right, top = surface.get_width() - 2, 2
        triangle = [(right - size // 2, top), (right, top + size), (right - size, top + size)]
        pygame.draw.polygon(surface, AMBER, triangle)
        middle = right - size // 2
        bolt = [
            (middle + 1, top + size // 3),
            (middle - 2, top + size * 2 // 3),
            (middle + 1, top + size * 2 // 3),
            (middle - 1, top + size - 2),
        ]
        pygame.draw.lines(surface, (0, 0, 0), False, bolt, 2)
