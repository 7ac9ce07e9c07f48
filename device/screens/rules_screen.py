"""The rules, paged, with small board diagrams drawn by the game's own board code."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pygame

from device.hardware.buttons import Button
from device.i18n import LEGEND_PAGE, RULE_PAGES
from device.look.board_view import BoardMarks, draw_board, draw_satellite
from device.look.controls import Control, control, draw_screen_bar, screen_bar_top
from device.look.pages import Block, Content, Words, draw_page, paginate, sentences
from device.screens.screen import AppView, Screen
from engine.geometry import cell_at
from engine.moves import (
    CONNECTION,
    DISPLACEMENT,
    NORMAL,
    encode,
    kind_of,
    landing_of,
    origin_of,
    target_of,
)
from engine.pieces import RED, piece
from engine.position import Position

FREE_EDGE_WORDS = ("legend.free_edge", "legend.no_corner")
HELD_EDGES_WORDS = ("legend.all_held", "legend.closed")
"""The words beside the legend's two edge pictures, a line each."""
GRACE = "\u26a1"
"""The grace moves' sign, in the words and the picture of the end page."""
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


def _follows_words(part: list[Block], picture: Block) -> bool:
    """Whether ``picture`` is on this screenful, under words (its sentence)."""
    at = next((index for index, block in enumerate(part) if block is picture), None)
    return at is not None and any(block.words for block in part[:at])


@dataclass
class Symbol:
    """One line of the legend: a small piece of board drawn by the board's own code."""

    key: str
    diagram: Diagram
    marks: Callable[[Diagram], BoardMarks]


def _legend() -> list[Symbol]:
    def at(column: int) -> Callable[[Diagram], int]:
        return lambda d: d.cell(column, 0)

    first, second = at(0), at(1)
    return [
        Symbol("legend.cursor", Diagram(["."]), lambda d: BoardMarks(cursor=first(d))),
        Symbol("legend.movable", Diagram(["r3"]), lambda d: BoardMarks(movable=[first(d)])),
        Symbol("legend.plain", Diagram(["."]), lambda d: BoardMarks(targets={first(d): NORMAL})),
        Symbol(
            "legend.connects", Diagram(["."]), lambda d: BoardMarks(targets={first(d): CONNECTION})
        ),
        Symbol(
            "legend.displaces",
            Diagram(["b2"]),
            lambda d: BoardMarks(targets={first(d): DISPLACEMENT}),
        ),
        Symbol("legend.landing", Diagram(["."]), lambda d: BoardMarks(landings=[first(d)])),
        Symbol(
            "legend.last",
            Diagram([". r2"]),
            lambda d: BoardMarks(last_move=encode(first(d), second(d), NORMAL)),
        ),
        Symbol(
            "legend.hint",
            Diagram(["r2 ."]),
            lambda d: BoardMarks(hint=encode(first(d), second(d), NORMAL)),
        ),
        Symbol("legend.connected", Diagram(["r2 b3"]), lambda d: BoardMarks()),
        Symbol("legend.total", Diagram(["r1 b2 r3", ". . ."]), lambda d: BoardMarks()),
    ]


class RulesScreen(Screen):
    def __init__(self, app: AppView) -> None:
        super().__init__(app)
        self.page = 1
        self.part = 0
        """Which screenful of the page (a long page continues on the next screen)."""
        self.parts = 1
        self.diagrams = _diagrams()
        self.legend = _legend()

    def handle(self, button: Button) -> None:
        if button in (Button.B, Button.MENU):
            self.app.pop()
        elif button in (Button.LEFT, Button.UP, Button.PREV):
            if self.part > 0:
                self.part -= 1
            elif self.page > 1:
                self.page -= 1
                self.part = len(self.screenfuls()) - 1
        elif button in (Button.RIGHT, Button.DOWN, Button.NEXT, Button.SELECT, Button.A):
            if self.part + 1 < len(self.screenfuls()):
                self.part += 1
            elif self.page < RULE_PAGES:
                self.page, self.part = self.page + 1, 0
            elif button is Button.A:
                self.app.pop()

    def parts_count(self) -> int:
        """How many screenfuls the current page takes."""
        return len(self.screenfuls())

    def controls(self) -> list[Control]:
        return [
            control("ctl.page", Button.NEXT, Button.PREV, Button.LEFT, Button.RIGHT),
            control("help.back", Button.B),
        ]

    def _content(self) -> pygame.Rect:
        top = self.ui.layout.line + 6
        return pygame.Rect(6, top, self.ui.layout.width - 12, screen_bar_top(self.ui) - top - 2)

    def _beside(self) -> bool:
        """Wide screens put the diagram beside the words."""
        layout = self.ui.layout
        return layout.width > layout.height * 5 // 4 and self.page in self.diagrams

    def screenfuls(self) -> list[list[Block]]:
        """The current page as screenfuls of blocks (the words of each block in its
        ``words``)."""
        ui = self.ui
        area = self._content()
        words = ui.t(f"rules.{self.page}.text")
        if self._beside():
            return paginate(ui, [Words(words)], area.w * 11 // 20, area.h)
        diagram = self.diagrams.get(self.page)
        if diagram is not None:
            height = diagram.size[1] * ui.layout.cell + 4
            block = Block(height, self._draw_diagram, with_words=True)
            return self._with_picture(words, block, area)
        content: list[Content] = [Words(words)]
        if self.page == LEGEND_PAGE:
            symbols = [self._symbol_block(symbol, area.w) for symbol in self.legend]
            symbols[0] = replace(symbols[0], with_words=True)
            # two lines of words beside a row of cells that starts half a line down
            edges = max(2 * ui.layout.line, ui.layout.line // 2 + ui.layout.cell) + 3
            content += [
                *symbols,
                Block(edges, self._draw_free_edge_symbol, words=self._words(FREE_EDGE_WORDS)),
                Block(edges, self._draw_held_edges_symbol, words=self._words(HELD_EDGES_WORDS)),
            ]
        elif self.page == 6:
            big = ui.font(ui.layout.title_size, bold=True)
            grace = Block(big.get_linesize() - 2, self._draw_grace, with_words=True)
            said = sentences(words)
            cut = next((i + 1 for i, s in enumerate(said) if GRACE in s), len(said))
            return self._around(said, cut, [grace])  # under the sentence of the grace moves
        return paginate(ui, content, area.w, area.h)

    def _with_picture(self, words: str, picture: Block, area: pygame.Rect) -> list[list[Block]]:
        """The page's words and its diagram, on one screenful with at least one of its
        sentences: under the first sentence it fits under (the first usually says
        what the diagram shows), else beside the first one it fits beside (the words
        in a narrower column)."""
        said = sentences(words)
        for cut in range(1, len(said) + 1):
            parts = self._around(said, cut, [picture])
            if any(_follows_words(part, picture) for part in parts):
                return parts
        for cut in range(1, len(said) + 1):
            beside = self._beside_block(said[cut - 1], picture, area.w)
            if beside.height <= area.h:
                return self._around(said, cut, [], beside)
        return paginate(self.ui, [Words(words), picture], area.w, area.h)

    def _around(
        self, said: list[str], cut: int, after_cut: list[Content], instead: Block | None = None
    ) -> list[list[Block]]:
        """The sentences with ``after_cut`` after sentence ``cut`` (or ``instead`` of it)."""
        before = said[: cut - 1] if instead is not None else said[:cut]
        content: list[Content] = [Words(" ".join(before))] if before else []
        content += [instead] if instead is not None else after_cut
        if said[cut:]:
            content.append(Words(" ".join(said[cut:])))
        area = self._content()
        return paginate(self.ui, content, area.w, area.h)

    def _beside_block(self, sentence: str, picture: Block, width: int) -> Block:
        """One sentence in a column at the left, the diagram at its right."""
        ui = self.ui
        columns = self.diagrams[self.page].size[0]
        text_width = width - columns * ui.layout.cell - 8
        lines = ui.wrap(sentence, ui.font(), text_width)
        height = max(len(lines) * ui.layout.line, picture.height)

        def paint(surface: pygame.Surface, area: pygame.Rect) -> None:
            ui.draw_lines(surface, lines, ui.font(), area.topleft)
            right = pygame.Rect(area.x + text_width + 4, area.y, area.w - text_width - 4, area.h)
            picture.paint(surface, right)

        return Block(height, paint, gap_after=4, words=sentence)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        ui = self.ui
        pages = f"{self.page}/{RULE_PAGES}"
        heading = ui.t("rules.heading", pages=pages, title=ui.t(f"rules.{self.page}.title"))
        title = ui.font(bold=True).render(heading, True, ui.palette.text)
        surface.blit(title, (6, 2))
        parts = self.screenfuls()
        self.part = min(self.part, len(parts) - 1)
        area = self._content()
        draw_page(surface, parts[self.part], area)
        if self._beside():
            text_width = area.w * 11 // 20
            self._draw_diagram(
                surface,
                pygame.Rect(area.x + text_width + 6, area.y, area.w - text_width - 6, area.h),
            )
        controls = self.controls()
        if self.part + 1 < len(parts):
            controls.insert(0, control("ctl.more", Button.A))
        draw_screen_bar(surface, ui, controls)

    def _symbol_block(self, symbol: Symbol, width: int) -> Block:
        cell = self.ui.layout.cell
        rows = len(symbol.diagram.rows)
        words = self.ui.t(symbol.key)

        def paint(surface: pygame.Surface, area: pygame.Rect) -> None:
            columns = symbol.diagram.size[0]
            window = pygame.Rect(area.x + 1, area.y + 1, columns * cell, rows * cell)
            marks = symbol.marks(symbol.diagram)
            self._draw_window(surface, symbol.diagram, marks, window, cell)
            text = self.ui.font().render(words, True, self.ui.palette.text)
            surface.blit(text, (area.x + 3 * cell + 6, area.y + (cell - self.ui.layout.line) // 2))

        return Block(max(rows * cell, self.ui.layout.line) + 3, paint, words=words)

    def _draw_free_edge_symbol(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The mark along a free edge, starting where the corner cell ends (the
        corner, drawn as a plain cell, belongs to no edge)."""
        ui = self.ui
        cell = ui.layout.cell
        width = max(2, cell // 8)
        y = area.y + ui.layout.line // 2
        pygame.draw.rect(surface, ui.palette.board_light, (area.x, y, cell - 1, cell - 1))
        pygame.draw.line(
            surface, ui.palette.free_edge, (area.x + cell, y), (area.x + 3 * cell, y), width
        )
        self._draw_symbol_words(surface, area, FREE_EDGE_WORDS)

    def _draw_held_edges_symbol(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """An edge with a satellite on it and no mark: where every edge is held,
        connections are closed (the stalls page says until when)."""
        ui = self.ui
        cell = ui.layout.cell
        y = area.y + ui.layout.line // 2
        pygame.draw.rect(surface, ui.palette.board_light, (area.x, y, cell - 1, cell - 1))
        for step in (1, 2):
            edge = (area.x + step * cell, y, cell - 1, cell - 1)
            pygame.draw.rect(surface, ui.palette.edge, edge)
        centre = (area.x + cell + cell // 2, y + cell // 2)
        draw_satellite(surface, ui.layout, ui.fonts, ui.palette, centre, cell, piece(RED, 3), False)
        self._draw_symbol_words(surface, area, HELD_EDGES_WORDS)

    def _words(self, keys: tuple[str, ...]) -> str:
        return " ".join(self.ui.t(key) for key in keys)

    def _draw_symbol_words(
        self, surface: pygame.Surface, area: pygame.Rect, keys: tuple[str, ...]
    ) -> None:
        """A legend line's words, a line each, beside its picture."""
        ui = self.ui
        for line, key in enumerate(keys):
            text = ui.font().render(ui.t(key), True, ui.palette.text)
            surface.blit(text, (area.x + 3 * ui.layout.cell + 6, area.y + line * ui.layout.line))

    def _draw_grace(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        big = self.ui.font(self.ui.layout.title_size, bold=True)
        image = big.render(f"{GRACE} 3 \u2192 2 \u2192 1", True, self.ui.palette.crown)
        surface.blit(image, (area.centerx - image.get_width() // 2, area.y))

    def _draw_diagram(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        diagram = self.diagrams[self.page]
        columns, rows = diagram.size
        smallest = self.ui.layout.cell
        cell = max(smallest, min(area.w // columns, area.h // rows, smallest + 4))
        window = pygame.Rect(0, 0, columns * cell, rows * cell)
        window.center = area.center
        window.top = area.top + 2
        self._draw_window(surface, diagram, diagram.marks(), window, cell)

    def _draw_window(
        self,
        surface: pygame.Surface,
        diagram: Diagram,
        marks: BoardMarks,
        window: pygame.Rect,
        cell: int,
    ) -> None:
        """``diagram`` drawn by the board's own code, its top-left cell at ``window``'s."""
        board = pygame.Rect(
            window.x - OFFSET * cell,
            window.y + (len(diagram.rows) + OFFSET) * cell - 10 * cell,
            10 * cell,
            10 * cell,
        )
        layout = self.ui.layout.on_board(board, cell, window)
        surface.set_clip(window)
        draw_board(surface, layout, self.ui.palette, self.ui.fonts, diagram.position, marks)
        surface.set_clip(None)
        pygame.draw.rect(surface, self.ui.palette.dim, window.inflate(2, 2), width=1)
