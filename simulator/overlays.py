"""What the simulator draws over the device picture: the key map, frame times, status."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from device.hardware.profiles import Profile
from device.look.ui import Ui


class HelpOverlay:
    """F1: which desktop keys press which buttons of the device, and what they do."""

    def __init__(self, ui: Ui, profile: Profile, keys: list[tuple[str, str]]) -> None:
        self.ui = ui
        self.profile = profile
        self.keys = keys
        self.visible = False

    def __call__(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        ui = self.ui
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 215))
        surface.blit(shade, (0, 0))
        font = ui.font(ui.layout.text_size)
        lines = [f"{self.profile.name}: {ui.t('help.title')}"]
        lines += [f"{keys}: {button}" for keys, button in self.keys]
        lines += [f"{button} = {ui.t(meaning)}" for button, meaning in self.profile.help_lines]
        lines += ["F12: PNG", "F1: help", "F2: ms"]
        ui.draw_lines(surface, lines, font, (4, 4))


class PerfOverlay:
    """F2 or --perf: how long the last frame took to draw and present."""

    def __init__(self, ui: Ui) -> None:
        self.ui = ui
        self.visible = False
        self.last_ms = 0.0
        self.worst_ms = 0.0

    def record(self, millis: float) -> None:
        self.last_ms = millis
        self.worst_ms = max(self.worst_ms, millis)

    def __call__(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        font = self.ui.font(self.ui.layout.text_size)
        words = f"{self.last_ms:.1f} ms (max {self.worst_ms:.1f})"
        image = font.render(words, True, (255, 255, 0), (0, 0, 0))
        surface.blit(image, (surface.get_width() - image.get_width(), 0))


class StatusOverlay:
    """A line along the bottom while ``status`` has something to say."""

    def __init__(self, ui: Ui, status: Callable[[], str]) -> None:
        self.ui = ui
        self.status = status

    def __call__(self, surface: pygame.Surface) -> None:
        words = self.status()
        if not words:
            return
        font = self.ui.font(self.ui.layout.text_size)
        image = font.render(words, True, (255, 255, 0), (0, 0, 0))
        surface.blit(image, (0, surface.get_height() - image.get_height()))
