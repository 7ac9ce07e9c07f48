"""Drawing the board: cells, satellites, groups, and the marks of the current choice."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from functools import partial
from itertools import pairwise

import pygame

from device.look.layout import Layout, satellite_square, value_spot
from device.look.theme import Colour, Fonts, Palette
from device.play.selection import reading_order
from engine.geometry import EDGE_BITS, EDGES_OF, cell_at, file_of, rank_of
from engine.moves import CONNECTION, DISPLACEMENT, PASS, kind_of, landing_of, origin_of, target_of
from engine.pieces import BLUE, NOBODY, colour_of, value_of
from engine.position import Position
from engine.scoring import Group, groups

NORTH, SOUTH, WEST, EAST = 0, 1, 2, 3


@dataclass
class BoardMarks:
    """Everything drawn over the bare position."""

    cursor: int | None = None
    movable: Collection[int] = ()
    selected: int | None = None
    targets: Mapping[int, int] = field(default_factory=dict)
    """Destination cell -> move kind."""
    displaced: int | None = None
    landings: Collection[int] = ()
    last_move: int | None = None
    hint: int | None = None
    hidden: Collection[int] = ()
    """Cells whose satellite is drawn elsewhere (it is moving)."""


def cell_centre(layout: Layout, cell: int) -> tuple[int, int]:
    return layout.cell_rect(file_of(cell), rank_of(cell)).center


def satellite_look(palette: Palette, code: int, connected: bool) -> tuple[Colour, Colour]:
    """(fill, value colour): a loose satellite is its player's colour with a white
    value; a connected one the same hue lightened, with a dark value.  Nothing is drawn
    round or across the value, whatever the cell's size."""
    colour = colour_of(code)
    if connected:
        return palette.players_light[colour], palette.background
    return palette.players[colour], palette.player_text


def draw_satellite(
    surface: pygame.Surface,
    layout: Layout,
    fonts: Fonts,
    palette: Palette,
    centre: tuple[float, float],
    size: int,
    code: int,
    connected: bool,
) -> None:
    """One satellite: a disc (square for Blue with shapes on) holding its value."""
    square = draw_satellite_body(surface, layout, palette, centre, size, code, connected)
    _, ink = satellite_look(palette, code, connected)
    font = fonts.get(layout.value_size(fonts, size), bold=True)
    label = font.render(str(value_of(code)), True, ink)
    surface.blit(label, value_spot(square, label.get_bounding_rect()))


def draw_satellite_body(
    surface: pygame.Surface,
    layout: Layout,
    palette: Palette,
    centre: tuple[float, float],
    size: int,
    code: int,
    connected: bool,
) -> pygame.Rect:
    """A satellite without its value; returns the square its disc fills."""
    fill, _ = satellite_look(palette, code, connected)
    radius = layout.disc_radius(size)
    square = satellite_square(centre, radius)
    if palette.shapes and colour_of(code) == BLUE:
        pygame.draw.rect(surface, fill, square.inflate(-2, -2), border_radius=max(2, size // 8))
    else:
        pygame.draw.circle(surface, fill, square.center, radius)
    return square


def _draw_cells(surface: pygame.Surface, layout: Layout, palette: Palette) -> None:
    pygame.draw.rect(surface, palette.grid, layout.board.inflate(2, 2))
    for cell in range(100):
        f, r = file_of(cell), rank_of(cell)
        if EDGES_OF[cell]:
            colour = palette.edge
        else:
            colour = palette.board_light if (f + r) % 2 else palette.board_dark
        pygame.draw.rect(surface, colour, layout.cell_rect(f, r).inflate(-1, -1))


def _draw_free_edges(
    surface: pygame.Surface, layout: Layout, palette: Palette, position: Position
) -> None:
    if not position.connections_open():
        return
    width = max(2, layout.cell // 8)
    for edge in position.free_edges():
        start, end = _edge_line(layout, edge)
        pygame.draw.line(surface, palette.free_edge, start, end, width)


def _edge_line(layout: Layout, edge: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The outer side of an edge's cells, as the engine counts them: the corners
    belong to no edge, so the mark never runs along one."""
    cells = [c for c in range(100) if EDGES_OF[c] == EDGE_BITS[edge]]
    span = layout.cell_rect(file_of(cells[0]), rank_of(cells[0])).unionall(
        [layout.cell_rect(file_of(c), rank_of(c)) for c in cells[1:]]
    )
    lines = {
        NORTH: ((span.left, span.top), (span.right - 1, span.top)),
        SOUTH: ((span.left, span.bottom - 1), (span.right - 1, span.bottom - 1)),
        WEST: ((span.left, span.top), (span.left, span.bottom - 1)),
        EAST: ((span.right - 1, span.top), (span.right - 1, span.bottom - 1)),
    }
    return lines[edge]


def _group_colour(group: Group, palette: Palette) -> Colour:
    if not group.is_colony:
        return palette.pair
    controller = group.controller
    return palette.disputed if controller == NOBODY else palette.players_light[controller]


def _draw_group_outline(
    surface: pygame.Surface, layout: Layout, palette: Palette, group: Group
) -> None:
    """The outline around a group's cells: thick for colonies, thin for pairs."""
    members = set(group.cells)
    colour = _group_colour(group, palette)
    width = max(3, layout.cell // 8) if group.is_colony else 2
    for cell in members:
        rect = layout.cell_rect(file_of(cell), rank_of(cell))
        f, r = file_of(cell), rank_of(cell)
        sides = (
            (r + 1, f, rect.topleft, rect.topright),
            (r - 1, f, rect.bottomleft, rect.bottomright),
            (r, f - 1, rect.topleft, rect.bottomleft),
            (r, f + 1, rect.topright, rect.bottomright),
        )
        for nr, nf, start, end in sides:
            inside = 0 <= nr < 10 and 0 <= nf < 10 and cell_at(nf, nr) in members
            if not inside:
                pygame.draw.line(surface, colour, start, end, width)


def _draw_crown(surface: pygame.Surface, colour: Colour, rect: pygame.Rect) -> None:
    x, y, w, h = rect.x, rect.y, rect.w, rect.h
    points = [
        (x, y + h),
        (x, y + h // 3),
        (x + w // 4, y + h * 2 // 3),
        (x + w // 2, y),
        (x + w * 3 // 4, y + h * 2 // 3),
        (x + w, y + h // 3),
        (x + w, y + h),
    ]
    pygame.draw.polygon(surface, colour, points)


def _chip_label(fonts: Fonts, layout: Layout, palette: Palette, group: Group) -> pygame.Surface:
    """A colony's total, in the legible size (plain, where values are bold), in the
    colony's colour, cropped to its ink."""
    font = fonts.get(layout.text_size)
    image = font.render(str(group.total), True, _group_colour(group, palette))
    return image.subsurface(image.get_bounding_rect()).copy()


def _chip_rect(label: pygame.Surface, crowned: bool) -> pygame.Rect:
    height = label.get_height() + 5
    crown = height if crowned else 0
    return pygame.Rect(0, 0, label.get_width() + 8 + crown, height)


def _place_chips(
    layout: Layout,
    position: Position,
    chips: list[tuple[Group, pygame.Rect]],
    avoid: Collection[int],
) -> list[tuple[Group, pygame.Rect]]:
    """Put each colony's chip on empty cells near it, clear of every satellite and other chip.

    A chip stands on the corner of four empty cells where it can, else astride two,
    else on one (reaching half into each empty neighbour); it covers no mark of the
    cells in ``avoid`` (marked destinations and landings) unless nothing else is free.
    """
    radius = layout.disc_radius(layout.cell)
    discs = []
    for cell in range(100):
        if position.board[cell]:
            disc = pygame.Rect(0, 0, 2 * radius - 2, 2 * radius - 2)
            disc.center = cell_centre(layout, cell)
            discs.append(disc)
    marks = [
        pygame.Rect(cell_centre(layout, cell), (0, 0)).inflate(radius, radius) for cell in avoid
    ]
    placed: list[tuple[Group, pygame.Rect]] = []
    empty = [cell for cell in range(100) if not position.board[cell]]
    half = layout.cell // 2
    for group, size in chips:
        cells = sorted(empty, key=partial(_spot_preference, group, avoid))
        # on a corner of four cells first, else astride two: a total stands where a
        # satellite never would
        corners = ((half, half), (-half, half), (half, -half), (-half, -half))
        spots = (
            _free_spot(layout, size, cell, shifts, obstacles, [rect for _, rect in placed])
            for obstacles in (discs + marks, discs)
            for shifts in (corners, ((half, 0), (-half, 0)), ((0, 0),))
            for cell in cells
        )
        spot = next((spot for spot in spots if spot is not None), None)
        if spot is not None:
            placed.append((group, spot))
    return placed


def _spot_preference(
    group: Group, avoid: Collection[int], cell: int
) -> tuple[bool, int, tuple[int, int]]:
    """Free of marks first, then nearest the colony, then reading order."""
    return (cell in avoid, _steps_to(group, cell), reading_order(cell))


def _steps_to(group: Group, cell: int) -> int:
    """King steps from ``cell`` to the nearest satellite of ``group``."""
    return min(
        max(abs(file_of(cell) - file_of(m)), abs(rank_of(cell) - rank_of(m))) for m in group.cells
    )


def _free_spot(
    layout: Layout,
    size: pygame.Rect,
    cell: int,
    shifts: tuple[tuple[int, int], ...],
    discs: list[pygame.Rect],
    chips: list[pygame.Rect],
) -> pygame.Rect | None:
    x, y = cell_centre(layout, cell)
    for dx, dy in shifts:
        rect = size.copy()
        rect.center = (x + dx, y + dy)
        if not layout.view.contains(rect):
            continue
        if rect.collidelist(discs) < 0 and rect.inflate(2, 2).collidelist(chips) < 0:
            return rect
    return None


def _draw_chip(
    surface: pygame.Surface,
    layout: Layout,
    palette: Palette,
    group: Group,
    label: pygame.Surface,
    rect: pygame.Rect,
) -> None:
    """The chip: a dark tag framed in the colony's colour, the total in that colour
    (never a filled disc with a bold value, as a satellite is), a crown in front at 6
    satellites."""
    colour = _group_colour(group, palette)
    pygame.draw.rect(surface, palette.background, rect)
    pygame.draw.rect(surface, colour, rect, width=2)
    text_left = rect.x + 4
    if group.is_crowned:
        crown = pygame.Rect(rect.x + 4, rect.y + 4, rect.h - 8, rect.h - 8)
        _draw_crown(surface, colour, crown)
        text_left = crown.right + 3
    surface.blit(label, (text_left, rect.centery - label.get_height() // 2))


def _draw_leader(
    surface: pygame.Surface, layout: Layout, palette: Palette, group: Group, rect: pygame.Rect
) -> None:
    """A line from the chip to the nearest satellite of its colony (drawn under the discs)."""
    nearest = min(
        group.cells,
        key=lambda c: (
            (cell_centre(layout, c)[0] - rect.centerx) ** 2
            + (cell_centre(layout, c)[1] - rect.centery) ** 2
        ),
    )
    pygame.draw.line(
        surface, _group_colour(group, palette), rect.center, cell_centre(layout, nearest), 2
    )


def _cells_of(move: int) -> list[int]:
    """From, to, and (for a displacement) where the displaced satellite went."""
    cells = [origin_of(move), target_of(move)]
    if kind_of(move) == DISPLACEMENT:
        cells.append(landing_of(move))
    return cells


def _draw_path(surface: pygame.Surface, layout: Layout, colour: Colour, move: int) -> None:
    """A move's line from cell to cell, drawn under the satellites it passes."""
    cells = _cells_of(move)
    width = max(2, layout.cell // 8)
    for start, end in pairwise(cells):
        begin, finish = cell_centre(layout, start), cell_centre(layout, end)
        pygame.draw.line(surface, colour, begin, finish, width)


def _draw_marks_under(
    surface: pygame.Surface, layout: Layout, palette: Palette, marks: BoardMarks
) -> None:
    if marks.last_move is not None and marks.last_move != PASS:
        _draw_path(surface, layout, palette.last_move, marks.last_move)
        for cell in _cells_of(marks.last_move):
            rect = layout.cell_rect(file_of(cell), rank_of(cell)).inflate(-2, -2)
            pygame.draw.rect(surface, palette.last_move, rect, width=2)
    if marks.hint is not None and marks.hint != PASS:
        _draw_path(surface, layout, palette.hint, marks.hint)
    if marks.selected is not None:
        rect = layout.cell_rect(file_of(marks.selected), rank_of(marks.selected)).inflate(-1, -1)
        pygame.draw.rect(surface, palette.selected, rect)


def _draw_marks_over(
    surface: pygame.Surface, layout: Layout, palette: Palette, marks: BoardMarks
) -> None:
    size = layout.cell
    for cell in marks.movable:
        rect = layout.cell_rect(file_of(cell), rank_of(cell))
        tick = max(3, size // 5)
        colour = palette.cursor
        x0, y0, x1, y1 = rect.left + 1, rect.top + 1, rect.right - 2, rect.bottom - 2
        for (x, y), (dx, dy) in (
            ((x0, y0), (1, 1)),
            ((x1, y0), (-1, 1)),
            ((x0, y1), (1, -1)),
            ((x1, y1), (-1, -1)),
        ):
            pygame.draw.line(surface, colour, (x, y), (x + dx * tick, y), 1)
            pygame.draw.line(surface, colour, (x, y), (x, y + dy * tick), 1)
    for cell, kind in marks.targets.items():
        centre = cell_centre(layout, cell)
        if kind == CONNECTION:
            pygame.draw.circle(
                surface,
                palette.connection_target,
                centre,
                size * 30 // 100,
                width=max(2, size // 8),
            )
            pygame.draw.circle(surface, palette.connection_target, centre, max(2, size // 9))
        elif kind == DISPLACEMENT:
            rect = layout.cell_rect(file_of(cell), rank_of(cell)).inflate(-2, -2)
            pygame.draw.rect(surface, palette.displacement_target, rect, width=max(2, size // 8))
        else:
            pygame.draw.circle(surface, palette.normal_target, centre, max(2, size // 8))
    if marks.displaced is not None:
        rect = layout.cell_rect(file_of(marks.displaced), rank_of(marks.displaced)).inflate(-2, -2)
        pygame.draw.rect(surface, palette.displacement_target, rect, width=max(2, size // 8))
    for cell in marks.landings:
        centre = cell_centre(layout, cell)
        pygame.draw.circle(surface, palette.landing, centre, size * 32 // 100)
        pygame.draw.circle(surface, palette.background, centre, size * 32 // 100, width=1)
    if marks.hint is not None and marks.hint != PASS:
        # rings round the cells, never over the values in them
        for cell in _cells_of(marks.hint)[1:]:
            rect = layout.cell_rect(file_of(cell), rank_of(cell))
            pygame.draw.rect(
                surface, palette.hint, rect.inflate(-1, -1), width=2, border_radius=size // 3
            )
    if marks.cursor is not None:
        rect = layout.cell_rect(file_of(marks.cursor), rank_of(marks.cursor))
        pygame.draw.rect(surface, palette.cursor, rect.inflate(1, 1), width=max(2, size // 10))


def colony_chips(
    layout: Layout, fonts: Fonts, palette: Palette, position: Position, marks: BoardMarks
) -> list[tuple[Group, pygame.Rect, pygame.Surface]]:
    """Each colony's total: the colony, where its chip stands, and its label."""
    colonies = [group for group in groups(position) if group.is_colony]
    labels = {id(group): _chip_label(fonts, layout, palette, group) for group in colonies}
    wanted = [(group, _chip_rect(labels[id(group)], group.is_crowned)) for group in colonies]
    placed = _place_chips(layout, position, wanted, {*marks.targets, *marks.landings})
    return [(group, rect, labels[id(group)]) for group, rect in placed]


def draw_board(
    surface: pygame.Surface,
    layout: Layout,
    palette: Palette,
    fonts: Fonts,
    position: Position,
    marks: BoardMarks,
) -> None:
    _draw_cells(surface, layout, palette)
    _draw_free_edges(surface, layout, palette, position)
    _draw_marks_under(surface, layout, palette, marks)
    found = groups(position)
    for group in found:
        _draw_group_outline(surface, layout, palette, group)
    chips = colony_chips(layout, fonts, palette, position, marks)
    for group, rect, _ in chips:
        _draw_leader(surface, layout, palette, group, rect)
    for cell in range(100):
        code = position.board[cell]
        if code and cell not in marks.hidden:
            draw_satellite(
                surface,
                layout,
                fonts,
                palette,
                cell_centre(layout, cell),
                layout.cell,
                code,
                position.is_connected(cell),
            )
    for group, rect, label in chips:
        _draw_chip(surface, layout, palette, group, label, rect)
    _draw_marks_over(surface, layout, palette, marks)


Slide = tuple[int, int, int]
"""A satellite moving into place: (from cell, to cell, the satellite)."""


def slides(position: Position, move: int) -> list[Slide]:
    """The satellites ``move`` moved, read from ``position`` (the one it left): the
    mover and, for a displacement, the satellite it pushed."""
    moving = [(origin_of(move), target_of(move), position.board[target_of(move)])]
    if kind_of(move) == DISPLACEMENT:
        landing = landing_of(move)
        moving.append((target_of(move), landing, position.board[landing]))
    return moving


def draw_slides(
    surface: pygame.Surface,
    layout: Layout,
    fonts: Fonts,
    palette: Palette,
    moving: list[Slide],
    progress: float,
) -> None:
    """The moving satellites ``progress`` (0 to 1) of the way there (their ends are
    left out of the board's own drawing: ``BoardMarks.hidden``)."""
    for begin, end, code in moving:
        (x0, y0), (x1, y1) = cell_centre(layout, begin), cell_centre(layout, end)
        centre = (x0 + (x1 - x0) * progress, y0 + (y1 - y0) * progress)
        draw_satellite(surface, layout, fonts, palette, centre, layout.cell, code, False)
