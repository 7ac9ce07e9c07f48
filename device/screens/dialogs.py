"""Screens over the others that ask or tell one thing: a yes/no question (power off
among them), a message to read."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from device.hardware.buttons import Button
from device.journal.notice import failure
from device.look.controls import Control, control, control_label, draw_screen_bar, screen_bar_top
from device.screens.menu_screen import Item, MenuScreen, shade_behind
from device.screens.screen import AppView, Screen

PADDING = 8
"""Between a message's panel and its words."""
MESSAGE_BAR_LINES = 1
"""A message's bar names one button: one line, whatever the panel."""
OK_GAP = 4
"""At least this between the words and the OK line."""
OK_BELOW = 6
"""Between the OK line and the bottom of the panel."""


class ConfirmScreen(MenuScreen):
    """A yes/no question before something that cannot be taken back; "No" comes first."""

    overlay = True
    wraps = False

    def __init__(self, app: AppView, question: str, action: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.action = action

    def title(self) -> str:
        return self.question

    def items(self) -> list[Item]:
        t = self.ui.t
        return [
            Item(lambda: t("confirm.no"), self.app.pop),
            Item(lambda: t("confirm.yes"), self.yes),
        ]

    def yes(self) -> None:
        self.app.pop()
        self.action()


def power_off_item(app: AppView) -> Item:
    """ "Power off", asking first; shown only on a device that can power off."""
    return Item(
        lambda: app.ui.t("menu.power_off"),
        lambda: app.push(ConfirmScreen(app, app.ui.t("power.title"), lambda: power_off(app))),
        visible=lambda: app.power is not None,
    )


def power_off(app: AppView) -> None:
    if app.power is None:
        return
    try:
        app.power.power_off()
    except OSError as error:
        app.show_message(failure("msg.power_off_failed", error).words(app.ui.t))


class MessageScreen(Screen):
    """Something the player must read (a damaged save, a missing feature)."""

    overlay = True

    def __init__(self, app: AppView, words: str) -> None:
        super().__init__(app)
        self.words = words

    def handle(self, button: Button) -> None:
        if button in (Button.A, Button.B):
            self.app.pop()

    def controls(self) -> list[Control]:
        return [control("msg.ok", Button.A)]

    def _dismiss_label(self) -> str:
        """The device's own name of the choose button: "A: OK", "press: OK"."""
        (dismiss,) = self.controls()
        return f"{control_label(self.ui, dismiss)}: {self.ui.t(dismiss.does)}"

    def box(self) -> tuple[pygame.Rect, list[str]]:
        """The panel and the lines of the words in it: three quarters of the screen
        high, or as high as the words and the OK line need, up to the bar."""
        ui = self.ui
        layout = ui.layout
        above_bar = screen_bar_top(ui, MESSAGE_BAR_LINES)
        font = ui.font()
        panel = pygame.Rect(0, 0, layout.width * 7 // 8, 0)
        lines = ui.wrap(self.words, font, panel.w - 2 * PADDING)
        panel.h = min(max(layout.height * 3 // 4, self._height(lines)), above_bar - 4)
        panel.center = (layout.width // 2, above_bar // 2)
        return panel, lines

    def fits(self) -> bool:
        """Whether every line and the OK line stand inside the panel."""
        panel, lines = self.box()
        widest = max(self.ui.font().size(line)[0] for line in [*lines, self._dismiss_label()])
        return self._height(lines) <= panel.h and widest <= panel.w - 2 * PADDING

    def _height(self, lines: list[str]) -> int:
        """The panel's height that holds ``lines`` and the OK line under them."""
        return PADDING + (len(lines) + 1) * self.ui.font().get_linesize() + OK_GAP + OK_BELOW

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        panel, lines = self.box()
        shade_behind(surface)
        # the bar behind goes whole (its buttons do nothing now); the panel may reach
        # down over its place, to the message's own one-line bar
        top = screen_bar_top(ui)
        pygame.draw.rect(surface, ui.palette.panel, (0, top, ui.layout.width, ui.layout.height))
        pygame.draw.rect(surface, ui.palette.panel, panel, border_radius=6)
        pygame.draw.rect(surface, ui.palette.cursor, panel, width=1, border_radius=6)
        font = ui.font()
        bottom = ui.draw_lines(surface, lines, font, (panel.x + PADDING, panel.y + PADDING))
        ok = font.render(self._dismiss_label(), True, ui.palette.dim)
        top = max(bottom + OK_GAP, panel.bottom - ok.get_height() - OK_BELOW)
        surface.blit(ok, (panel.centerx - ok.get_width() // 2, top))
        draw_screen_bar(surface, ui, self.controls(), MESSAGE_BAR_LINES)
