"""The title: Continue, the tutorial, a new game, past games, the rules, settings,
about and power off."""

from __future__ import annotations

import pygame

from device.hardware.buttons import Button
from device.journal.archive import has_past_games
from device.journal.folder import SaveError
from device.look.board_view import BoardMarks, draw_board, draw_slides, slides
from device.look.controls import Control, control, screen_bar_top
from device.look.layout import Layout
from device.look.outline import outline
from device.play.demo import OPENING_SEED, Demo
from device.play.game import Game, Mode
from device.play.link_games import PORT_TAG, role_of
from device.play.tutorial import finished
from device.screens.about_screen import AboutScreen
from device.screens.dialogs import power_off_item
from device.screens.game_screen import start_game
from device.screens.link_screens import connect, link_connector
from device.screens.menu_screen import BROWSE, Item, MenuScreen
from device.screens.new_game_screen import NewGameScreen
from device.screens.past_games_screen import PastGamesScreen
from device.screens.rules_screen import RulesScreen
from device.screens.screen import AppView
from device.screens.settings_screens import SettingsScreen
from device.screens.tutorial_screens import start_tutorial

SLIDE_MS = 400
"""How long a move of the title's game takes to slide into place."""
SLIDE_FRAME_MS = 50
"""The pace of its frames: a gentle slide, few wakeups."""
OUTLINE_PX = 2
"""The width of the outline round the menu's words over the board."""
BACKDROP_VEIL = 110
"""How much (alpha of the background colour, of 255) the board behind the menu is dimmed."""


class TitleScreen(MenuScreen):
    def __init__(self, app: AppView) -> None:
        super().__init__(app)
        self._demo: Demo | None = None
        self._shown_in_place = True
        """Whether the frame showing the last move in place was drawn."""

    def title(self) -> str:
        return self.ui.t("app.name")

    def items(self) -> list[Item]:
        t = self.ui.t
        done = finished(self.ui.settings)
        tutorial = Item(lambda: t("title.tutorial"), lambda: start_tutorial(self.app))
        return [
            Item(lambda: t("title.continue"), self.resume, visible=self.app.saves.has_game),
            *([] if done else [tutorial]),
            Item(lambda: t("title.new"), lambda: self.app.push(NewGameScreen(self.app))),
            Item(
                lambda: t("title.past"),
                lambda: self.app.push(PastGamesScreen(self.app)),
                visible=lambda: has_past_games(self.app.saves),
            ),
            Item(lambda: t("title.rules"), self.open_rules),
            *([tutorial] if done else []),
            Item(lambda: t("title.settings"), lambda: self.app.push(SettingsScreen(self.app))),
            Item(lambda: t("title.about"), lambda: self.app.push(AboutScreen(self.app))),
            power_off_item(self.app),
        ]

    def back(self) -> None:
        """The title is the bottom of the stack."""

    # -- the game behind the menu ---------------------------------------------

    @property
    def demo(self) -> Demo:
        """The computer's game on the board behind the menu, begun when first needed."""
        if self._demo is None:
            self._demo = Demo(OPENING_SEED, self.app.now())
        return self._demo

    def update(self, now: int) -> bool:
        """True for each frame of a move sliding in, up to the one that shows it in place."""
        played = self.demo.tick(now, self.app.lighting.last_input)
        last = self.demo.last
        if last is None:
            return played
        in_place = now - last.at >= SLIDE_MS
        changed = played or not self._shown_in_place
        self._shown_in_place = in_place
        return changed

    def wakeup(self, now: int) -> int | None:
        last = self.demo.last
        if last is not None and now - last.at < SLIDE_MS:
            return min(now + SLIDE_FRAME_MS, last.at + SLIDE_MS)
        if not self._shown_in_place:
            return now
        return self.demo.next_move(self.app.lighting.last_input)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The computer's game on a board filling the screen above the bar, dimmed
        under the menu; its last move slides into place."""
        ui = self.ui
        surface.fill(ui.palette.background)
        layout = self.backdrop_layout()
        demo = self.demo
        marks = BoardMarks()
        moving = []
        last = demo.last
        progress = 1.0
        if last is not None:
            marks.last_move = last.move
            progress = min(1.0, (self.app.now() - last.at) / SLIDE_MS)
            if progress < 1.0:
                moving = slides(demo.position, last.move)
                marks.hidden = [end for _, end, _ in moving]
        surface.set_clip(layout.view)
        draw_board(surface, layout, ui.palette, ui.fonts, demo.position, marks)
        draw_slides(surface, layout, ui.fonts, ui.palette, moving, progress)
        surface.set_clip(None)
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((*ui.palette.background, BACKDROP_VEIL))
        surface.blit(veil, (0, 0))

    def blit_words(
        self, surface: pygame.Surface, words: pygame.Surface, topleft: tuple[int, int]
    ) -> None:
        """The menu's words stand out from the board behind them: outlined in the
        background's colour."""
        outline(surface, words, topleft, self.ui.palette.background, OUTLINE_PX)
        surface.blit(words, topleft)

    def backdrop_layout(self) -> Layout:
        """The board as big as the game screen draws it (smaller where the screen
        above the bar is not that high), in the middle of the screen."""
        ui = self.ui
        above_bar = screen_bar_top(ui)
        cell = min(ui.layout.cell, above_bar // 10)
        board = pygame.Rect(0, 0, 10 * cell, 10 * cell)
        board.center = (ui.layout.width // 2, above_bar // 2)
        return ui.layout.on_board(board, cell, board.clip((0, 0, ui.layout.width, above_bar)))

    def open_rules(self) -> None:
        self.app.push(RulesScreen(self.app))

    def resume(self) -> None:
        try:
            resumed = self.app.saves.resume()
        except SaveError as error:  # the file stays as it is; New game gives it up
            self.app.show_message(self.ui.t("msg.save_lost", reason=self.ui.t(error.reason)))
            return
        if resumed.game.setup.mode == Mode.LINK:
            self._resume_link(resumed.game)
        else:
            start_game(self.app, resumed.game, journal=resumed.journal)
        if resumed.notice is not None:
            self.app.show_message(resumed.notice.words(self.ui.t))

    def _resume_link(self, game: Game) -> None:
        """A linked game goes on only with the cable: the driver resumes its own copy."""
        ports = self.app.link_ports
        port = game.record.tags.get(PORT_TAG) or (ports[0] if ports else "")
        role = role_of(game)
        colour, rules = game.setup.human_colour, game.record.rules
        connector = link_connector(self.app, port, role, colour, rules)
        if connector is None:
            self.app.show_message(self.ui.t("new.no_link"))
            return
        connect(self.app, connector, port, role, saved=game)

    def controls(self) -> list[Control]:
        return [control("help.confirm", Button.A), control("ctl.browse", *BROWSE)]
