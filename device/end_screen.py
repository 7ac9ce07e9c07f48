"""The end of a game: who won, why, and every colony that counted."""

from __future__ import annotations

import pygame

from device.board_view import draw_satellite
from device.buttons import Button
from device.game import Game
from device.screen import Host, Screen
from engine.geometry import file_of, rank_of
from engine.pieces import BLUE, NOBODY, RED
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


class EndScreen(Screen):
    def __init__(self, host: Host, game: Game) -> None:
        super().__init__(host)
        self.game = game
        self.result = game.score()

    def handle(self, button: Button) -> None:
        if button in (Button.A, Button.B, Button.MENU):
            self.host.to_title()

    def headline(self) -> tuple[str, int]:
        """The big line and the colour it is written in (NOBODY: neutral)."""
        t = self.ui.t
        if self.game.resigned != NOBODY:
            winner = 1 - self.game.resigned
            return t("end.wins", colour=self.ui.colour_name(winner)), winner
        winner = self.result.winner
        if winner == NOBODY:
            return t("end.draw"), NOBODY
        return t("end.wins", colour=self.ui.colour_name(winner)), winner

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

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        ui = self.ui
        layout = ui.layout
        palette = ui.palette
        headline, colour = self.headline()
        big = ui.font(layout.title_size * 3 // 4, bold=True)
        image = big.render(
            headline, True, palette.text if colour == NOBODY else palette.players_light[colour]
        )
        surface.blit(image, ((layout.width - image.get_width()) // 2, 4))
        y = 8 + big.get_linesize()
        font = ui.font(layout.small_size)
        for paragraph in self.explanation():
            y = ui.draw_lines(surface, ui.wrap(paragraph, font, layout.width - 12), font, (6, y))
        y += 4
        footer = font.render(ui.t("end.continue"), True, palette.dim)
        bottom = layout.height - footer.get_height() - 3
        surface.blit(footer, ((layout.width - footer.get_width()) // 2, bottom))
        y = self._draw_colony_list(surface, y, bottom - 4) + 4
        pair = None if self.game.resigned != NOBODY else deciding_colonies(self.result)
        if pair is not None:
            self._draw_side_by_side(
                surface, pair, pygame.Rect(6, y, layout.width - 12, bottom - y - 4)
            )

    def _draw_colony_list(self, surface: pygame.Surface, top: int, bottom: int) -> int:
        """Every colony as a chip: its total, in its controller's colour (grey: nobody).

        Returns where the list ends.
        """
        ui = self.ui
        palette = ui.palette
        font = ui.font(ui.layout.small_size, bold=True)
        colonies = sorted(self.result.colonies, key=lambda g: (g.controller, g.total))
        if not colonies:
            return ui.draw_lines(surface, [ui.t("end.no_colonies")], font, (6, top), palette.dim)
        x, y = 6, top
        height = font.get_linesize() + 4
        for group in colonies:
            label = str(group.total) + (" \u265b" if group.is_crowned else "")
            words = font.render(label, True, palette.player_text)
            chip = pygame.Rect(x, y, words.get_width() + 12, height)
            if chip.right > ui.layout.width - 4:
                x, y = 6, y + height + 3
                chip.topleft = (x, y)
            if chip.bottom > bottom:
                return y
            fill = (
                palette.disputed
                if group.controller == NOBODY
                else palette.players[group.controller]
            )
            pygame.draw.rect(surface, fill, chip, border_radius=height // 2)
            if palette.shapes and group.controller == BLUE:
                pygame.draw.rect(surface, palette.player_text, chip, width=1)
            surface.blit(words, words.get_rect(center=chip.center))
            x = chip.right + 4
        return y + height

    def _draw_side_by_side(
        self, surface: pygame.Surface, pair: tuple[Group, Group], area: pygame.Rect
    ) -> None:
        """The two deciding colonies, each drawn as it stands on the board."""
        ui = self.ui
        palette = ui.palette
        half = area.w // 2
        label_font = ui.font(ui.layout.small_size, bold=True)
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
        columns = max(files) - min(files) + 1
        rows = max(ranks) - min(ranks) + 1
        size = max(8, min(area.w // columns, area.h // rows, self.ui.layout.cell + 6))
        left = area.centerx - columns * size // 2
        top = area.centery - rows * size // 2
        board = self.game.position.board
        for cell in group.cells:
            x = left + (file_of(cell) - min(files)) * size + size // 2
            y = top + (max(ranks) - rank_of(cell)) * size + size // 2
            draw_satellite(surface, self.ui.fonts, self.ui.palette, (x, y), size, board[cell], True)
