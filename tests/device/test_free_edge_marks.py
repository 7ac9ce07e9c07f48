"""The free-edge marks follow the rule book: an edge is its 8 cells between the
corners, so no mark is ever drawn along a corner cell."""

import pygame
import pytest

from device.hardware.profiles import PROFILES
from device.look.board_view import BoardMarks, draw_board
from device.look.layout import Layout
from device.look.theme import COLOUR_BLIND, STANDARD, Fonts, Palette
from engine.geometry import file_of, rank_of
from engine.notation import parse_position

EMPTY_EDGES = "........../........../........../....r1...../........../" + (
    "........../.....b1..../........../........../.......... r 0 0 0"
)
CORNERS = (0, 9, 90, 99)
EDGE_CELLS = ((91, 98), (1, 8), (10, 80), (19, 89))
"""The first and last cell of each edge: North, South, West, East."""


def _marked(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    return sum(
        surface.get_at((x, y))[:3] == colour
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    )


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("palette", [STANDARD, COLOUR_BLIND])
def test_free_edges_are_marked_along_their_8_cells_and_never_on_a_corner(
    profile: str, palette: Palette
) -> None:
    pygame.font.init()
    fonts = Fonts()
    spec = PROFILES[profile]
    layout = Layout.for_screen(spec.width, spec.height, spec.diagonal_in, fonts)
    surface = pygame.Surface((spec.width, spec.height))
    position = parse_position(EMPTY_EDGES)
    assert position.free_edges() == [0, 1, 2, 3]
    draw_board(surface, layout, palette, fonts, position, BoardMarks())
    for corner in CORNERS:
        rect = layout.cell_rect(file_of(corner), rank_of(corner))
        assert _marked(surface, rect, palette.free_edge) == 0, f"corner {corner}"
    for first, last in EDGE_CELLS:
        for cell in (first, last):
            rect = layout.cell_rect(file_of(cell), rank_of(cell))
            assert _marked(surface, rect, palette.free_edge) > 0, f"edge cell {cell}"
