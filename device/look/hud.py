"""The game screen's status words: turn, leader, grace, connections (and how far a
stall is from opening them or from ending the game), colonies; the current
prompt; and the button bar.

Beside the board every item has a line of its own.  Under a board with few lines
(the 240-pixel panel) the turn's line becomes the status line: the turn's dot,
any grace moves, the connected count and the connections' state, as short as it
takes; the colonies stand at the free end of a line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from device.look.controls import (
    SPACING_SPACES,
    Control,
    bar_width,
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
from engine.pieces import BLUE, NOBODY, RED
from engine.position import Position
from engine.rules import STANDARD
from engine.scoring import score


@dataclass(frozen=True)
class HudItem:
    words: str
    colour: Colour
    dot: Colour | None = None
    """A small disc drawn before the words (the player's colour)."""
    parts: tuple[tuple[str, Colour], ...] = ()
    """The words in pieces, each in its own colour, on one line (empty: the words
    in ``colour``, wrapped)."""


SEPARATOR = " \u00b7 "
"""Between the pieces of the status line."""


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


def detail_items(ui: Ui, position: Position) -> list[HudItem]:
    """Connections and colonies: beside the board where there is room."""
    palette = ui.palette
    count = HudItem(ui.t("hud.connected", count=position.connected_total()), palette.text)
    items = [count, connection_states(ui, position)[0], colonies_items(ui, position)[0]]
    if position.rules != STANDARD:  # a variant says so: the counts above follow it
        name = ui.t(f"rules.name.{position.rules.name}")
        items.append(HudItem(ui.t("hud.variant", rules=name), palette.dim))
    return items


def connection_states(ui: Ui, position: Position) -> list[HudItem]:
    """Whether the player to move may connect, in words from the longest to the
    shortest: open while an edge is free (which ones) or after a stall (RULES.md
    6.5); else closed, with the plies until a stall opens them, or until rule 6.4
    ends the game when that comes first or the rules have no stall opening."""
    palette = ui.palette
    if position.connections_open():
        # No-break spaces: the free edges wrap as one word, never one letter alone.
        edges = "\u00a0".join(ui.t(f"edge.{edge}") for edge in position.free_edges())
        words = ui.t("hud.open", edges=edges) if edges else ui.t("hud.open_stall")
        short = ui.t("hud.open_short")
        return [HudItem(words, palette.free_edge), HudItem(short, palette.free_edge)]
    opens = position.plies_until_stall_opens()
    ends = position.plies_until_no_progress()
    if opens is not None and opens < ends:
        long, short, plies = "hud.closed_opens", "hud.opens_in", opens
    else:
        long, short, plies = "hud.closed_ends", "hud.ends_in", ends
    return [
        HudItem(ui.t(long, plies=plies), palette.text),
        HudItem(ui.t(short, plies=plies), palette.text),
    ]


def colonies_items(ui: Ui, position: Position) -> list[HudItem]:
    """The colonies each player controls, in words, then as the two counts alone in
    the players' colours."""
    palette = ui.palette
    red, blue = score(position).counts
    words = HudItem(ui.t("hud.colonies", red=red, blue=blue), palette.text)
    counts = (
        (str(red), palette.players_light[RED]),
        ("-", palette.text),
        (str(blue), palette.players_light[BLUE]),
    )
    return [words, HudItem(f"{red}-{blue}", palette.text, parts=counts)]


def status_item(ui: Ui, position: Position) -> HudItem:
    """The status line under a board with few lines: the turn's dot, any grace
    moves, the connected count and the connections' state, in the longest words
    that fit on one line."""
    palette = ui.palette
    dot = palette.players[position.side]
    head: list[tuple[str, Colour]] = []
    if position.grace:
        head = [(f"\u26a1{position.grace}", palette.crown), (SEPARATOR, palette.dim)]
    head.append((ui.t("hud.connected_short", count=position.connected_total()), palette.text))
    room = ui.layout.hud.w - 4
    states = connection_states(ui, position)
    for state in states:
        item = _joined(ui, [*head, (SEPARATOR, palette.dim), (state.words, state.colour)], dot)
        if _item_width(ui, item) <= room:
            return item
    return _joined(ui, head, dot)


def _joined(ui: Ui, parts: list[tuple[str, Colour]], dot: Colour) -> HudItem:
    return HudItem("".join(words for words, _ in parts), ui.palette.text, dot, tuple(parts))


def headline_items(ui: Ui, position: Position, prompt: HudItem | None) -> list[HudItem]:
    """What every device shows first: the turn (with any grace moves), the leader,
    and the prompt if there is one; under the board, the status line and the
    prompt.  Under the board they take a line each (the button bar takes the
    prompt's line when there is none)."""
    first = essential_items(ui, position) if ui.layout.side_panel else [status_item(ui, position)]
    return first + ([prompt] if prompt is not None else [])


def _draw_item(surface: pygame.Surface, ui: Ui, item: HudItem, x: int, y: int, width: int) -> int:
    """One item, wrapped to ``width`` (one in parts stays on one line); returns the y
    below it."""
    font = ui.font()
    line = ui.layout.line
    dot = _dot_width(ui, item)
    lines = ui.wrap(item.words, font, width - dot)
    if item.dot:
        pygame.draw.circle(surface, item.dot, (x + line // 4 + 1, y + line // 2), line // 4 + 1)
    if item.parts:
        x += dot
        for words, colour in item.parts:
            surface.blit(font.render(words, True, colour), (x, y))
            x += font.size(words)[0]
        return y + line
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
) -> list[Control]:
    """Beside the board: everything, buttons at the bottom. Below it: turn, leader,
    and the prompt or else the button bar (the side keys in their column beside the
    board, where there is one); a prompt that would leave its action's button unnamed
    takes the leader's line instead.  Returns the controls named."""
    headline = headline_items(ui, position, prompt)
    if not ui.layout.side_panel:
        items, bar = lines_below(ui, headline, prompt, controls)
        return _draw_below(surface, ui, items, controls, bar, colonies_items(ui, position))
    return _draw_beside(surface, ui, headline + detail_items(ui, position), controls)


def lines_below(
    ui: Ui, headline: list[HudItem], prompt: HudItem | None, controls: list[Control]
) -> tuple[list[HudItem], bool]:
    """The items under the board, a line each, and whether the button bar takes a line
    after them: the status line and the prompt if they fit with the most useful
    button still named; else the prompt alone (a prompt with its button named beats
    knowing whose turn it is, which the prompt implies); on a single line, else the
    turn's dot alone with the button beside it."""
    lines = ui.layout.hud_lines
    status = headline[0]
    wanted = [status, prompt] if prompt is not None else [status]
    # on a single line, the turn's dot alone still says whose turn it is
    dot = HudItem("", status.colour, status.dot)
    for items in (wanted, wanted[-1:], [dot]):
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
        return _draw_below(surface, ui, headline[: ui.layout.hud_lines - 1], controls, True)
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
    surface: pygame.Surface,
    ui: Ui,
    items: list[HudItem],
    controls: list[Control],
    bar: bool,
    tail: Sequence[HudItem] = (),
) -> list[Control]:
    """``items`` a line each under the board, then the button bar if ``bar``; the
    controls left off (all of them without a bar) at the free ends of the lines,
    then the first form of ``tail`` that fits at the free end of a line."""
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
    on_bar = draw_button_bar(surface, ui, controls, y) if bar else []
    named += on_bar
    named += draw_in_margins(surface, ui, [c for c in controls if c not in named], margins)
    if bar:
        room = area.w - 4 - bar_width(ui, on_bar)
        margins.append(pygame.Rect(area.right - 2 - room, y, room, ui.layout.line))
    _draw_tail(surface, ui, tail, margins)
    return named


def _draw_tail(
    surface: pygame.Surface, ui: Ui, forms: Sequence[HudItem], margins: list[pygame.Rect]
) -> None:
    """The first of ``forms`` that fits at the right end of a margin, a wide gap from
    what is before it (nothing where none fits)."""
    gap = SPACING_SPACES * ui.font().size(" ")[0]
    for form in forms:
        width = _item_width(ui, form)
        spot = next((m for m in margins if m.w >= width + gap), None)
        if spot is not None:
            _draw_item(surface, ui, form, spot.right - width, spot.y, width)
            return


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
