"""The panel over the board while the link cable is down, or the linked game stopped:
where it stands, its lines, and the button that opens the menu (to leave)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from device.hardware.buttons import Button
from device.look.controls import Control, control, control_label
from device.look.ui import Ui


@dataclass(frozen=True)
class LinkPanel:
    """The panel over the board while the link is down: where, and its lines."""

    box: pygame.Rect
    title: list[str]
    body: list[str]
    button: Control
    """The button that opens the menu (to leave), named on the panel's last line."""


PANEL_PADDING = 8


def link_panel(ui: Ui, title: str, lines: Sequence[str]) -> LinkPanel:
    """Over the board alone: the HUD beside or below it, with the menu's button named
    there too, stays in sight."""
    layout = ui.layout
    font, title_font = ui.font(), _panel_title_font(ui)
    box = pygame.Rect(0, 0, layout.board.w - 2 * PANEL_PADDING, 0)
    room = box.w - 2 * PANEL_PADDING
    title_lines = ui.wrap(title, title_font, room)
    body = [wrapped for line in lines for wrapped in ui.wrap(line, font, room)]
    box.h = (
        PANEL_PADDING
        + len(title_lines) * title_font.get_linesize()
        + 4
        + (len(body) + 1) * font.get_linesize()
        + PANEL_PADDING
    )
    region = panel_region(ui)
    box.center = layout.board.center
    box.clamp_ip(region)
    if box.h > layout.board.h:
        box.centery = region.centery
    return LinkPanel(box, title_lines, body, control("help.menu", Button.MENU))


def panel_region(ui: Ui) -> pygame.Rect:
    """Where a panel over the game may stand: the board, and the HUD under it when
    the side keys are named beside the picture (the HUD then names no button)."""
    layout = ui.layout
    if layout.side_panel or not layout.keys.w:
        return layout.board
    under = pygame.Rect(layout.board.x, layout.hud.y, layout.board.w, layout.hud.h)
    return layout.board.union(under)


def _panel_title_font(ui: Ui) -> pygame.font.Font:
    return ui.font(bold=True)


def link_panel_fits(ui: Ui, panel: LinkPanel) -> bool:
    """Whether the panel stands within its region with every line inside it."""
    widths = [_panel_title_font(ui).size(line)[0] for line in panel.title]
    widths += [ui.font().size(line)[0] for line in [*panel.body, _button_words(ui, panel)]]
    inside = panel_region(ui).contains(panel.box)
    return inside and max(widths) <= panel.box.w - 2 * PANEL_PADDING


def _button_words(ui: Ui, panel: LinkPanel) -> str:
    return f"{control_label(ui, panel.button)} {ui.t(panel.button.does)}"


def draw_link_panel(surface: pygame.Surface, ui: Ui, title: str, lines: Sequence[str]) -> None:
    """A panel over the board: the link is down, or the linked game stopped; its last
    line names the button that opens the menu."""
    panel = link_panel(ui, title, lines)
    box = panel.box
    pygame.draw.rect(surface, ui.palette.panel, box, border_radius=6)
    pygame.draw.rect(surface, ui.palette.cursor, box, width=1, border_radius=6)
    y = box.y + PANEL_PADDING
    y = ui.draw_lines(surface, panel.title, _panel_title_font(ui), (box.x, y), centred_in=box.w)
    y = ui.draw_lines(surface, panel.body, ui.font(), (box.x, y + 4), centred_in=box.w)
    key = ui.font(bold=True).render(control_label(ui, panel.button) or "", True, ui.palette.cursor)
    words = ui.font().render(f" {ui.t(panel.button.does)}", True, ui.palette.text)
    x = box.centerx - (key.get_width() + words.get_width()) // 2
    surface.blit(key, (x, y))
    surface.blit(words, (x + key.get_width(), y))
