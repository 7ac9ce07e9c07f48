"""The end of a game: who won, why, and every colony that counted."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import partial

import pygame

from device.hardware.buttons import Button
from device.look.board_view import draw_satellite
from device.look.controls import Control, control, draw_screen_bar, screen_bar_top
from device.look.pages import Block, Content, Words, draw_page, paginate
from device.look.theme import Colour
from device.look.verdict import verdict
from device.play.game import Game
from device.play.replay import Replay, outcome_of
from device.play.sounds import end_effect
from device.screens.menu_screen import BACKWARD, BROWSE, FORWARD
from device.screens.replay_screen import ReplayScreen
from device.screens.review_screen import ReviewScreen
from device.screens.screen import AppView, Screen
from engine.geometry import file_of, rank_of
from engine.pieces import BLUE, NOBODY, RED, piece
from engine.scoring import Group, Score


def deciding_colonies(result: Score) -> tuple[Group, Group] | None:
    """When the tiebreak decided: Red's and Blue's colonies compared at the deciding step."""
    if not result.decided_by_tiebreak:
        return None
    step = result.tiebreak_step - 1
    chosen: list[Group] = []
    for colour in (RED, BLUE):
        total = result.controlled_totals[colour][step]
        chosen.append(
            next(g for g in result.colonies if g.controller == colour and g.total == total)
        )
    return (chosen[0], chosen[1])


def chip_label(colony: Group) -> str:
    """A colony's chip: its total, crowned when it holds 6."""
    return str(colony.total) + (" \u265b" if colony.is_crowned else "")


def chip_words(row: list[tuple[Group, pygame.Surface]]) -> str:
    return " ".join(chip_label(colony) for colony, _ in row)


HALO = 2
"""Pixels of background kept above and below every word and chip while satellites fly."""


def clear_of_content(
    layer: pygame.Surface, screen: pygame.Surface, background: Colour, across: int
) -> None:
    """Make ``layer`` (with alpha) see-through wherever ``screen`` shows anything but
    ``background``: ``HALO`` pixels round it, and ``across`` pixels to either side,
    so that the gaps between the words of a line are kept clear too."""
    bare = pygame.mask.from_threshold(screen, background, (1, 1, 1, 255))
    bare.invert()
    kernel = pygame.mask.Mask((2 * across + 1, 2 * HALO + 1), fill=True)
    covered = bare.convolve(kernel)
    covered.to_surface(layer, setcolor=(0, 0, 0, 0), unsetcolor=None, dest=(-across, -HALO))


CELEBRATION_MS = 2400
"""How long a win's satellites fly."""
FRAME_MS = 40
BURST = 9
"""How many satellites fly out."""

CHOICES = ("end.final_board", "end.replay", "end.review", "menu.to_title")
"""What the player may do next, on the last screenful: A first shows the final board
(B leaves from any screenful, as the bar says)."""


def show_end(app: AppView, game: Game) -> None:
    """How ``game`` ended, heard and shown over the title."""
    app.sounds.play(end_effect(game))
    app.show_alone(EndScreen(app, game))


class EndScreen(Screen):
    def __init__(self, app: AppView, game: Game) -> None:
        super().__init__(app)
        self.game = game
        self.result = game.score()
        self.part = 0
        """Which screenful: the result first, then what did not fit; the choices last."""
        self.parts = 1
        self.choice = 0
        """Which of ``CHOICES`` A takes (on the last screenful); before it, A shows more."""
        self.shown_at: int | None = None
        """When the screen first came up: a win is celebrated for a while from then."""
        self.now = 0

    def celebrating(self) -> bool:
        """A win (not a draw) is celebrated: satellites of the winner's colour burst
        from the headline (the win's fanfare plays as the screen comes up)."""
        _, winner = self.headline()
        if winner == NOBODY or self.shown_at is None:
            return False
        return self.now - self.shown_at < CELEBRATION_MS

    def update(self, now: int) -> bool:
        if self.shown_at is None:
            self.shown_at = now
        was = self.celebrating()
        self.now = now
        return was

    def wakeup(self, now: int) -> int | None:
        return now + FRAME_MS if self.shown_at is None or self.celebrating() else None

    def _draw_celebration(self, surface: pygame.Surface) -> None:
        """Satellites of the winner's colour flying out from the headline, slowing,
        behind everything on the screen: never over a word of the result."""
        if not self.celebrating() or self.shown_at is None:
            return
        _, winner = self.headline()
        ui = self.ui
        progress = (self.now - self.shown_at) / CELEBRATION_MS
        reach = max(ui.layout.width, ui.layout.height) * (1 - (1 - progress) ** 2)
        origin = (ui.layout.width / 2, 6 + ui.layout.line / 2)
        burst = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for index in range(BURST):
            angle = math.pi * (index + 0.5) / BURST  # a fan opening downwards
            centre = (
                origin[0] + math.cos(angle) * reach,
                origin[1] + math.sin(angle) * reach * 0.8,
            )
            code = piece(winner, 1 + index % 4)
            draw_satellite(
                burst, ui.layout, ui.fonts, ui.palette, centre, ui.layout.cell, code, False
            )
        across = ui.font().size(" ")[0] + HALO
        clear_of_content(burst, surface, ui.palette.background, across)
        surface.blit(burst, (0, 0))

    def on_last_part(self) -> bool:
        return self.part + 1 >= self.parts

    def handle(self, button: Button) -> None:
        self._paged()
        last = self.on_last_part()
        if button in FORWARD:
            if last:
                self.choice = min(self.choice + 1, len(CHOICES) - 1)
            else:
                self.part += 1
        elif button in BACKWARD:
            if last and self.choice > 0:
                self.choice -= 1
            elif self.part > 0:
                self.part -= 1
        elif button is Button.A:
            if last:
                self.choose(CHOICES[self.choice])
            else:
                self.part += 1
        elif button in (Button.B, Button.MENU):
            self.app.to_title()

    def choose(self, choice: str) -> None:
        if choice == "menu.to_title":
            self.app.to_title()
            return
        if choice == "end.review":
            stored_at = self.app.saves.archived_path(self.game)
            self.app.push(ReviewScreen(self.app, self.game, stored_at))
            return
        replay = Replay.of(self.game, at_end=choice == "end.final_board")
        self.app.push(ReplayScreen(self.app, replay, self.game.setup))

    def headline(self) -> tuple[str, int]:
        """The big line ("You win", "Red wins") and its colour (NOBODY: neutral)."""
        outcome = outcome_of(self.game.position, self.game.resigned)
        return verdict(self.ui, outcome, self.game.setup), outcome.winner

    def explanation(self) -> list[str]:
        """Why the game ended and why this result, in words."""
        t = self.ui.t
        name = self.ui.colour_name
        if self.game.resigned != NOBODY:
            return [t("end.resigned", colour=name(self.game.resigned))]
        result = self.result
        words = [t(f"end.reason.{self.game.position.end_reason()}")]
        words.append(t("end.counts", red=result.counts[RED], blue=result.counts[BLUE]))
        if result.winner == NOBODY:
            words.append(t("end.all_equal"))
        elif result.tiebreak_step == 0:
            words.append(t("end.by_count", winner=name(result.winner)))
        else:
            step = result.tiebreak_step
            winner, loser = result.winner, 1 - result.winner
            values = {
                "winner": name(winner),
                "loser": name(loser),
                "low": result.controlled_totals[winner][step - 1],
                "high": result.controlled_totals[loser][step - 1],
                "step": step,
            }
            key = "end.by_tiebreak" if step == 1 else "end.by_tiebreak_later"
            words.append(t(key, **values))
        return words

    def _headline_words(self) -> Words:
        headline, colour = self.headline()
        shade = self.ui.palette.text if colour == NOBODY else self.ui.palette.players_light[colour]
        return Words(headline, shade, bold=True)

    def _area(self) -> pygame.Rect:
        return pygame.Rect(6, 4, self.ui.layout.width - 12, screen_bar_top(self.ui) - 8)

    def _paged(self) -> list[list[Block]]:
        """The pages for the words as they are now (the language may have changed)."""
        pages = self._pages(self._area())
        self.parts = len(pages)
        self.part = min(self.part, self.parts - 1)
        return pages

    def _pages(self, area: pygame.Rect) -> list[list[Block]]:
        """The result, the explanation and the chips, then the choices; choices
        left alone on the last page get the headline above them again."""
        choices = Block(len(CHOICES) * (self.ui.layout.line + 6), self._draw_choices)
        pages = paginate(self.ui, [*self._content(area.w), choices], area.w, area.h)
        if len(pages) > 1 and len(pages[-1]) == 1:
            headed = paginate(self.ui, [self._headline_words(), choices], area.w, area.h)
            pages[-1] = headed[0] if len(headed) == 1 else pages[-1]
        return pages

    def _content(self, width: int) -> list[Content]:
        ui = self.ui
        content: list[Content] = [self._headline_words()]
        content += [Words(paragraph) for paragraph in self.explanation()]
        content += self._chips(width)
        pair = None if self.game.resigned != NOBODY else deciding_colonies(self.result)
        if pair is not None:
            rows = max(self._rows_and_columns(group)[0] for group in pair)
            height = ui.layout.line + 12 + rows * ui.layout.cell
            content.append(Block(height, partial(self._draw_side_by_side, pair=pair)))
        return content

    def _draw_choices(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        ui = self.ui
        row = ui.layout.line + 6
        font = ui.font()
        for index, key in enumerate(CHOICES):
            rect = pygame.Rect(area.x + 2, area.y + index * row, area.w - 4, row - 2)
            if index == self.choice:
                pygame.draw.rect(surface, ui.palette.highlight, rect, border_radius=4)
                pygame.draw.rect(surface, ui.palette.cursor, rect, width=1, border_radius=4)
            words = font.render(ui.t(key), True, ui.palette.text)
            surface.blit(words, (rect.centerx - words.get_width() // 2, rect.y + 1))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        pages = self._paged()
        draw_page(surface, pages[self.part], self._area())
        draw_screen_bar(surface, self.ui, self.controls())
        self._draw_celebration(surface)

    def controls(self) -> list[Control]:
        if not self.on_last_part():
            more = control("ctl.more", Button.A, Button.DOWN, Button.NEXT)
            return [more, control("ctl.title", Button.B)]
        return [
            control("help.confirm", Button.A),
            control("ctl.browse", *BROWSE),
            control("ctl.title", Button.B),
        ]

    def _chips(self, width: int) -> list[Content]:
        """Every colony as a chip: its total, in its controller's colour (grey: nobody),
        after the words that say so."""
        ui = self.ui
        colonies = sorted(self.result.colonies, key=lambda g: (g.controller, g.total))
        if not colonies:
            return [Words(ui.t("end.no_colonies"), ui.palette.dim)]
        font = ui.font(bold=True)
        height = ui.layout.line + 2
        rows: list[list[tuple[Group, pygame.Surface]]] = [[]]
        x = 0
        for group in colonies:
            words = font.render(chip_label(group), True, ui.palette.player_text)
            if rows[-1] and x + words.get_width() + 12 > width:
                rows.append([])
                x = 0
            rows[-1].append((group, words))
            x += words.get_width() + 16
        chips = [
            Block(height + 3, partial(self._draw_chips, row=row), words=chip_words(row))
            for row in rows
        ]
        chips[0] = replace(chips[0], with_words=True)
        return [Words(self._chips_caption(colonies), ui.palette.dim), *chips]

    def _chips_caption(self, colonies: list[Group]) -> str:
        """What the chips are, naming grey and the crown only when a chip shows them."""
        t = self.ui.t
        notes = [t("end.chips_nobody")] if any(g.controller == NOBODY for g in colonies) else []
        notes += [t("end.chips_crowned")] if any(g.is_crowned for g in colonies) else []
        caption = t("end.chips")
        return f"{caption} ({'; '.join(notes)}):" if notes else f"{caption}:"

    def _draw_chips(
        self, surface: pygame.Surface, area: pygame.Rect, row: list[tuple[Group, pygame.Surface]]
    ) -> None:
        palette = self.ui.palette
        x = area.x
        for group, words in row:
            chip = pygame.Rect(x, area.y, words.get_width() + 12, area.h - 3)
            fill = (
                palette.disputed
                if group.controller == NOBODY
                else palette.players[group.controller]
            )
            pygame.draw.rect(surface, fill, chip, border_radius=chip.h // 2)
            if palette.shapes and group.controller == BLUE:
                pygame.draw.rect(surface, palette.player_text, chip, width=2)
            surface.blit(words, words.get_rect(center=chip.center))
            x = chip.right + 4

    def _rows_and_columns(self, group: Group) -> tuple[int, int]:
        files = [file_of(c) for c in group.cells]
        ranks = [rank_of(c) for c in group.cells]
        return max(ranks) - min(ranks) + 1, max(files) - min(files) + 1

    def _draw_side_by_side(
        self, surface: pygame.Surface, area: pygame.Rect, pair: tuple[Group, Group]
    ) -> None:
        """The two deciding colonies, each drawn as it stands on the board."""
        ui = self.ui
        palette = ui.palette
        half = area.w // 2
        label_font = ui.font(bold=True)
        for index, group in enumerate(pair):
            box = pygame.Rect(area.x + index * half, area.y, half - 4, area.h)
            pygame.draw.rect(surface, palette.panel, box, border_radius=4)
            pygame.draw.rect(
                surface, palette.players[group.controller], box, width=2, border_radius=4
            )
            words = f"{ui.colour_name(group.controller)} {group.total}"
            if group.total == min(g.total for g in pair):
                words += f" ({ui.t('end.lowest')})"
            label = label_font.render(words, True, palette.text)
            surface.blit(label, (box.centerx - label.get_width() // 2, box.y + 2))
            inner = pygame.Rect(box.x + 4, box.y + 4 + label_font.get_linesize(), box.w - 8, 0)
            inner.h = box.bottom - inner.y - 4
            self._draw_colony(surface, group, inner)

    def _draw_colony(self, surface: pygame.Surface, group: Group, area: pygame.Rect) -> None:
        files = [file_of(c) for c in group.cells]
        ranks = [rank_of(c) for c in group.cells]
        rows, columns = self._rows_and_columns(group)
        size = max(self.ui.layout.cell, min(area.w // columns, area.h // rows))
        left = area.centerx - columns * size // 2
        top = area.centery - rows * size // 2
        board = self.game.position.board
        ui = self.ui
        for cell in group.cells:
            x = left + (file_of(cell) - min(files)) * size + size // 2
            y = top + (max(ranks) - rank_of(cell)) * size + size // 2
            draw_satellite(
                surface, ui.layout, ui.fonts, ui.palette, (x, y), size, board[cell], True
            )
