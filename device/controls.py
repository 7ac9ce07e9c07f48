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
    """One line across the screen at ``y``: the controls in order of importance,
    each that still fits (one too wide leaves room for a shorter one after it)."""
    gap = ui.font().size(" ")[0]
    x = 2
    for key, words in _pairs(ui, controls):
        width = key.get_width() + gap + words.get_width()
        if x + width > ui.layout.width - 2:
            continue
        surface.blit(key, (x, y))
        surface.blit(words, (x + key.get_width() + gap, y))
        x += width + 3 * gap


def draw_button_column(
    surface: pygame.Surface, ui: Ui, controls: list[Control], area: pygame.Rect
) -> int:
    """The controls at the bottom of ``area``, one per line; one too wide for its line
    puts its words on the next, indented (never dropped while it fits that way).
    Returns the top of the column."""
    gap = ui.font().size(" ")[0]
    room = area.w - 6
    placed: list[tuple[pygame.Surface, pygame.Surface, bool]] = []
    for key, words in _pairs(ui, controls):
        if key.get_width() + gap + words.get_width() <= room:
            placed.append((key, words, False))
        elif max(key.get_width(), 2 * gap + words.get_width()) <= room:
            placed.append((key, words, True))
    lines = sum(2 if below else 1 for _, _, below in placed)
    y = area.bottom - lines * ui.layout.line - 2
    top = y
    for key, words, below in placed:
        surface.blit(key, (area.x + 4, y))
        if below:
            y += ui.layout.line
            surface.blit(words, (area.x + 4 + 2 * gap, y))
        else:
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
