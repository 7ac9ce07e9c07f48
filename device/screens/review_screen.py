"""The computer's review of a finished game: the graph of who was winning, the
moments worth seeing again, and each of them on the board.

``ReviewScreen`` shows the review kept beside the game, or has the computer
work it out while it shows how far it has come (B leaves, and stops the
work); then the graph and the list of moments, A opening one on the board
(``MomentScreen``): the position before the move, the move played and the
computer's better move marked, and the better move's line played out one
move at a time.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from device.hardware.buttons import Button
from device.journal.reviews import load_review, store_review
from device.look.balance_graph import (
    draw_balance_graph,
    draw_decisive_sign,
    draw_player_dot,
    sign_size,
)
from device.look.board_view import BoardMarks, draw_board
from device.look.controls import Control, control, draw_screen_bar, screen_bar_top
from device.look.hud import HudItem, draw_view_hud
from device.look.layout import MARGIN
from device.look.scrolling import ListWindow, draw_chosen_row, draw_more_signs, list_window
from device.look.ui import Ui
from device.play.game import Game
from device.play.review import GameReview, Moment, MomentView, Stage, winner_of
from device.screens.menu_screen import BACKWARD, BROWSE, FORWARD
from device.screens.replay_screen import NBSP
from device.screens.screen import AppView, Screen
from engine.ai.review import Permille, Review
from engine.notation import format_move

log = logging.getLogger(__name__)

POLL_MS = 100
"""How often the work under way is asked how far it has come."""
GRAPH_LINES = 3
"""The graph is this many lines of text high, at least."""
LISTED_ROWS = 3
"""Moments the list has room for below the graph before it scrolls."""
FORWARD_LINE = (Button.A, Button.RIGHT)
BACK_LINE = (Button.LEFT,)
NEXT_MOMENT = (Button.DOWN, Button.NEXT, Button.SELECT)
PREVIOUS_MOMENT = (Button.UP, Button.PREV)
LEAVE = (Button.B, Button.MENU)


def percent(ui: Ui, chance: Permille) -> str:
    """A chance as the player reads it: "62%" ("62 %" in Spanish, never broken
    across two lines)."""
    return ui.t("settings.percent", percent=round(chance / 10)).replace(" ", NBSP)


def moment_words(ui: Ui, moment: Moment) -> str:
    """A moment in a few words: its move and what it cost its player (whose colour
    the words' dot shows), or that it decided the game."""
    if moment.lost == 0:
        return ui.t("review.decisive_move", ply=moment.ply)
    return ui.t("review.lost", ply=moment.ply, lost=percent(ui, moment.lost))


class ReviewScreen(Screen):
    """The review of ``game``: kept beside it at ``stored_at``, else worked out here and
    kept there (None: the game is not in the archive, the review is not kept)."""

    def __init__(self, app: AppView, game: Game, stored_at: Path | None) -> None:
        super().__init__(app)
        self.stored_at = stored_at
        disk = app.saves.disk
        kept = None
        if stored_at is not None:
            kept = load_review(disk, stored_at, game.record, winner_of(game))
        self.review = GameReview(game, app.reviewing, kept, self._keep)
        self.index = 0
        """The moment chosen in the list."""

    def _keep(self, review: Review) -> None:
        """Store a finished review beside its game; when that fails the player still
        has it on screen, and the next time it is worked out again."""
        if self.stored_at is None or not self.app.saves.saves_on:
            return
        try:
            store_review(self.app.saves.disk, self.stored_at, self.review.game.record, review)
        except OSError as error:
            log.warning("the review of %s could not be kept: %s", self.stored_at.name, error)

    def update(self, now: int) -> bool:
        return self.review.update()

    def wakeup(self, now: int) -> int | None:
        return now + POLL_MS if self.review.stage is Stage.WORKING else None

    def handle(self, button: Button) -> None:
        if button in LEAVE:
            self.review.leave()
            self.app.pop()
            return
        moments = self.review.moments
        if self.review.stage is not Stage.READY or not moments:
            return
        if button in FORWARD:
            self.index = min(self.index + 1, len(moments) - 1)
        elif button in BACKWARD:
            self.index = max(self.index - 1, 0)
        elif button is Button.A:
            self.app.push(MomentScreen(self.app, MomentView(self.review, self.index), self))

    # -- drawing -------------------------------------------------------------------

    def caption(self) -> str:
        """What the work under way has come to, or why it failed ("" once it is done:
        the graph's ends say what it measures)."""
        review = self.review
        if review.stage is Stage.WORKING:
            progress = review.progress
            done = min(progress.done, progress.total - 1)
            return self.ui.t("review.working", ply=done, plies=progress.total - 1)
        if review.stage is Stage.FAILED:
            return self.ui.t("review.failed")
        return ""

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The caption, the graph and the list, one under another above the bar."""
        ui = self.ui
        layout = ui.layout
        title = ui.heading_font(ui.t("review.title"), layout.width - 2 * MARGIN)
        top = 4 + title.get_linesize()
        caption = self.caption()
        caption_lines = len(ui.wrap(caption, ui.font(), layout.width - 8)) if caption else 0
        caption_area = pygame.Rect(4, top, layout.width - 8, caption_lines * layout.line)
        bottom = screen_bar_top(ui) - 2
        room = bottom - caption_area.bottom - 4
        listed = min(max(1, len(self.review.moments)), LISTED_ROWS) * self.row_pitch()
        graph_h = max(GRAPH_LINES * layout.line, room - listed - 4)
        graph = pygame.Rect(4, caption_area.bottom + 2, layout.width - 8, graph_h)
        rows = pygame.Rect(0, graph.bottom + 4, layout.width, bottom - graph.bottom - 4)
        return caption_area, graph, rows

    def row_pitch(self) -> int:
        return self.ui.layout.line + 6

    def window(self, area: pygame.Rect) -> ListWindow:
        rows = max(1, len(self.review.moments))
        return list_window(self.ui, rows, self.index, area, self.row_pitch())

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        surface.fill(ui.palette.background)
        width = ui.layout.width
        title_font = ui.heading_font(ui.t("review.title"), width - 2 * MARGIN)
        ui.draw_lines(surface, [ui.t("review.title")], title_font, (0, 4), centred_in=width)
        caption, graph, rows = self._areas()
        lines = ui.wrap(self.caption(), ui.font(), caption.w)
        ui.draw_lines(surface, lines, ui.font(), caption.topleft, ui.palette.dim)
        if self.review.stage is Stage.READY:
            self._draw_result(surface, graph, rows)
        elif self.review.stage is Stage.WORKING:
            self._draw_progress(surface, graph)
        draw_screen_bar(surface, ui, self.controls())

    def _draw_progress(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        palette = self.ui.palette
        bar = pygame.Rect(box.x, box.centery - self.ui.layout.line // 2, box.w, self.ui.layout.line)
        pygame.draw.rect(surface, palette.panel, bar, border_radius=4)
        done = bar.copy()
        done.w = round(bar.w * self.review.progress.fraction)
        if done.w:
            pygame.draw.rect(surface, palette.cursor, done, border_radius=4)
        pygame.draw.rect(surface, palette.dim, bar, width=1, border_radius=4)

    def _draw_result(self, surface: pygame.Surface, graph: pygame.Rect, area: pygame.Rect) -> None:
        ui = self.ui
        palette = ui.palette
        moments = self.review.moments
        chosen = moments[self.index].ply if moments else None
        plies = [moment.ply for moment in moments]
        chances = [c for c in self.review.chances() if c is not None]
        turning = next((moment.ply for moment in moments if moment.turning), None)
        draw_balance_graph(surface, ui, graph, chances, plies, chosen, turning)
        font = ui.font()
        if not moments:
            lines = ui.wrap(ui.t("review.no_moments"), font, area.w - 8)
            ui.draw_lines(surface, lines, font, (area.x + 4, area.y))
            return
        window = self.window(area)
        for index in range(window.first, window.first + window.count):
            moment = moments[index]
            rect = pygame.Rect(area.x + 4, window.row_top(index), area.w - 8, window.row - 2)
            if index == self.index:
                draw_chosen_row(surface, ui, rect)
            dot = ui.layout.line // 4 + 1
            draw_player_dot(surface, ui, moment.mover, (rect.x + 4 + dot, rect.centery), dot)
            left = rect.x + 8 + 2 * dot
            right = rect.right - 4
            if moment.turning:
                sign = sign_size(ui)
                right -= draw_decisive_sign(surface, ui, (right - sign, rect.centery)) + 4
            words = self._row_words(moment, font, right - left)
            surface.blit(font.render(words, True, palette.text), (left, rect.y + 1))
        draw_more_signs(surface, ui, window)

    def _row_words(self, moment: Moment, font: pygame.font.Font, room: int) -> str:
        """A moment's row as it fits in ``room`` pixels: "decisive" after it when there
        is room, the move's number alone before the loss when even the plain words
        do not fit (the smallest panel in Spanish)."""
        ui = self.ui
        words = moment_words(ui, moment)
        longer = f"{words}, {ui.t('review.decisive')}"
        if moment.turning and moment.lost and font.size(longer)[0] <= room:
            return longer
        if font.size(words)[0] > room and moment.lost:
            words = ui.t("review.lost_short", ply=moment.ply, lost=percent(ui, moment.lost))
        return ui.fit(words, font, room)

    def controls(self) -> list[Control]:
        back = control("help.back", *LEAVE)
        if self.review.stage is not Stage.READY or not self.review.moments:
            return [back]
        return [control("ctl.look", Button.A), back, control("ctl.browse", *BROWSE)]


class MomentScreen(Screen):
    """One moment of the review on the board (see ``MomentView``)."""

    def __init__(self, app: AppView, view: MomentView, overview: ReviewScreen) -> None:
        super().__init__(app)
        self.view = view
        self.overview = overview
        """The list to come back to, on the moment looked at last."""

    def handle(self, button: Button) -> None:
        view = self.view
        if button in LEAVE:
            self.overview.index = view.index
            self.app.pop()
        elif button in FORWARD_LINE:
            view.forward()
        elif button in BACK_LINE:
            view.back()
        elif button in NEXT_MOMENT:
            view.other_moment(1)
        elif button in PREVIOUS_MOMENT:
            view.other_moment(-1)

    def headline(self) -> list[HudItem]:
        """What every device shows: the moment and the better move, or the step of the
        better line and what it leads to."""
        ui = self.ui
        palette = ui.palette
        view = self.view
        moment = view.moment
        if view.step == 0:
            words = moment_words(ui, moment)
            return [HudItem(words, palette.text, palette.players[moment.mover]), self._better()]
        move = view.last_move()
        shown = format_move(move) if move is not None else ""
        step = ui.t("review.line_step", step=view.step, steps=view.steps, move=shown)
        name = ui.colour_name(moment.mover)
        leads = ui.t("review.chance_with", colour=name, chance=percent(ui, moment.before))
        mover = palette.players[view.last_mover()]
        return [HudItem(step, palette.text, mover), HudItem(leads, palette.dim)]

    def _better(self) -> HudItem:
        ui = self.ui
        moment = self.view.moment
        if moment.lost == 0:
            return HudItem(ui.t("review.agrees"), ui.palette.text, ui.palette.hint)
        better = ui.t("review.better", move=format_move(moment.better))
        return HudItem(better, ui.palette.text, ui.palette.hint)

    def details(self) -> list[HudItem]:
        """Beside the board: the move played and the mover's chance before and after it,
        and whether it was the turning point."""
        ui = self.ui
        palette = ui.palette
        moment = self.view.moment
        items = []
        if self.view.step == 0 and moment.lost:
            played = ui.t("review.played", move=format_move(moment.played))
            items.append(HudItem(played, palette.text, palette.last_move))
            before, after = percent(ui, moment.before), percent(ui, moment.after)
            name = ui.colour_name(moment.mover)
            chance = ui.t("review.chance", colour=name, before=before, after=after)
            items.append(HudItem(chance, palette.dim))
        if moment.turning:
            items.append(HudItem(ui.t("review.turning_point"), palette.crown))
        return items

    def controls(self) -> list[Control]:
        return [
            control("ctl.line", *BACK_LINE, Button.RIGHT),
            control("ctl.cycle", Button.UP, Button.DOWN, Button.NEXT, Button.PREV),
            control("ctl.line", Button.A),
            control("help.back", *LEAVE),
            control("ctl.next", Button.SELECT),
        ]

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        surface.fill(ui.palette.background)
        view = self.view
        moment = view.moment
        if view.step == 0:
            marks = BoardMarks(last_move=moment.played, hint=moment.better if moment.lost else None)
        else:
            marks = BoardMarks(hint=view.last_move())
        draw_board(surface, ui.layout, ui.palette, ui.fonts, view.position(), marks)
        draw_view_hud(surface, ui, self.headline(), self.details(), self.controls())
