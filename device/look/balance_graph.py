"""The review's graph of who was winning, move by move, and its marks.

Red's chance of winning runs from the bottom of the box (Blue certain to win)
to the top (Red certain to win), the game's moves from left to right.  The
area between the curve and the middle line takes the colour of the player
ahead, so a glance shows who led and when it changed; the moments worth
looking at stand as thin lines across the graph, the chosen one bright, and
the decisive move has a small gold triangle over its line (the list of
moments marks it the same way).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from device.look.ui import Ui
from engine.ai.review import CERTAIN, EVEN, Permille, Ply
from engine.pieces import BLUE, RED, Colour

SHADE = 0.45
"""How much of a player's colour fills their side of the graph (the rest is the panel)."""


def _mix(colour: tuple[int, int, int], base: tuple[int, int, int], share: float) -> tuple[int, ...]:
    return tuple(round(c * share + b * (1 - share)) for c, b in zip(colour, base, strict=True))


def graph_point(box: pygame.Rect, ply: Ply, plies: int, red: Permille) -> tuple[int, int]:
    """Where Red's chance ``red`` after ``ply`` of ``plies`` moves stands in ``box``."""
    x = box.x + (box.w - 1) * ply // max(1, plies)
    y = box.y + (box.h - 1) * (CERTAIN - red) // CERTAIN
    return x, y


def draw_balance_graph(
    surface: pygame.Surface,
    ui: Ui,
    box: pygame.Rect,
    chances: Sequence[Permille],
    moments: Sequence[Ply],
    chosen: Ply | None,
    turning: Ply | None,
) -> None:
    """The graph of Red's ``chances`` (one per position, start to end) in ``box``,
    with a line across it at each of the ``moments`` (the ``chosen`` one bright,
    the ``turning`` point under the decisive sign) and each end named by the win
    it leads to."""
    palette = ui.palette
    pygame.draw.rect(surface, palette.panel, box)
    plies = len(chances) - 1
    middle = graph_point(box, 0, max(1, plies), EVEN)[1]
    for ply in range(plies):
        x0, y0 = graph_point(box, ply, plies, chances[ply])
        x1, y1 = graph_point(box, ply + 1, plies, chances[ply + 1])
        for x in range(x0, max(x0 + 1, x1)):
            y = y0 + (y1 - y0) * (x - x0) // max(1, x1 - x0)
            leader = RED if y < middle else BLUE
            fill = _mix(palette.players[leader], palette.panel, SHADE)
            pygame.draw.line(surface, fill, (x, middle), (x, y))
    pygame.draw.line(surface, palette.dim, (box.x, middle), (box.right - 1, middle))
    for ply in moments:
        colour = palette.cursor if ply == chosen else palette.dim
        x = graph_point(box, ply, max(1, plies), EVEN)[0]
        pygame.draw.line(
            surface, colour, (x, box.y), (x, box.bottom - 1), 2 if ply == chosen else 1
        )
    if plies > 0:
        points = [graph_point(box, ply, plies, red) for ply, red in enumerate(chances)]
        pygame.draw.lines(surface, palette.text, False, points, 2)
    if turning is not None:
        x = graph_point(box, turning, max(1, plies), EVEN)[0]
        draw_decisive_sign(surface, ui, (x, box.y + sign_size(ui) // 2 + 1))
    _draw_names(surface, ui, box)
    pygame.draw.rect(surface, palette.dim, box, width=1)


def _draw_names(surface: pygame.Surface, ui: Ui, box: pygame.Rect) -> None:
    """ "Red wins" at the top, "Blue wins" at the bottom, inside the box: what the
    graph measures, in its own words."""
    font = ui.font()
    for colour in (RED, BLUE):
        wins = ui.t("end.wins", colour=ui.colour_name(colour))
        words = font.render(wins, True, ui.palette.players_light[colour])
        y = box.y + 1 if colour == RED else box.bottom - words.get_height()
        backing = words.get_rect(topleft=(box.x + 3, y)).inflate(4, 0)
        pygame.draw.rect(surface, ui.palette.panel, backing.clip(box))
        surface.blit(words, (box.x + 3, y))


def sign_size(ui: Ui) -> int:
    """Half the width of the decisive move's sign."""
    return max(4, ui.layout.line // 3)


def draw_decisive_sign(surface: pygame.Surface, ui: Ui, centre: tuple[int, int]) -> int:
    """The decisive move's sign, a gold triangle pointing down; returns its width."""
    size = sign_size(ui)
    x, y = centre
    tip = [(x - size, y - size // 2), (x + size, y - size // 2), (x, y + size // 2 + 1)]
    pygame.draw.polygon(surface, ui.palette.crown, tip)
    return 2 * size


def draw_player_dot(
    surface: pygame.Surface, ui: Ui, colour: Colour, centre: tuple[int, int], radius: int
) -> None:
    """A small disc of a player's colour (a square for Blue where shapes tell colours)."""
    fill = ui.palette.players[colour]
    if ui.palette.shapes and colour == BLUE:
        square = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        square.center = centre
        pygame.draw.rect(surface, fill, square)
    else:
        pygame.draw.circle(surface, fill, centre, radius)
