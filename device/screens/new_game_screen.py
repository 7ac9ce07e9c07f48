"""New game: the mode, the rules, the computer's level, the colour, the tabletop,
the link's port and role; then the game starts (a linked one once the cable
answers)."""

from __future__ import annotations

from device.link.game import Role
from device.play.game import Game, GameSetup, Mode
from device.play.opponent import LEVEL_NUMBERS
from device.screens.game_screen import start_game
from device.screens.link_screens import connect, link_connector, port_label, role_for
from device.screens.menu_screen import Item, MenuScreen
from device.screens.screen import AppView
from engine.pieces import BLUE, RED
from engine.rules import RULE_SETS, STANDARD


class NewGameScreen(MenuScreen):
    title_key = "new.title"

    def __init__(self, app: AppView) -> None:
        super().__init__(app)
        self.setup = GameSetup(mode=Mode.VERSUS_AI)
        self.port_index = 0
        self.chosen_role = Role.HOST
        """The role the player last chose; a socket port suggests its own."""
        self.role = role_for(self._port(), Role.HOST)
        self.rules = STANDARD
        """The rules of the game to start, in every mode (the engine's rule sets)."""

    def items(self) -> list[Item]:
        t = self.ui.t
        setup = self.setup
        return [
            Item(
                lambda: f"{t('new.mode')}: {t('new.mode.' + setup.mode)}",
                adjust=lambda step: self._cycle_mode(step),
            ),
            Item(
                lambda: f"{t('new.rules')}: {t('rules.name.' + self.rules.name)}",
                adjust=self._cycle_rules,
            ),
            Item(
                lambda: f"{t('new.level')}: {setup.ai_level} {t(f'level.{setup.ai_level}')}",
                adjust=self._cycle_level,
                visible=lambda: setup.mode == Mode.VERSUS_AI,
            ),
            Item(
                lambda: f"{t('link.port')}: {port_label(self._port())}",
                adjust=self._cycle_port,
                visible=lambda: setup.mode == Mode.LINK and len(self.app.link_ports) > 0,
            ),
            Item(
                lambda: f"{t('link.role')}: {t('link.role.' + self.role)}",
                adjust=self._flip_role,
                visible=lambda: setup.mode == Mode.LINK and len(self.app.link_ports) > 0,
            ),
            Item(
                lambda: f"{t('new.colour')}: {self.ui.colour_name(setup.human_colour)}",
                adjust=self._flip_colour,
                visible=self._chooses_colour,
            ),
            Item(
                lambda: f"{t('new.tabletop')}: {t('on' if setup.tabletop else 'off')}",
                adjust=self._flip_tabletop,
                visible=lambda: setup.mode == Mode.HOTSEAT,
            ),
            Item(lambda: t("new.start"), self.start),
        ]

    def _cycle_mode(self, step: int) -> None:
        modes = list(Mode)
        self.setup.mode = modes[(modes.index(self.setup.mode) + step) % len(modes)]

    def _cycle_rules(self, step: int) -> None:
        self.rules = RULE_SETS[(RULE_SETS.index(self.rules) + step) % len(RULE_SETS)]

    def _chooses_colour(self) -> bool:
        """Against the computer, or as the link's host (the guest gets the other colour)."""
        mode = self.setup.mode
        return mode == Mode.VERSUS_AI or (
            mode == Mode.LINK and self.role == Role.HOST and self._port() != ""
        )

    def _port(self) -> str:
        ports = self.app.link_ports
        return ports[self.port_index % len(ports)] if ports else ""

    def _cycle_port(self, step: int) -> None:
        self.port_index = (self.port_index + step) % len(self.app.link_ports)
        self.role = role_for(self._port(), self.chosen_role)

    def _flip_role(self, step: int) -> None:
        self.role = self.chosen_role = Role.GUEST if self.role == Role.HOST else Role.HOST

    def _cycle_level(self, step: int) -> None:
        index = LEVEL_NUMBERS.index(self.setup.ai_level)
        self.setup.ai_level = LEVEL_NUMBERS[(index + step) % len(LEVEL_NUMBERS)]

    def _flip_colour(self, step: int) -> None:
        self.setup.human_colour = BLUE if self.setup.human_colour == RED else RED

    def _flip_tabletop(self, step: int) -> None:
        self.setup.tabletop = not self.setup.tabletop

    def start(self) -> None:
        setup = self.setup
        t = self.ui.t
        if setup.mode == Mode.LINK:
            self._start_link()
            return
        you, computer = t("player.you"), t("player.computer", level=setup.ai_level)
        if setup.mode == Mode.VERSUS_AI:
            names = (you, computer) if setup.human_colour == RED else (computer, you)
        else:
            names = (self.ui.colour_name(RED), self.ui.colour_name(BLUE))
        setup = GameSetup(setup.mode, setup.ai_level, setup.human_colour, setup.tabletop)
        game = Game.new(self.app.playing.new_seed(), setup, names, self.app.today(), self.rules)
        start_game(self.app, game)

    def _start_link(self) -> None:
        port = self._port()
        connector = link_connector(self.app, port, self.role, self.setup.human_colour, self.rules)
        if connector is None:
            self.app.show_message(self.ui.t("new.no_link"))
            return
        connect(self.app, connector, port, self.role)
