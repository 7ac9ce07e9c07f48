"""The button bar: which of the device's own buttons does what on this screen."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from device.buttons import Button
from device.ui import Ui

ARROWS = {Button.UP: "\u25b2", Button.DOWN: "\u25bc", Button.LEFT: "\u25c0", Button.RIGHT: "\u25b6"}
SPOKEN = {"PRESS": "button.press", "START": "button.start", "SELECT": "button.select"}
"""Physical names that are words, not letters printed on the device."""


@dataclass(frozen=True)
class Control:
    buttons: tuple[Button, ...]
    does: str
    """i18n key of what the buttons do here."""


def control(does: str, *buttons: Button) -> Control:
    return Control(buttons, does)


def button_label(ui: Ui, button: Button) -> str | None:
    """How the player finds ``button`` on this device (None: the device has no such button)."""
    profile = ui.profile
    if button in ARROWS and button in profile.buttons.values():
        return ARROWS[button]
    for physical, logical in profile.buttons.items():
        if logical is button:
            return ui.t(SPOKEN[physical]) if physical in SPOKEN else physical
    for physical, logical in profile.long_press.items():
        if logical is button:
            return ui.t("button.hold", button=physical)
    return None


def control_label(ui: Ui, item: Control) -> str | None:
    labels = [label for b in item.buttons if (label := button_label(ui, b)) is not None]
    if not labels:
        return None
    arrows = "\u2009".join(label for label in labels if label in ARROWS.values())
    words = [label for label in labels if label not in ARROWS.values()]
    return "/".join(words + ([arrows] if arrows else []))


def _pairs(ui: Ui, controls: list[Control]) -> list[tuple[pygame.Surface, pygame.Surface]]:
    bold, plain = ui.font(bold=True), ui.font()
    pairs = []
    for item in controls:
        label = control_label(ui, item)
        if label is not None:
            key = bold.render(label, True, ui.palette.cursor)
            pairs.append((key, plain.render(ui.t(item.does), True, ui.palette.text)))
    return pairs


def draw_button_bar(surface: pygame.Surface, ui: Ui, controls: list[Control], y: int) -> None:
    """One line across the screen at ``y``: as many controls as fit, most important first."""
    gap = ui.font().size(" ")[0]
    x = 2
    for key, words in _pairs(ui, controls):
        width = key.get_width() + gap + words.get_width()
        if x + width > ui.layout.width - 2:
            break
        surface.blit(key, (x, y))
        surface.blit(words, (x + key.get_width() + gap, y))
        x += width + 3 * gap


def draw_button_column(
    surface: pygame.Surface, ui: Ui, controls: list[Control], area: pygame.Rect
) -> int:
    """One control per line at the bottom of ``area``; returns the top of the column."""
    gap = ui.font().size(" ")[0]
    pairs = [
        p for p in _pairs(ui, controls) if p[0].get_width() + gap + p[1].get_width() <= area.w - 6
    ]
    y = area.bottom - len(pairs) * ui.layout.line - 2
    top = y
    for key, words in pairs:
        surface.blit(key, (area.x + 4, y))
        surface.blit(words, (area.x + 4 + key.get_width() + gap, y))
        y += ui.layout.line
    return top


def screen_bar_top(ui: Ui) -> int:
    """Where the bottom bar of a full screen starts: content must stay above it."""
    return ui.layout.height - ui.layout.line - 2


def draw_screen_bar(surface: pygame.Surface, ui: Ui, controls: list[Control]) -> None:
    """The bar along the bottom of a full screen (menus, rules, end of game)."""
    top = screen_bar_top(ui)
    pygame.draw.rect(surface, ui.palette.panel, (0, top, ui.layout.width, ui.layout.height - top))
    draw_button_bar(surface, ui, controls, top)
