"""The button bar: which of the device's own buttons does what on this screen."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from device.hardware.buttons import Button
from device.hardware.profiles import Edge
from device.look.layout import KEY_COLUMN_MIN_EMS
from device.look.ui import Ui

ARROWS = {Button.UP: "\u25b2", Button.DOWN: "\u25bc", Button.LEFT: "\u25c0", Button.RIGHT: "\u25b6"}
SPOKEN = {"PRESS": "button.press", "START": "button.start", "SELECT": "button.select"}
"""Physical names that are words, not letters printed on the device."""


@dataclass(frozen=True)
class Control:
    buttons: tuple[Button, ...]
    does: str
    """i18n key of what the buttons do here."""


Labelled = tuple[Control, pygame.Surface, pygame.Surface]
"""A control with its buttons' names and its words, rendered."""


def control(does: str, *buttons: Button) -> Control:
    return Control(buttons, does)


def button_label(ui: Ui, button: Button) -> str | None:
    """How the player finds ``button`` on this device (None: the device has no such button)."""
    profile = ui.profile
    if button in ARROWS and button in profile.meanings.values():
        return ARROWS[button]
    for physical, logical in profile.meanings.items():
        if logical is button:
            return ui.t(SPOKEN[physical]) if physical in SPOKEN else physical
    for physical, logical in profile.long_press.items():
        if logical is button:
            return ui.t("button.hold", button=physical)
    return None


def _named(ui: Ui, buttons: tuple[Button, ...]) -> list[str]:
    """The labels of ``buttons`` this device has; "hold B" goes when "B" is named."""
    labels = [label for b in buttons if (label := button_label(ui, b)) is not None]
    held = {ui.t("button.hold", button=label): label for label in labels}
    return [label for label in labels if held.get(label) not in labels]


WAYS = {Button.NEXT: (Button.DOWN, Button.RIGHT), Button.PREV: (Button.UP, Button.LEFT)}
"""The ways the next and previous buttons step: down or right, up or left."""


def _way(ui: Ui, item: Control, button: Button) -> str:
    """The arrow of the way ``button`` (next or previous) steps in ``item``: down a
    list, or on to the next page; "" where it does not stand in for a direction
    (or the device has the arrows themselves)."""
    for way in WAYS.get(button, ()):
        if way in item.buttons and button_label(ui, way) is None:
            return ARROWS[way]
    return ""


def control_label(ui: Ui, item: Control) -> str | None:
    labels = _named(ui, item.buttons)
    if not labels:
        return None
    arrows = "\u2009".join(label for label in labels if label in ARROWS.values())
    words = [label for label in labels if label not in ARROWS.values()]
    # "X▼/Y▲": which way each goes, where the device has no arrows to name
    ways = {button_label(ui, b): _way(ui, item, b) for b in item.buttons}
    words = [f"{word}{ways.get(word, '')}" for word in words]
    return "/".join(words + ([arrows] if arrows else []))


def _pairs(ui: Ui, controls: list[Control]) -> list[Labelled]:
    bold, plain = ui.font(bold=True), ui.font()
    pairs = []
    for item in controls:
        label = control_label(ui, item)
        if label is not None:
            key = bold.render(label, True, ui.palette.cursor)
            pairs.append((item, key, plain.render(ui.t(item.does), True, ui.palette.text)))
    return pairs


SPACING_SPACES = 3
"""Spaces between two controls on a bar; a full line closes up to one."""


def _width(ui: Ui, labelled: Labelled) -> int:
    _, key, words = labelled
    return key.get_width() + ui.font().size(" ")[0] + words.get_width()


def _fill_lines(ui: Ui, controls: list[Control], lines: int) -> list[list[Labelled]]:
    """The controls in order of importance, each on the first of ``lines`` lines it
    still fits on, one space from its neighbour at least (one too wide for every
    line is left out)."""
    gap = ui.font().size(" ")[0]
    room = ui.layout.width - 4
    filled: list[list[Labelled]] = [[] for _ in range(lines)]
    for labelled in _pairs(ui, controls):
        for line in filled:
            taken = sum(_width(ui, placed) + gap for placed in line)
            if taken + _width(ui, labelled) <= room:
                line.append(labelled)
                break
    return filled


def _draw_line(surface: pygame.Surface, ui: Ui, line: list[Labelled], y: int) -> None:
    gap = ui.font().size(" ")[0]
    free = ui.layout.width - 4 - sum(_width(ui, labelled) for labelled in line)
    spacing = min(SPACING_SPACES * gap, free // max(1, len(line) - 1))
    x = 2
    for labelled in line:
        _, key, words = labelled
        surface.blit(key, (x, y))
        surface.blit(words, (x + key.get_width() + gap, y))
        x += _width(ui, labelled) + spacing


def bar_width(ui: Ui, controls: list[Control]) -> int:
    """How wide the button bar naming ``controls`` is, from its left end."""
    pairs = _pairs(ui, controls)
    gap = ui.font().size(" ")[0]
    widths = [_width(ui, labelled) for labelled in pairs]
    free = ui.layout.width - 4 - sum(widths)
    spacing = min(SPACING_SPACES * gap, free // max(1, len(widths) - 1))
    return sum(widths) + spacing * max(0, len(widths) - 1)


def draw_button_bar(
    surface: pygame.Surface, ui: Ui, controls: list[Control], y: int
) -> list[Control]:
    """One line across the screen at ``y``: the controls in order of importance,
    each that still fits (one too wide leaves room for a shorter one after it).
    Returns the controls drawn."""
    (line,) = _fill_lines(ui, controls, 1)
    _draw_line(surface, ui, line, y)
    return [item for item, _, _ in line]


def fits_in_margin(ui: Ui, item: Control, room: int) -> bool:
    """Whether ``item`` fits in a margin ``room`` pixels wide, a wide gap away from the
    text before it (False when this device has none of its buttons)."""
    label = control_label(ui, item)
    if label is None:
        return False
    gap = ui.font().size(" ")[0]
    width = ui.font(bold=True).size(label)[0] + gap + ui.font().size(ui.t(item.does))[0]
    return room >= width + SPACING_SPACES * gap


def draw_in_margins(
    surface: pygame.Surface, ui: Ui, controls: list[Control], margins: list[pygame.Rect]
) -> list[Control]:
    """Controls a bar had no room for, in order of importance, each at the right end of
    the first margin (the free end of a line of text) that holds it a wide gap away from
    the text; the margins shrink by what is drawn in them.  Returns the controls drawn."""
    gap = ui.font().size(" ")[0]
    drawn: list[Control] = []
    for labelled in _pairs(ui, controls):
        item, key, words = labelled
        width = _width(ui, labelled)
        spot = next((m for m in margins if fits_in_margin(ui, item, m.w)), None)
        if spot is None:
            continue
        x = spot.right - width
        surface.blit(key, (x, spot.y))
        surface.blit(words, (x + key.get_width() + gap, spot.y))
        spot.w -= width + SPACING_SPACES * gap
        drawn.append(item)
    return drawn


def draw_button_column(
    surface: pygame.Surface, ui: Ui, controls: list[Control], area: pygame.Rect
) -> tuple[int, list[Control]]:
    """The controls at the bottom of ``area``, one per line; one too wide for its line
    puts its words on the next, indented (never dropped while it fits that way).
    Returns the top of the column and the controls drawn."""
    gap = ui.font().size(" ")[0]
    room = area.w - 6
    placed: list[tuple[Control, pygame.Surface, pygame.Surface, bool]] = []
    for item, key, words in _pairs(ui, controls):
        if key.get_width() + gap + words.get_width() <= room:
            placed.append((item, key, words, False))
        elif max(key.get_width(), 2 * gap + words.get_width()) <= room:
            placed.append((item, key, words, True))
    lines = sum(2 if below else 1 for _, _, _, below in placed)
    y = area.bottom - lines * ui.layout.line - 2
    top = y
    for _, key, words, below in placed:
        surface.blit(key, (area.x + 4, y))
        if below:
            y += ui.layout.line
            surface.blit(words, (area.x + 4 + 2 * gap, y))
        else:
            surface.blit(words, (area.x + 4 + key.get_width() + gap, y))
        y += ui.layout.line
    return top, [item for item, _, _, _ in placed]


def side_keys(ui: Ui) -> list[Button]:
    """The buttons that are neither a direction nor the choose button, in the order of
    the device's keys: the ones a key column names."""
    return [b for b in ui.profile.meanings.values() if b not in ARROWS and b is not Button.A]


def on_side_keys(ui: Ui, item: Control) -> bool:
    """Whether every button of ``item`` this device has is a side key."""
    present = [b for b in item.buttons if button_label(ui, b) is not None]
    return bool(present) and all(b in side_keys(ui) for b in present)


def key_slots(ui: Ui, area: pygame.Rect) -> list[tuple[Button, pygame.Rect]]:
    """Each side key's share of ``area``, the strip along the edge of the picture the
    keys stand beside: in the keys' order going clockwise along that edge (down the
    right, leftwards along the bottom, up the left, rightwards along the top), so that
    each share lies beside its key however the picture is turned."""
    keys = side_keys(ui)
    edge = ui.layout.keys_edge
    along = edge in (Edge.TOP, Edge.BOTTOM)
    slot = (area.w if along else area.h) // max(1, len(keys))
    slots = []
    for index, button in enumerate(keys):
        step = len(keys) - 1 - index if edge in (Edge.BOTTOM, Edge.LEFT) else index
        if along:
            box = pygame.Rect(area.x + step * slot, area.y, slot, area.h)
        else:
            box = pygame.Rect(area.x, area.y + step * slot, area.w, slot)
        slots.append((button, box))
    return slots


def draw_key_column(
    surface: pygame.Surface, ui: Ui, controls: list[Control], area: pygame.Rect
) -> list[Control]:
    """Each side key in its slot beside it (see ``key_slots``): its name, and what it
    does here next to it, on the side away from the key (nothing where it does
    nothing); in a column too narrow for the words, the name and the words turned on
    their side, side by side.  Returns the controls drawn."""
    pygame.draw.rect(surface, ui.palette.panel, area)
    edge = ui.layout.keys_edge
    turned = edge in (Edge.LEFT, Edge.RIGHT) and area.w < KEY_COLUMN_MIN_EMS * ui.layout.text_size
    drawn: list[Control] = []
    for button, box in key_slots(ui, area):
        item = next((c for c in controls if button in c.buttons), None)
        label = button_label(ui, button)
        if item is None or label is None:
            continue
        if edge in (Edge.TOP, Edge.BOTTOM):
            lines = _row_label(ui, label, item, box.w)
        else:
            lines = _key_lines(ui, label, item, box.h if turned else box.w)
        if lines is None:
            continue
        if turned:
            _blit_turned(surface, ui, lines, box, edge)
        else:
            _blit_upright(surface, ui, lines, box)
        if item not in drawn:
            drawn.append(item)
    return drawn


def _blit_upright(
    surface: pygame.Surface, ui: Ui, lines: list[pygame.Surface], box: pygame.Rect
) -> None:
    """``lines`` one under another in the middle of ``box`` (centred in a row of keys,
    from the left in a column)."""
    row = box.w > box.h
    y = box.y + (box.h - len(lines) * ui.layout.line) // 2
    for line in lines:
        x = box.centerx - line.get_width() // 2 if row else box.x + 2
        surface.blit(line, (x, y))
        y += ui.layout.line


def _row_label(ui: Ui, label: str, item: Control, room: int) -> list[pygame.Surface] | None:
    """A key's label in a row of keys, one line ``room`` wide: its name and what it does,
    or where both do not fit, what it does alone, in the keys' colour (the label stands
    beside its key, whose name is printed beside it on the device; None: not even that
    fits)."""
    bold = ui.font(bold=True)
    words = ui.t(item.does)
    both = f"{label} {words}"
    for line in (both, words):
        if bold.size(line)[0] <= room - 4:
            return [bold.render(line, True, ui.palette.cursor)]
    return None


def _key_lines(ui: Ui, label: str, item: Control, room: int) -> list[pygame.Surface] | None:
    """A key's name and what it does, a line each, wrapped to ``room`` (None: a word
    is too long for it)."""
    plain = ui.font()
    words = ui.wrap(ui.t(item.does), plain, room - 4)
    lines = [ui.font(bold=True).render(label, True, ui.palette.cursor)]
    lines += [plain.render(line, True, ui.palette.text) for line in words]
    if any(line.get_width() > room - 4 for line in lines):
        return None
    return lines


def _blit_turned(
    surface: pygame.Surface, ui: Ui, lines: list[pygame.Surface], box: pygame.Rect, edge: Edge
) -> None:
    """``lines`` turned a quarter with their tops towards the screen's edge (reading
    down on the right, up on the left), side by side from that edge, each centred on
    ``box``'s middle: the first (the key's name) nearest the edge, where the key is."""
    on_right = edge is Edge.RIGHT
    for index, line in enumerate(lines):
        image = pygame.transform.rotate(line, -90 if on_right else 90)
        # the line box's leading (two pixels on the edge's side) may overhang the screen
        if on_right:
            x = box.right + 2 - image.get_width() - index * ui.layout.line
        else:
            x = box.x - 2 + index * ui.layout.line
        surface.blit(image, (x, box.centery - image.get_height() // 2))


def screen_bar_top(ui: Ui, lines: int | None = None) -> int:
    """Where the bottom bar of a full screen starts: content must stay above it.
    The bar has as many ``lines`` as the panel gives it unless told."""
    lines = ui.layout.screen_bar_lines if lines is None else lines
    return ui.layout.height - lines * ui.layout.line - 2


def draw_screen_bar(
    surface: pygame.Surface, ui: Ui, controls: list[Control], lines: int | None = None
) -> list[Control]:
    """The bar along the bottom of a full screen (menus, rules, end of game), on as
    many lines as the panel gives it (or ``lines``).  Returns the controls drawn."""
    lines = ui.layout.screen_bar_lines if lines is None else lines
    top = screen_bar_top(ui, lines)
    pygame.draw.rect(surface, ui.palette.panel, (0, top, ui.layout.width, ui.layout.height - top))
    drawn: list[Control] = []
    for index, line in enumerate(_fill_lines(ui, controls, lines)):
        _draw_line(surface, ui, line, top + index * ui.layout.line)
        drawn += [item for item, _, _ in line]
    return drawn
