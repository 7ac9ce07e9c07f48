"""List screens: the title (with Continue), new game (starting a linked one too),
past games, settings, about, confirmations and messages.  The system menu during play is
the game screen's (``device.screens.game_screen.SystemMenu``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from importlib import metadata

import pygame

import engine
from device.journal.archive import UNREADABLE, ArchivedGame, has_past_games, load_game, past_games
from device.journal.folder import SaveError
from device.journal.settings import CHOICES, LIGHT_SETTINGS, SOUND_SETTINGS
from device.link.game import Role
from device.look.board_view import draw_satellite
from device.look.controls import Control, control, control_label, draw_screen_bar, screen_bar_top
from device.look.layout import MARGIN
from device.look.scrolling import ListWindow, draw_more_signs, list_window
from device.look.verdict import verdict
from device.play.buttons import Button
from device.play.game import Game, GameSetup, Mode
from device.play.link_games import PORT_TAG, role_of
from device.play.opponent import DEFAULT_LEVEL, LEVEL_NUMBERS
from device.play.replay import Replay
from device.play.sounds import Effect
from device.play.tutorial import finished
from device.screens.link_screens import connect, port_label, role_for
from device.screens.replay_screen import ReplayScreen
from device.screens.rules_screen import RulesScreen
from device.screens.screen import Host, Screen
from engine.pieces import BLUE, RED, piece

FORWARD = (Button.DOWN, Button.NEXT, Button.SELECT)
BACKWARD = (Button.UP, Button.PREV)
BROWSE = (Button.UP, Button.DOWN, Button.NEXT, Button.PREV)
KEEP_ROTATION_MS = 10_000
"""A new rotation nobody confirms within this long turns back by itself."""


@dataclass
class Item:
    label: Callable[[], str]
    action: Callable[[], None] | None = None
    adjust: Callable[[int], None] | None = None
    """Change the item's value by one step (LEFT/RIGHT; A steps forward)."""
    visible: Callable[[], bool] = lambda: True


OVERLAY_SHADE = 176
"""How dark (alpha of black, of 255) a menu over a screen makes that screen."""


def shade_behind(surface: pygame.Surface) -> None:
    """Dim the screen under a menu or a message: its bar and keys say what its own
    buttons did, not what they do now (the menu's bar says that)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, OVERLAY_SHADE))
    surface.blit(shade, (0, 0))


class MenuScreen(Screen):
    title_key = ""
    wraps = True
    """Stepping past the last item comes back to the first (not where an item is risky)."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.index = 0

    def items(self) -> list[Item]:
        return []

    def shown(self) -> list[Item]:
        return [item for item in self.items() if item.visible()]

    def back(self) -> None:
        self.host.pop()

    def title(self) -> str:
        return self.ui.t(self.title_key)

    def handle(self, button: Button) -> None:
        shown = self.shown()
        self.index = min(self.index, len(shown) - 1)
        item = shown[self.index]
        if button in FORWARD or button in BACKWARD:
            step = 1 if button in FORWARD else -1
            was = self.index
            if self.wraps:
                self.index = (self.index + step) % len(shown)
            else:
                self.index = min(len(shown) - 1, max(0, self.index + step))
            if self.index != was:
                self.host.play(Effect.CURSOR)
        elif button in (Button.LEFT, Button.RIGHT) and item.adjust is not None:
            self._adjust(item.adjust, 1 if button is Button.RIGHT else -1)
        elif button is Button.A:
            if item.action is not None:
                self.host.play(Effect.CHOOSE)
                item.action()
            elif item.adjust is not None:
                self._adjust(item.adjust, 1)
        elif button is Button.B:
            self.back()

    def _adjust(self, adjust: Callable[[int], None], step: int) -> None:
        adjust(step)
        self.host.play(Effect.CHOOSE)  # after the change: a new volume is heard at once

    def panel(self) -> pygame.Rect:
        """Where the menu is drawn: the screen above its bar, or a panel over the screen."""
        layout = self.ui.layout
        above_bar = screen_bar_top(self.ui)
        if not self.overlay:
            return pygame.Rect(0, 0, layout.width, above_bar)
        panel = pygame.Rect(0, 0, layout.width * 3 // 4, min(layout.height * 7 // 8, above_bar - 4))
        panel.center = (layout.width // 2, above_bar // 2)
        return panel

    def title_lines(self) -> list[str]:
        title_font = self.ui.font(self.ui.layout.title_size, bold=True)
        return self.ui.wrap(self.title(), title_font, self.panel().w - 8)

    def window(self) -> ListWindow:
        """The items on screen, and the signs of those above and below."""
        ui = self.ui
        panel = self.panel()
        title_font = ui.font(ui.layout.title_size, bold=True)
        top = panel.y + 12 + title_font.get_linesize() * len(self.title_lines())
        area = pygame.Rect(panel.x, top, panel.w, panel.bottom - 4 - top)
        return list_window(ui, len(self.shown()), self.index, area, ui.layout.line + 6)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        palette = ui.palette
        panel = self.panel()
        if self.overlay:
            shade_behind(surface)
            pygame.draw.rect(surface, palette.panel, panel, border_radius=6)
            pygame.draw.rect(surface, palette.dim, panel, width=1, border_radius=6)
        else:
            surface.fill(palette.background)
        title_font = ui.font(ui.layout.title_size, bold=True)
        ui.draw_lines(
            surface, self.title_lines(), title_font, (panel.x, panel.y + 6), centred_in=panel.w
        )
        font = ui.font()
        shown = self.shown()
        window = self.window()
        for index in range(window.first, window.first + window.count):
            item = shown[index]
            rect = pygame.Rect(panel.x + 8, window.row_top(index), panel.w - 16, window.row - 2)
            if index == self.index:
                pygame.draw.rect(surface, palette.highlight, rect, border_radius=4)
                pygame.draw.rect(surface, palette.cursor, rect, width=1, border_radius=4)
            label = item.label()
            if item.adjust is not None and index == self.index and self._has_sideways():
                label = f"< {label} >"
            image = font.render(label, True, palette.text)
            surface.blit(image, (rect.centerx - image.get_width() // 2, rect.y + 1))
        draw_more_signs(surface, ui, window)
        draw_screen_bar(surface, ui, self.controls())

    def _has_sideways(self) -> bool:
        return Button.LEFT in self.ui.profile.meanings.values()

    def controls(self) -> list[Control]:
        item = self.shown()[min(self.index, len(self.shown()) - 1)]
        if item.adjust is not None and item.action is None:
            first = control("ctl.change", Button.A, Button.LEFT, Button.RIGHT)
        else:
            first = control("help.confirm", Button.A)
        return [first, control("help.back", Button.B), control("ctl.browse", *BROWSE)]


class MenuOverGame(MenuScreen):
    """The menu opened over a game or a lesson: drawn over it, no wrapping past
    risky items, and the menu button closes it again."""

    overlay = True
    wraps = False
    title_key = "menu.title"

    def handle(self, button: Button) -> None:
        if button is Button.MENU:
            self.host.pop()
            return
        super().handle(button)


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
        connector = self.host.link_connector(port, role, game.setup.human_colour)
        if connector is None:
            self.host.show_message(self.ui.t("new.no_link"))
            return
        connect(self.host, connector, port, role, saved=game)

    def controls(self) -> list[Control]:
        return [control("help.confirm", Button.A), control("ctl.browse", *BROWSE)]


class NewGameScreen(MenuScreen):
    title_key = "new.title"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.setup = GameSetup(mode=Mode.VERSUS_AI, ai_level=DEFAULT_LEVEL)
        self.port_index = 0
        self.chosen_role = Role.HOST
        """The role the player last chose; a socket port suggests its own."""
        self.role = role_for(self._port(), Role.HOST)

    def items(self) -> list[Item]:
        t = self.ui.t
        setup = self.setup
        return [
            Item(
                lambda: f"{t('new.mode')}: {t('new.mode.' + setup.mode)}",
                adjust=lambda step: self._cycle_mode(step),
            ),
            Item(
                lambda: f"{t('new.level')}: {setup.ai_level} {t(f'level.{setup.ai_level}')}",
                adjust=self._cycle_level,
                visible=lambda: setup.mode == Mode.VERSUS_AI,
            ),
            Item(
                lambda: f"{t('link.port')}: {port_label(self._port())}",
                adjust=self._cycle_port,
                visible=lambda: setup.mode == Mode.LINK and len(self.host.link_ports) > 0,
            ),
            Item(
                lambda: f"{t('link.role')}: {t('link.role.' + self.role)}",
                adjust=self._flip_role,
                visible=lambda: setup.mode == Mode.LINK and len(self.host.link_ports) > 0,
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

    def _chooses_colour(self) -> bool:
        """Against the computer, or as the link's host (the guest gets the other colour)."""
        mode = self.setup.mode
        return mode == Mode.VERSUS_AI or (
            mode == Mode.LINK and self.role == Role.HOST and self._port() != ""
        )

    def _port(self) -> str:
        ports = self.host.link_ports
        return ports[self.port_index % len(ports)] if ports else ""

    def _cycle_port(self, step: int) -> None:
        self.port_index = (self.port_index + step) % len(self.host.link_ports)
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
        self.host.start_game(Game.new(self.host.new_seed(), setup, names, self.host.today()))

    def _start_link(self) -> None:
        port = self._port()
        connector = self.host.link_connector(port, self.role, self.setup.human_colour)
        if connector is None:
            self.host.show_message(self.ui.t("new.no_link"))
            return
        connect(self.host, connector, port, self.role)


class SettingsScreen(MenuScreen):
    title_key = "settings.title"

    def items(self) -> list[Item]:
        hidden = (() if self.host.lighting.present else LIGHT_SETTINGS) + (
            () if self.host.has_sound() else SOUND_SETTINGS
        )
        rows = [
            Item(self._label(name), adjust=self._adjuster(name))
            for name in CHOICES
            if name not in hidden
        ]
        return [*rows, Item(lambda: self.ui.t("settings.done"), self.back)]

    def _label(self, name: str) -> Callable[[], str]:
        def label() -> str:
            return f"{self.ui.t('settings.' + name)}: {self._value(name)}"

        return label

    def _value(self, name: str) -> str:
        settings = self.ui.settings
        t = self.ui.t
        if name == "language":
            return t("settings.language." + settings.language)
        if name in ("colour_blind", "think_ahead"):
            return t("on" if getattr(settings, name) else "off")
        if name == "rotation":
            return t("settings.degrees", degrees=settings.rotation)
        if name == "think_ms":
            return t("settings.seconds", seconds=f"{settings.think_ms / 1000:g}")
        if name == "brightness":
            return t("settings.percent", percent=settings.brightness)
        if name == "sound":
            return t("on" if settings.sound else "off")
        if name == "volume":
            return t("settings.percent", percent=settings.volume)
        if name == "dim_after_s":
            if not settings.dim_after_s:
                return t("off")
            return t("settings.seconds", seconds=settings.dim_after_s)
        return t("settings.repeat." + settings.repeat)

    def _adjuster(self, name: str) -> Callable[[int], None]:
        def adjust(step: int) -> None:
            self.ui.settings.cycle(name, step)
            self.host.settings_changed()

        def turn(step: int) -> None:
            kept = self.ui.settings.rotation
            self.ui.settings.cycle(name, step)
            self.host.apply_settings()
            self.host.push(KeepRotationScreen(self.host, kept))

        return turn if name == "rotation" else adjust


class AboutScreen(Screen):
    def handle(self, button: Button) -> None:
        if button in (Button.A, Button.B, Button.MENU):
            self.host.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        ui = self.ui
        y = ui.draw_title(surface, ui.t("about.title"))
        try:
            version = metadata.version("satellites")
        except metadata.PackageNotFoundError:
            version = "?"
        lines = [
            ui.t("app.name"),
            ui.t("about.version", version=version),
            ui.t("about.compiled" if engine.is_compiled() else "about.pure"),
            ui.t("about.profile", profile=ui.profile.name),
            ui.t("about.font"),
        ]
        ui.draw_lines(surface, lines, ui.font(), (0, y + 6), centred_in=ui.layout.width)
        draw_screen_bar(surface, ui, [control("help.back", Button.A, Button.B)])


class ConfirmScreen(MenuScreen):
    """A yes/no question before something that cannot be taken back; "No" comes first."""

    overlay = True
    wraps = False

    def __init__(self, host: Host, question: str, action: Callable[[], None]) -> None:
        super().__init__(host)
        self.question = question
        self.action = action

    def title(self) -> str:
        return self.question

    def items(self) -> list[Item]:
        t = self.ui.t
        return [
            Item(lambda: t("confirm.no"), self.host.pop),
            Item(lambda: t("confirm.yes"), self.yes),
        ]

    def yes(self) -> None:
        self.host.pop()
        self.action()


class KeepRotationScreen(MenuScreen):
    """Asked after the picture turned: unless the player keeps the new rotation,
    the old one comes back by itself (a picture turned wrongly may be hard to read)."""

    overlay = True
    wraps = False

    def __init__(self, host: Host, kept: int) -> None:
        super().__init__(host)
        self.kept = kept
        """The rotation to go back to."""
        self.now = host.now()
        self.deadline = self.now + KEEP_ROTATION_MS

    def title(self) -> str:
        return self.ui.t("rotation.keep")

    def items(self) -> list[Item]:
        t = self.ui.t
        return [
            Item(lambda: t("rotation.revert", seconds=self.seconds_left()), self.revert),
            Item(lambda: t("rotation.keep_it"), self.keep),
        ]

    def seconds_left(self) -> int:
        return max(0, -(-(self.deadline - self.now) // 1000))

    def back(self) -> None:
        self.revert()

    def revert(self) -> None:
        self.ui.settings.rotation = self.kept
        self.host.apply_settings()
        self.host.pop()

    def keep(self) -> None:
        self.host.settings_changed()
        self.host.pop()

    def update(self, now: int) -> bool:
        shown = self.seconds_left()
        self.now = now
        if now >= self.deadline:
            self.revert()
            return True
        return self.seconds_left() != shown

    def wakeup(self, now: int) -> int | None:
        """When the countdown shows its next second (or runs out)."""
        return self.deadline - 1000 * max(0, self.seconds_left() - 1)


def power_off_item(host: Host) -> Item:
    """ "Power off", asking first; shown only on a device that can power off."""
    return Item(
        lambda: host.ui.t("menu.power_off"),
        lambda: host.push(ConfirmScreen(host, host.ui.t("power.title"), lambda: power_off(host))),
        visible=lambda: host.power is not None,
    )


def power_off(host: Host) -> None:
    if host.power is None:
        return
    try:
        host.power.power_off()
    except OSError as error:
        host.show_message(host.ui.t("msg.power_off_failed", problem=str(error)))


class MessageScreen(Screen):
    """Something the player must read (a damaged save, a missing feature)."""

    overlay = True

    def __init__(self, host: Host, words: str) -> None:
        super().__init__(host)
        self.words = words

    def handle(self, button: Button) -> None:
        if button in (Button.A, Button.B):
            self.host.pop()

    def controls(self) -> list[Control]:
        return [control("msg.ok", Button.A)]

    def _dismiss_label(self) -> str:
        """The device's own name of the choose button: "A: OK", "press: OK"."""
        (dismiss,) = self.controls()
        return f"{control_label(self.ui, dismiss)}: {self.ui.t(dismiss.does)}"

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        layout = ui.layout
        above_bar = screen_bar_top(ui)
        panel = pygame.Rect(0, 0, layout.width * 7 // 8, min(layout.height * 3 // 4, above_bar - 4))
        panel.center = (layout.width // 2, above_bar // 2)
        shade_behind(surface)
        pygame.draw.rect(surface, ui.palette.panel, panel, border_radius=6)
        pygame.draw.rect(surface, ui.palette.cursor, panel, width=1, border_radius=6)
        font = ui.font()
        lines = ui.wrap(self.words, font, panel.w - 16)
        bottom = ui.draw_lines(surface, lines, font, (panel.x + 8, panel.y + 8))
        ok = font.render(self._dismiss_label(), True, ui.palette.dim)
        surface.blit(
            ok,
            (
                panel.centerx - ok.get_width() // 2,
                max(bottom + 4, panel.bottom - ok.get_height() - 6),
            ),
        )
        draw_screen_bar(surface, ui, self.controls())


class PastGamesScreen(MenuScreen):
    """The archived games, newest first, two lines each; choosing one replays it."""

    title_key = "past.title"
    wraps = False

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.games = past_games(host.saves)

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
        """Replay a game from its start; if its moves do not read, say why and mark it."""
        game = self.games[index]
        problem = game.problem
        if not problem:
            try:
                played = load_game(self.host.saves, game)
            except UNREADABLE as error:
                problem = str(error)
            else:
                self.host.push(ReplayScreen(self.host, Replay.of(played), game.setup))
                return
            self.games[index] = replace(game, outcome=None, problem=problem)
        self.host.show_message(self.ui.t("msg.past_unreadable", problem=problem))

    def handle(self, button: Button) -> None:
        if not self.games:  # the archive emptied since the title looked
            self.host.pop()
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
                pygame.draw.rect(surface, palette.highlight, rect, border_radius=4)
                pygame.draw.rect(surface, palette.cursor, rect, width=1, border_radius=4)
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
