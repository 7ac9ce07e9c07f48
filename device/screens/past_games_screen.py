"""Past games: the archive, newest first; choosing one offers its replay, its
final board and its review."""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import partial

import pygame

from device.hardware.buttons import Button
from device.journal.archive import UNREADABLE, ArchivedGame, load_game, past_games
from device.journal.notice import loggable, reason_of
from device.look.controls import Control, control, draw_screen_bar, screen_bar_top
from device.look.layout import MARGIN
from device.look.scrolling import ListWindow, draw_chosen_row, draw_more_signs, list_window
from device.look.verdict import verdict
from device.play.game import Game, Mode
from device.play.replay import Replay
from device.screens.menu_screen import BROWSE, Item, MenuScreen
from device.screens.replay_screen import ReplayScreen
from device.screens.review_screen import ReviewScreen
from device.screens.screen import AppView

log = logging.getLogger(__name__)


class PastGamesScreen(MenuScreen):
    """The archived games, newest first, two lines each; choosing one offers what can
    be done with it (``PastGameMenu``)."""

    title_key = "past.title"
    wraps = False

    def __init__(self, app: AppView) -> None:
        super().__init__(app)
        self.games = past_games(app.saves)

    def items(self) -> list[Item]:
        return [
            Item(partial(self.summary, game), partial(self.open, index))
            for index, game in enumerate(self.games)
        ]

    def summary(self, game: ArchivedGame) -> str:
        """The first line: the date and the result, from this device's side."""
        if game.outcome is None:
            return self.ui.t("past.unreadable")
        result = verdict(self.ui, game.outcome, game.setup, past=True)
        return f"{self._date(game)}  {result}"

    @staticmethod
    def _date(game: ArchivedGame) -> str:
        return game.date or "?"

    def lines(self, game: ArchivedGame, font: pygame.font.Font, width: int) -> tuple[str, str]:
        """The two lines of ``game`` as they fit in ``width`` pixels: when the date and
        the result do not (even one space apart), the result stands alone and the
        date goes before the opponent; what still does not fit ends in an ellipsis."""
        first, second = self.summary(game), self.opponent(game)
        if game.outcome is not None and font.size(first)[0] > width:
            result = verdict(self.ui, game.outcome, game.setup, past=True)
            first = f"{self._date(game)} {result}"
            if font.size(first)[0] > width:
                first, second = result, f"{self._date(game)}  {second}"
        return self.ui.fit(first, font, width), self.ui.fit(second, font, width)

    def opponent(self, game: ArchivedGame) -> str:
        """The second line: who the game was played against, or the two players' names."""
        t = self.ui.t
        setup = game.setup
        if game.outcome is None:
            return game.path.name
        if setup is None:
            return f"{game.red} \u2013 {game.blue}"
        if setup.mode == Mode.VERSUS_AI:
            return t("player.computer", level=setup.ai_level)
        return t("link.title" if setup.mode == Mode.LINK else "past.hotseat")

    def open(self, index: int) -> None:
        """Offer what can be done with a game; if its moves do not read, say why and
        mark it."""
        game = self.games[index]
        if not game.problem:
            try:
                played = load_game(self.app.saves, game)
            except UNREADABLE as error:
                game = replace(game, outcome=None, problem=str(error), reason=reason_of(error))
                self.games[index] = game
            else:
                self.app.push(PastGameMenu(self.app, played, game, self.summary(game)))
                return
        log.warning("%s cannot be replayed: %s", loggable(game.path), loggable(game.problem))
        self.app.show_message(self.ui.t("msg.past_unreadable", reason=self.ui.t(game.reason)))

    def handle(self, button: Button) -> None:
        if not self.games:  # the archive emptied since the title looked
            self.app.pop()
            return
        super().handle(button)

    def _title_font(self) -> pygame.font.Font:
        return self.ui.heading_font(self.ui.t(self.title_key), self.ui.layout.width - 2 * MARGIN)

    def window(self) -> ListWindow:
        ui = self.ui
        top = 4 + self._title_font().get_linesize()
        area = pygame.Rect(0, top, ui.layout.width, screen_bar_top(ui) - 2 - top)
        index = min(self.index, len(self.games) - 1)
        return list_window(ui, len(self.games), index, area, 2 * ui.layout.line + 6)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        palette = ui.palette
        layout = ui.layout
        surface.fill(palette.background)
        title_font = self._title_font()
        title = ui.fit(ui.t(self.title_key), title_font, layout.width - 2 * MARGIN)
        ui.draw_lines(surface, [title], title_font, (0, 4), centred_in=layout.width)
        window = self.window()
        font = ui.font()
        for index in range(window.first, window.first + window.count):
            game = self.games[index]
            rect = pygame.Rect(4, window.row_top(index), layout.width - 8, window.row - 4)
            if index == min(self.index, len(self.games) - 1):
                draw_chosen_row(surface, ui, rect)
            for line, words in enumerate(self.lines(game, font, rect.w - 6)):
                image = font.render(words, True, palette.text)
                surface.blit(image, (rect.x + 3, rect.y + 1 + line * layout.line))
        draw_more_signs(surface, ui, window)
        draw_screen_bar(surface, ui, self.controls())

    def controls(self) -> list[Control]:
        return [
            control("ctl.replay", Button.A),
            control("help.back", Button.B),
            control("ctl.browse", *BROWSE),
        ]


class PastGameMenu(MenuScreen):
    """One past game: replay it from the start, see its final board, or its review."""

    def __init__(self, app: AppView, game: Game, archived: ArchivedGame, heading: str) -> None:
        super().__init__(app)
        self.game = game
        self.archived = archived
        self.heading = heading
        """The game's line in the list (its date and result)."""

    def title(self) -> str:
        return self.heading

    def items(self) -> list[Item]:
        t = self.ui.t
        return [
            Item(partial(t, "end.replay"), partial(self.replay, at_end=False)),
            Item(partial(t, "end.final_board"), partial(self.replay, at_end=True)),
            Item(partial(t, "end.review"), self.review),
        ]

    def replay(self, *, at_end: bool) -> None:
        replay = Replay.of(self.game, at_end=at_end)
        self.app.push(ReplayScreen(self.app, replay, self.archived.setup))

    def review(self) -> None:
        self.app.push(ReviewScreen(self.app, self.game, self.archived.path))
