"""The rules, paged, with small board diagrams drawn by the game's own board code."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from device.board_view import BoardMarks, draw_board
from device.buttons import Button
from device.i18n import RULE_PAGES
from device.layout import Layout
from device.screen import Host, Screen
from engine.geometry import cell_at
from engine.moves import DISPLACEMENT, kind_of, landing_of, origin_of, target_of
from engine.pieces import piece
from engine.position import Position

OFFSET = 2
"""Diagrams sit this many cells in from the board's corner, away from the edges."""


@dataclass
class Diagram:
    rows: list[str]
    """Top row first; tokens ``.``, ``r1``..``r4``, ``b1``..``b4``."""
    selected: tuple[int, int] | None = None
    """(column, row from the top) of a chosen satellite whose moves are shown."""
    only_target: tuple[int, int] | None = None
    """Show only the moves to this cell (and, for a displacement, its landings)."""
    position: Position = field(init=False)

    def __post_init__(self) -> None:
        self.position = Position()
        for row_index, row in enumerate(self.rows):
            for column, token in enumerate(row.split()):
                if token != ".":
                    colour = 0 if token[0] == "r" else 1
                    self.position.place(self.cell(column, row_index), piece(colour, int(token[1])))
        self.position.rebuild_groups()

    @property
    def size(self) -> tuple[int, int]:
        return (len(self.rows[0].split()), len(self.rows))

    def cell(self, column: int, row: int) -> int:
        return cell_at(column + OFFSET, len(self.rows) - 1 - row + OFFSET)

    def marks(self) -> BoardMarks:
        marks = BoardMarks()
        if self.selected is None:
            return marks
        origin = self.cell(*self.selected)
        marks.selected = origin
        moves = [m for m in self.position.legal_moves() if origin_of(m) == origin]
        if self.only_target is not None:
            target = self.cell(*self.only_target)
            moves = [m for m in moves if target_of(m) == target]
        for move in moves:
            if kind_of(move) == DISPLACEMENT:
                marks.displaced = target_of(move)
                marks.landings = [*marks.landings, landing_of(move)]
            else:
                marks.targets = {**marks.targets, target_of(move): kind_of(move)}
        return marks


def _diagrams() -> dict[int, Diagram]:
    return {
        1: Diagram([". . . .", ". r2 b1 .", ". b3 r4 .", ". . . ."]),
        2: Diagram([". . . . .", ". . . . .", ". . r2 . .", ". . . . .", ". . . . ."], (2, 2)),
        3: Diagram([". . . b2 .", "r3 . . . .", ". . . . ."], (0, 1)),
        4: Diagram(["r1 b2 r3 . .", "b4 r2 b1 . .", ". . . . .", ". . . r4 b3"]),
        5: Diagram(
            [". . . . .", ". r1 . . .", "r2 b3 b2 . .", ". . . . .", ". . . . .", ". . r3 . ."],
            selected=(2, 5),
            only_target=(2, 2),
        ),
        7: Diagram(["r4 b2 r3", ". . .", "b4 r3 b4"]),
    }


class RulesScreen(Screen):
    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.page = 1
        self.diagrams = _diagrams()

    def handle(self, button: Button) -> None:
        if button in (Button.B, Button.MENU):
            self.host.pop()
        elif button in (Button.LEFT, Button.UP, Button.PREV):
            self.page = max(1, self.page - 1)
        elif button in (Button.RIGHT, Button.DOWN, Button.NEXT, Button.SELECT, Button.A):
            if button is Button.A and self.page == RULE_PAGES:
                self.host.pop()
            self.page = min(RULE_PAGES, self.page + 1)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        ui = self.ui
        layout = ui.layout
        palette = ui.palette
        heading = ui.t("rules.title", page=self.page, pages=RULE_PAGES)
        heading += " · " + ui.t(f"rules.{self.page}.title")
        title_font = ui.font(layout.text_size + 1, bold=True)
        surface.blit(title_font.render(heading, True, palette.text), (6, 4))
        top = 8 + title_font.get_linesize()
        nav = ui.font(layout.small_size)
        profile = ui.profile
        words = ui.t(
            "rules.nav", pages=profile.paging_buttons, back=profile.button_for("help.back")
        )
        footer = nav.render(words, True, palette.dim)
        bottom = layout.height - footer.get_height() - 3
        surface.blit(footer, ((layout.width - footer.get_width()) // 2, bottom))
        diagram = self.diagrams.get(self.page)
        beside = layout.width > layout.height * 5 // 4 and diagram is not None
        text_width = layout.width * 11 // 20 if beside else layout.width - 12
        font = ui.font(layout.small_size if not beside else layout.text_size)
        lines = ui.wrap(ui.t(f"rules.{self.page}.text"), font, text_width)
        text_bottom = ui.draw_lines(surface, lines, font, (6, top))
        if diagram is not None:
            if beside:
                area = pygame.Rect(
                    text_width + 12, top, layout.width - text_width - 18, bottom - top
                )
            else:
                area = pygame.Rect(6, text_bottom + 4, layout.width - 12, bottom - text_bottom - 8)
            self._draw_diagram(surface, diagram, area)
        elif self.page == 6:
            big = ui.font(layout.title_size, bold=True)
            image = big.render("\u26a1 3 \u2192 2 \u2192 1", True, palette.crown)
            surface.blit(image, ((layout.width - image.get_width()) // 2, text_bottom + 10))

    def _draw_diagram(self, surface: pygame.Surface, diagram: Diagram, area: pygame.Rect) -> None:
        columns, rows = diagram.size
        cell = max(8, min(area.w // columns, area.h // rows, self.ui.layout.cell + 4))
        width, height = columns * cell, rows * cell
        window = pygame.Rect(0, 0, width, height)
        window.center = area.center
        board = pygame.Rect(
            window.x - OFFSET * cell,
            window.bottom + OFFSET * cell - 10 * cell,
            10 * cell,
            10 * cell,
        )
        layout = Layout(
            width=self.ui.layout.width,
            height=self.ui.layout.height,
            board=board,
            cell=cell,
            hud=pygame.Rect(0, 0, 0, 0),
            side_panel=False,
            text_size=self.ui.layout.text_size,
            small_size=self.ui.layout.small_size,
            title_size=self.ui.layout.title_size,
        )
        surface.set_clip(window)
        draw_board(
            surface, layout, self.ui.palette, self.ui.fonts, diagram.position, diagram.marks()
        )
        surface.set_clip(None)
        pygame.draw.rect(surface, self.ui.palette.dim, window.inflate(2, 2), width=1)
