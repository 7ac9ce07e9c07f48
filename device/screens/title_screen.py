"""The title: Continue, the tutorial, a new game, past games, the rules, settings,
about and power off."""

from __future__ import annotations

import pygame

from device.journal.archive import has_past_games
from device.journal.folder import SaveError
from device.look.board_view import draw_satellite
from device.look.controls import Control, control
from device.play.buttons import Button
from device.play.game import Game, Mode
from device.play.link_games import PORT_TAG, role_of
from device.play.tutorial import finished
from device.screens.about_screen import AboutScreen
from device.screens.dialogs import power_off_item
from device.screens.link_screens import connect
from device.screens.menu_screen import BROWSE, Item, MenuScreen
from device.screens.new_game_screen import NewGameScreen
from device.screens.past_games_screen import PastGamesScreen
from device.screens.rules_screen import RulesScreen
from device.screens.settings_screens import SettingsScreen
from engine.pieces import BLUE, RED, piece


class TitleScreen(MenuScreen):
    def title(self) -> str:
        return self.ui.t("app.name")

    def items(self) -> list[Item]:
        t = self.ui.t
        done = finished(self.ui.settings)
        tutorial = Item(lambda: t("title.tutorial"), self.host.start_tutorial)
        return [
            Item(lambda: t("title.continue"), self.resume, visible=self.host.saves.has_game),
            *([] if done else [tutorial]),
            Item(lambda: t("title.new"), lambda: self.host.push(NewGameScreen(self.host))),
            Item(
                lambda: t("title.past"),
                lambda: self.host.push(PastGamesScreen(self.host)),
                visible=lambda: has_past_games(self.host.saves),
            ),
            Item(lambda: t("title.rules"), self.open_rules),
            *([tutorial] if done else []),
            Item(lambda: t("title.settings"), lambda: self.host.push(SettingsScreen(self.host))),
            Item(lambda: t("title.about"), lambda: self.host.push(AboutScreen(self.host))),
            power_off_item(self.host),
        ]

    def back(self) -> None:
        """The title is the bottom of the stack."""

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_motif(surface)

    def _draw_motif(self, surface: pygame.Surface) -> None:
        """Either side of the name, a corner of the board: a connected pair on the
        left, a loose pair on the right, as the board draws them."""
        ui = self.ui
        layout = ui.layout
        title = ui.font(layout.title_size, bold=True)
        name = title.size(self.title())[0]
        cell = min(layout.cell, title.get_linesize())
        room = (layout.width - name) // 2 - 8
        if room < 2 * cell:
            return
        middle = 6 + title.get_linesize() // 2
        for left, pieces, connected in (
            (room - 2 * cell + 2, (piece(RED, 3), piece(BLUE, 2)), True),
            (layout.width - room - 2, (piece(BLUE, 4), piece(RED, 1)), False),
        ):
            for index, code in enumerate(pieces):
                square = pygame.Rect(left + index * cell, middle - cell // 2, cell, cell)
                shade = ui.palette.board_light if index % 2 else ui.palette.board_dark
                pygame.draw.rect(surface, shade, square)
                draw_satellite(
                    surface, layout, ui.fonts, ui.palette, square.center, cell, code, connected
                )

    def open_rules(self) -> None:
        self.host.push(RulesScreen(self.host))

    def resume(self) -> None:
        try:
            resumed = self.host.saves.resume()
        except SaveError as error:  # the file stays as it is; New game gives it up
            self.host.show_message(self.ui.t("msg.save_lost", problem=str(error)))
            return
        if resumed.game.setup.mode == Mode.LINK:
            self._resume_link(resumed.game)
        else:
            self.host.start_game(resumed.game, journal=resumed.journal)
        if resumed.notice is not None:
            self.host.show_message(self.ui.t(resumed.notice.key, **resumed.notice.values))

    def _resume_link(self, game: Game) -> None:
        """A linked game goes on only with the cable: the driver resumes its own copy."""
        ports = self.host.link_ports
        port = game.record.tags.get(PORT_TAG) or (ports[0] if ports else "")
        role = role_of(game)
        connector = self.host.link_connector(port, role, game.setup.human_colour, game.record.rules)
        if connector is None:
            self.host.show_message(self.ui.t("new.no_link"))
            return
        connect(self.host, connector, port, role, saved=game)

    def controls(self) -> list[Control]:
        return [control("help.confirm", Button.A), control("ctl.browse", *BROWSE)]
