"""The list screen every menu is: items to browse and choose, drawn full screen or
as a panel over the screen below (the menu opened during a game or a lesson)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from device.hardware.buttons import Button
from device.look.controls import Control, control, draw_screen_bar, screen_bar_top
from device.look.scrolling import ListWindow, draw_chosen_row, draw_more_signs, list_window
from device.play.sounds import Effect
from device.screens.screen import AppView, Screen

FORWARD = (Button.DOWN, Button.NEXT, Button.SELECT)
BACKWARD = (Button.UP, Button.PREV)
BROWSE = (Button.UP, Button.DOWN, Button.NEXT, Button.PREV)


@dataclass
class Item:
    label: Callable[[], str]
    action: Callable[[], None] | None = None
    adjust: Callable[[int], None] | None = None
    """Change the item's value by one step (LEFT/RIGHT; A steps forward)."""
    visible: Callable[[], bool] = lambda: True


OVERLAY_SHADE = 176
"""How dark (alpha of black, of 255) a menu over a screen makes that screen."""


def shade_behind(surface: pygame.Surface) -> None:
    """Dim the screen under a menu or a message: its bar and keys say what its own
    buttons did, not what they do now (the menu's bar says that)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, OVERLAY_SHADE))
    surface.blit(shade, (0, 0))


class MenuScreen(Screen):
    title_key = ""
    wraps = True
    """Stepping past the last item comes back to the first (not where an item is risky)."""

    def __init__(self, app: AppView) -> None:
        super().__init__(app)
        self.index = 0

    def items(self) -> list[Item]:
        return []

    def shown(self) -> list[Item]:
        return [item for item in self.items() if item.visible()]

    def back(self) -> None:
        self.app.pop()

    def title(self) -> str:
        return self.ui.t(self.title_key)

    def handle(self, button: Button) -> None:
        shown = self.shown()
        self.index = min(self.index, len(shown) - 1)
        item = shown[self.index]
        if button in FORWARD or button in BACKWARD:
            step = 1 if button in FORWARD else -1
            was = self.index
            if self.wraps:
                self.index = (self.index + step) % len(shown)
            else:
                self.index = min(len(shown) - 1, max(0, self.index + step))
            if self.index != was:
                self.app.sounds.play(Effect.CURSOR)
        elif button in (Button.LEFT, Button.RIGHT) and item.adjust is not None:
            self._adjust(item.adjust, 1 if button is Button.RIGHT else -1)
        elif button is Button.A:
            if item.action is not None:
                self.app.sounds.play(Effect.CHOOSE)
                item.action()
            elif item.adjust is not None:
                self._adjust(item.adjust, 1)
        elif button is Button.B:
            self.back()

    def _adjust(self, adjust: Callable[[int], None], step: int) -> None:
        adjust(step)
        self.app.sounds.play(Effect.CHOOSE)  # after the change: a new volume is heard at once

    def panel(self) -> pygame.Rect:
        """Where the menu is drawn: the screen above its bar, or a panel over the screen."""
        layout = self.ui.layout
        above_bar = screen_bar_top(self.ui)
        if not self.overlay:
            return pygame.Rect(0, 0, layout.width, above_bar)
        panel = pygame.Rect(0, 0, layout.width * 3 // 4, min(layout.height * 7 // 8, above_bar - 4))
        panel.center = (layout.width // 2, above_bar // 2)
        return panel

    def title_lines(self) -> list[str]:
        title_font = self.ui.font(self.ui.layout.title_size, bold=True)
        return self.ui.wrap(self.title(), title_font, self.panel().w - 8)

    def window(self) -> ListWindow:
        """The items on screen, and the signs of those above and below."""
        ui = self.ui
        panel = self.panel()
        title_font = ui.font(ui.layout.title_size, bold=True)
        top = panel.y + 12 + title_font.get_linesize() * len(self.title_lines())
        area = pygame.Rect(panel.x, top, panel.w, panel.bottom - 4 - top)
        return list_window(ui, len(self.shown()), self.index, area, ui.layout.line + 6)

    def fits(self) -> bool:
        """Whether the title and every item show at once, each within the panel (a
        question and its answers must: a long menu scrolls, with signs)."""
        ui = self.ui
        panel = self.panel()
        title_font = ui.font(ui.layout.title_size, bold=True)
        titled = all(title_font.size(line)[0] <= panel.w - 8 for line in self.title_lines())
        labels = [item.label() for item in self.shown()]
        labelled = all(ui.font().size(label)[0] <= panel.w - 16 for label in labels)
        return titled and labelled and self.window().count == len(labels)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        palette = ui.palette
        panel = self.panel()
        if self.overlay:
            shade_behind(surface)
            pygame.draw.rect(surface, palette.panel, panel, border_radius=6)
            pygame.draw.rect(surface, palette.dim, panel, width=1, border_radius=6)
        else:
            self.draw_backdrop(surface)
        title_font = ui.font(ui.layout.title_size, bold=True)
        for line_index, line in enumerate(self.title_lines()):
            image = title_font.render(line, True, palette.text)
            y = panel.y + 6 + line_index * title_font.get_linesize()
            self.blit_words(surface, image, (panel.x + (panel.w - image.get_width()) // 2, y))
        font = ui.font()
        shown = self.shown()
        window = self.window()
        for index in range(window.first, window.first + window.count):
            item = shown[index]
            rect = pygame.Rect(panel.x + 8, window.row_top(index), panel.w - 16, window.row - 2)
            if index == self.index:
                draw_chosen_row(surface, ui, rect)
            label = item.label()
            if item.adjust is not None and index == self.index and self._has_sideways():
                label = f"< {label} >"
            image = font.render(label, True, palette.text)
            self.blit_words(surface, image, (rect.centerx - image.get_width() // 2, rect.y + 1))
        draw_more_signs(surface, ui, window)
        draw_screen_bar(surface, ui, self.controls())

    def blit_words(
        self, surface: pygame.Surface, words: pygame.Surface, topleft: tuple[int, int]
    ) -> None:
        """Put a title line or an item's label, rendered, on the screen."""
        surface.blit(words, topleft)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What a full-screen menu stands on: the plain background."""
        surface.fill(self.ui.palette.background)

    def _has_sideways(self) -> bool:
        return Button.LEFT in self.ui.profile.meanings.values()

    def controls(self) -> list[Control]:
        item = self.shown()[min(self.index, len(self.shown()) - 1)]
        if item.adjust is not None and item.action is None:
            first = control("ctl.change", Button.A, Button.LEFT, Button.RIGHT)
        else:
            first = control("help.confirm", Button.A)
        return [first, control("help.back", Button.B), control("ctl.browse", *BROWSE)]


class MenuOverGame(MenuScreen):
    """The menu opened over a game or a lesson: drawn over it, no wrapping past
    risky items, and the menu button closes it again."""

    overlay = True
    wraps = False
    title_key = "menu.title"

    def handle(self, button: Button) -> None:
        if button is Button.MENU:
            self.app.pop()
            return
        super().handle(button)
