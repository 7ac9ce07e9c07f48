"""The game screen's status words: turn, connections, grace, score, last move."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from device.theme import Colour
from device.ui import Ui
from engine.moves import PASS
from engine.notation import format_move
from engine.pieces import NOBODY
from engine.position import Position
from engine.scoring import score


@dataclass(frozen=True)
class HudItem:
    words: str
    colour: Colour
    dot: Colour | None = None
    """A small disc drawn before the words (the player's colour)."""


def hud_items(
    ui: Ui, position: Position, last_move: int | None, prompt: str, prompt_first: bool
) -> list[HudItem]:
    """The HUD's items, most important first (small screens drop the tail)."""
    palette = ui.palette
    side = position.side
    items = [
        HudItem(
            ui.t("hud.to_move", colour=ui.colour_name(side)), palette.text, palette.players[side]
        ),
    ]
    if prompt and prompt_first:
        items.append(HudItem(prompt, palette.cursor))
    if position.grace:
        items.append(HudItem(ui.t("hud.grace", moves=position.grace), palette.crown))
    items.append(HudItem(ui.t("hud.connected", count=position.connected_total()), palette.text))
    if position.connections_open():
        edges = " ".join(ui.t(f"edge.{edge}") for edge in position.free_edges())
        items.append(HudItem(ui.t("hud.open", edges=edges), palette.free_edge))
    else:
        items.append(HudItem(ui.t("hud.closed"), palette.dim))
    now = score(position)
    items.append(HudItem(ui.t("hud.colonies", red=now.counts[0], blue=now.counts[1]), palette.text))
    if now.winner == NOBODY:
        items.append(HudItem(ui.t("hud.even"), palette.dim))
    else:
        key = "hud.leads_tiebreak" if now.decided_by_tiebreak else "hud.leads"
        items.append(
            HudItem(
                ui.t(key, colour=ui.colour_name(now.winner)),
                palette.players_light[now.winner],
                palette.players[now.winner],
            )
        )
    if last_move is not None:
        words = "pass" if last_move == PASS else format_move(last_move)
        items.append(HudItem(ui.t("hud.last", move=words), palette.dim))
    if prompt and not prompt_first:
        items.append(HudItem(prompt, palette.cursor))
    return items


def draw_hud(surface: pygame.Surface, ui: Ui, items: list[HudItem]) -> None:
    """Flow the items into the HUD area: one per line beside the board, in rows below it."""
    layout = ui.layout
    area = layout.hud
    pygame.draw.rect(surface, ui.palette.panel, area)
    font = ui.font(layout.text_size if layout.side_panel else layout.small_size)
    line = font.get_linesize()
    gap = font.size("  ")[0]
    x, y = area.x + 4, area.y + 3
    for item in items:
        dot = line // 2 + 2 if item.dot else 0
        width = font.size(item.words)[0] + dot
        if layout.side_panel:
            lines = ui.wrap(item.words, font, area.w - 8 - dot)
        else:
            lines = [item.words]
            if x > area.x + 4 and x + width > area.right - 2:
                x, y = area.x + 4, y + line
        if y + line * len(lines) > area.bottom:
            return
        if item.dot:
            pygame.draw.circle(surface, item.dot, (x + line // 4 + 1, y + line // 2), line // 4 + 1)
        ui.draw_lines(surface, lines, font, (x + dot, y), item.colour)
        if layout.side_panel:
            y += line * len(lines) + 3
        else:
            x += width + gap
