"""The game screen's status words: turn, leader, grace, connections, colonies;
the current prompt; and the button bar."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from device.look.controls import (
    Control,
    control_label,
    draw_button_bar,
    draw_button_column,
    draw_in_margins,
    draw_key_column,
    fits_in_margin,
    on_side_keys,
)
from device.look.layout import BOTTOM_HUD_LINES
from device.look.theme import Colour
from device.look.ui import Ui
from engine.pieces import NOBODY
from engine.position import Position
from engine.scoring import score


@dataclass(frozen=True)
class HudItem:
    words: str
    colour: Colour
    dot: Colour | None = None
    """A small disc drawn before the words (the player's colour)."""


def essential_items(ui: Ui, position: Position) -> list[HudItem]:
    """Whose turn (with their grace moves) and who leads: shown on every device."""
    palette = ui.palette
    side = position.side
    name = ui.colour_name(side)
    if position.grace:
        turn = HudItem(ui.t("hud.grace", colour=name, moves=position.grace), palette.crown)
    else:
        turn = HudItem(ui.t("hud.to_move", colour=name), palette.text)
    turn = HudItem(turn.words, turn.colour, palette.players[side])
    now = score(position)
    if now.winner == NOBODY:
        leader = HudItem(ui.t("hud.even"), palette.dim)
    else:
        winner = ui.colour_name(now.winner)
        words = ui.t("hud.leads", colour=winner)
        if now.decided_by_tiebreak:
            longer = ui.t("hud.leads_tiebreak", colour=winner)
            fits = (
                ui.layout.hud_lines >= BOTTOM_HUD_LINES
                and ui.font().size(longer)[0] <= ui.layout.width - 24
            )
            words = longer if ui.layout.side_panel or fits else words
        leader = HudItem(
            words,
            palette.players_light[now.winner],
            palette.players[now.winner],
        )
    return [turn, leader]


def shows_details(ui: Ui) -> bool:
    """Whether the HUD shows the connections and colonies (``detail_items``)."""
    return ui.layout.side_panel


def detail_items(ui: Ui, position: Position, explain_closed: bool = False) -> list[HudItem]:
    """Connections and colonies: beside the board where there is room. Closed
    connections say what opens them when ``explain_closed`` (the first moves)."""
    palette = ui.palette
    items = [HudItem(ui.t("hud.connected", count=position.connected_total()), palette.text)]
    if position.connections_open():
        # No-break spaces: the free edges wrap as one word, never one letter alone.
        edges = "\u00a0".join(ui.t(f"edge.{edge}") for edge in position.free_edges())
        items.append(HudItem(ui.t("hud.open", edges=edges), palette.free_edge))
    else:
        closed = ui.t("hud.closed_help" if explain_closed else "hud.closed")
        items.append(HudItem(closed, palette.cursor if explain_closed else palette.dim))
    counts = score(position).counts
    items.append(HudItem(ui.t("hud.colonies", red=counts[0], blue=counts[1]), palette.text))
    return items


def headline_items(ui: Ui, position: Position, prompt: HudItem | None) -> list[HudItem]:
    """What every device shows first: the turn (with any grace moves), the leader,
    and the prompt if there is one.  Under the board they take a line each (the
    button bar takes the prompt's line when there is none)."""
    return essential_items(ui, position) + ([prompt] if prompt is not None else [])


def _draw_item(surface: pygame.Surface, ui: Ui, item: HudItem, x: int, y: int, width: int) -> int:
    """One item, wrapped to ``width``; returns the y below it."""
    font = ui.font()
    line = ui.layout.line
    dot = _dot_width(ui, item)
    lines = ui.wrap(item.words, font, width - dot)
    if item.dot:
        pygame.draw.circle(surface, item.dot, (x + line // 4 + 1, y + line // 2), line // 4 + 1)
    for words in lines:
        surface.blit(font.render(words, True, item.colour), (x + dot, y))
        y += line
    return y


def draw_hud(
    surface: pygame.Surface,
    ui: Ui,
    position: Position,
    prompt: HudItem | None,
    controls: list[Control],
    explain_closed: bool = False,
) -> list[Control]:
    """Beside the board: everything, buttons at the bottom (closed connections
    explained when ``explain_closed``). Below it: turn, leader,
    and the prompt or else the button bar (the side keys in their column beside the
    board, where there is one); a prompt that would leave its action's button unnamed
    takes the leader's line instead.  Returns the controls named."""
    headline = headline_items(ui, position, prompt)
    if not ui.layout.side_panel:
        items, bar = lines_below(ui, headline, prompt, controls)
        return _draw_below(surface, ui, items, controls, bar=bar)
    details = detail_items(ui, position, explain_closed)
    return _draw_beside(surface, ui, headline + details, controls)


def lines_below(
    ui: Ui, headline: list[HudItem], prompt: HudItem | None, controls: list[Control]
) -> tuple[list[HudItem], bool]:
    """The items under the board, a line each, and whether the button bar takes a line
    after them: the turn, the leader and the prompt if they all fit with the most
    useful button still named; else the leader gives way; else the turn too (a prompt
    with its button named beats knowing whose turn it is, which the prompt implies);
    on a single line, else the turn's dot alone with the button beside it."""
    lines = ui.layout.hud_lines
    turn, leader = headline[0], headline[1]
    wanted = [turn, prompt] if prompt is not None else [turn]
    # on a single line, the turn's dot alone still says whose turn it is
    dot = HudItem("", turn.colour, turn.dot)
    for items in ([turn, leader, *wanted[1:]], wanted, wanted[-1:], [dot]):
        if len(items) + 1 <= lines:
            return items, True
        if len(items) <= lines and _action_fits_beside(ui, items, controls):
            return items, False
    return wanted[:lines], False


def draw_view_hud(
    surface: pygame.Surface,
    ui: Ui,
    headline: list[HudItem],
    details: list[HudItem],
    controls: list[Control],
) -> list[Control]:
    """The HUD of a board that is looked at, not played (a replay): below the board,
    the headline items and the button bar; beside it, the details too.  Returns the
    controls named."""
    if not ui.layout.side_panel:
        return _draw_below(surface, ui, headline[: ui.layout.hud_lines - 1], controls, bar=True)
    return _draw_beside(surface, ui, headline + details, controls)


def _action_fits_beside(ui: Ui, items: list[HudItem], controls: list[Control]) -> bool:
    """Whether the most useful control is still named when ``items`` take a line each
    under the board and leave no line for the button bar: on its side key, or at the
    free end of one of the lines.  When it is not, the leader's line gives way to the
    bar: the player must see which button does the thing the prompt asks for."""
    if not controls or control_label(ui, controls[0]) is None:
        return True
    action = controls[0]
    if ui.layout.keys.w and on_side_keys(ui, action):
        return True
    return any(fits_in_margin(ui, action, _room_after(ui, item)) for item in items)


def _room_after(ui: Ui, item: HudItem) -> int:
    """How wide the free end of ``item``'s line under the board is."""
    return ui.layout.hud.w - 4 - _item_width(ui, item)


def _draw_below(
    surface: pygame.Surface, ui: Ui, items: list[HudItem], controls: list[Control], bar: bool
) -> list[Control]:
    """``items`` a line each under the board, then the button bar if ``bar``; the
    controls left off (all of them without a bar) at the free ends of the lines."""
    area = ui.layout.hud
    pygame.draw.rect(surface, ui.palette.panel, area)
    named: list[Control] = []
    if ui.layout.keys.w:
        named += draw_key_column(surface, ui, controls, ui.layout.keys)
        controls = [item for item in controls if not on_side_keys(ui, item)]
    y = area.y
    margins = []
    for item in items:
        room = _room_after(ui, item)
        margins.append(pygame.Rect(area.right - 2 - room, y, room, ui.layout.line))
        y = _draw_item(surface, ui, item, area.x + 2, y, 10_000)
    if bar:
        named += draw_button_bar(surface, ui, controls, y)
    return named + draw_in_margins(surface, ui, [c for c in controls if c not in named], margins)


def _item_width(ui: Ui, item: HudItem) -> int:
    """How wide ``item`` is on one line, with its dot."""
    return _dot_width(ui, item) + ui.font().size(item.words)[0]


def _dot_width(ui: Ui, item: HudItem) -> int:
    return ui.layout.line // 2 + 2 if item.dot else 0


def _draw_beside(
    surface: pygame.Surface, ui: Ui, items: list[HudItem], controls: list[Control]
) -> list[Control]:
    """The controls at the bottom of the panel beside the board, ``items`` above them
    as far as they fit."""
    area = ui.layout.hud
    pygame.draw.rect(surface, ui.palette.panel, area)
    bottom, named = draw_button_column(surface, ui, controls, area)
    y = area.y + 3
    for item in items:
        lines = ui.wrap(item.words, ui.font(), area.w - 8)
        if y + len(lines) * ui.layout.line > bottom:
            break
        y = _draw_item(surface, ui, item, area.x + 4, y, area.w - 8) + 3
    return named
