"""The game screen: draws a match (the board, the HUD, a sliding move) and turns
the buttons into its verbs, and shows what comes after it once it is over; the
system menu during play; starting a game on it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from device.hardware.buttons import Button
from device.link.events import LinkProblem, LinkStateName
from device.link.interface import LinkSession
from device.look.board_view import BoardMarks, draw_board, draw_slides, slides
from device.look.controls import Control, button_label, control
from device.look.hud import HudItem, draw_hud, shows_details
from device.look.link_panel import draw_link_panel
from device.play.game import Game, Mode
from device.play.match import GameLog, Judgement, Match, Verdict
from device.play.preview import move_preview
from device.play.selection import Selection, Stage
from device.play.sounds import Effect
from device.screens.dialogs import ConfirmScreen, power_off_item
from device.screens.end_screen import show_end
from device.screens.menu_screen import Item, MenuOverGame
from device.screens.rules_screen import RulesScreen
from device.screens.screen import AppView, Screen
from device.screens.settings_screens import SettingsScreen
from engine.geometry import file_of, rank_of
from engine.moves import PASS, landing_of, origin_of, target_of
from engine.pieces import BLUE, colour_of

ANIMATION_MS = 160
THINKING_TICK_MS = 300
EXPLAIN_CLOSED_PLIES = 2
"""The first moves of a game say what "Closed" means and what opens an edge."""
DIRECTIONS = {
    Button.UP: (0, 1),
    Button.DOWN: (0, -1),
    Button.LEFT: (-1, 0),
    Button.RIGHT: (1, 0),
}


def start_game(
    app: AppView, game: Game, link: LinkSession | None = None, journal: GameLog | None = None
) -> None:
    """Play ``game`` on the game screen over the title (see ``Playing.start``); its end
    screen after it."""
    app.show_alone(GameScreen(app, app.playing.start(game, link, journal)))


class GameScreen(Screen):
    """Draws a match and turns buttons into its verbs; the match does the rest.

    A tutorial's lesson is shown by a screen of its own kind, with its own menu
    and its own words on a verdict and after the lesson."""

    def __init__(self, app: AppView, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self._over_shown = False
        """What comes after the match was shown (it is over, and was seen over)."""
        self.selection: Selection | None = None
        self.refusal = ""
        """Why the satellite the player just tried to pick cannot move (until the next press)."""
        self.animation: tuple[int, int] | None = None
        """(move, start time) while a move slides into place."""
        self.shown_ply = match.game.ply
        self.shown_hint: int | None = None
        self._dots = 0
        self._next_tick: int | None = None
        self._new_turn()

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def hint(self) -> int | None:
        return self.match.hint

    # -- turns -------------------------------------------------------------

    def _new_turn(self) -> None:
        if not self.match.person_to_move():
            self.selection = None
            return
        cursor = self.selection.cursor if self.selection else 0
        selection = Selection(self.game.position.legal_moves(), cursor=cursor)
        jump = not self.ui.profile.has_dpad or self.selection is None
        if selection.choices and self.game.setup.tabletop:
            selection.cursor = min(selection.choices, key=self._from_own_side)
        elif selection.choices and jump and cursor not in selection.choices:
            selection.cursor = selection.choices[0]
        self.selection = selection

    def _from_own_side(self, cell: int) -> tuple[int, int]:
        """Across a table each player starts nearest their own edge (Red sits South,
        Blue North), never on the other's last piece; then West first."""
        home = 9 if self.game.position.side == BLUE else 0
        return (abs(rank_of(cell) - home), file_of(cell))

    def _catch_up(self) -> bool:
        """Follow the match: slide in a new move, offer the next turn, show a hint."""
        game = self.game
        changed = False
        if game.ply != self.shown_ply:
            last = game.last_move
            moved = game.ply > self.shown_ply and last is not None and last != PASS
            self.animation = (last, self.app.now()) if moved and last is not None else None
            self.shown_ply = game.ply
            changed = True
        if changed or (self.selection is None) == self.match.person_to_move():
            self._new_turn()
            changed = True
        hint = self.match.hint
        if hint != self.shown_hint:
            self.shown_hint = hint
            if hint is not None and hint != PASS and self.selection is not None:
                while self.selection.back():
                    pass
                self.selection.cursor = origin_of(hint)
            changed = True
        return changed

    # -- input -------------------------------------------------------------

    def flipped(self) -> bool:
        """Tabletop hotseat: Blue sits opposite, so the picture (with any menu over
        it) turns on Blue's turn, and the arrows with it (the app sees to both)."""
        setup = self.game.setup
        return setup.mode == Mode.HOTSEAT and setup.tabletop and self.game.position.side == BLUE

    def handle(self, button: Button) -> None:
        if self.match.verdict is Verdict.PASSED:  # any press goes on from the result
            self.match.go_on()
            return
        if button is Button.MENU:
            self.app.push(self.menu())
            return
        self.animation = None
        self.refusal = ""
        self._catch_up()
        selection = self.selection
        if selection is None:
            return
        cursor = selection.cursor
        if button in DIRECTIONS:
            selection.jump(DIRECTIONS[button])
        elif button in (Button.NEXT, Button.SELECT):
            selection.cycle(1)
        elif button is Button.PREV:
            selection.cycle(-1)
        elif button is Button.A:
            self._confirm(selection)
        elif button is Button.B:
            selection.back()
        if selection.cursor != cursor and button not in (Button.A, Button.B):
            self.app.sounds.play(Effect.CURSOR)

    def _confirm(self, selection: Selection) -> None:
        """Pick what is under the cursor; a whole move goes to the match (which sounds it)."""
        picking = selection.stage is Stage.ORIGIN and not selection.must_pass()
        if picking and selection.cursor not in selection.choices:
            self.refusal = self._why_not(selection.cursor)
            return
        chosen = (selection.stage, selection.origin, selection.target)
        move = PASS if selection.must_pass() else selection.confirm()
        if move is not None and self.match.play(move):
            self._catch_up()
        elif (selection.stage, selection.origin, selection.target) != chosen:
            self._follow_hint(selection)
            self.app.sounds.play(Effect.CHOOSE)

    def _follow_hint(self, selection: Selection) -> None:
        """Once the hinted satellite is picked, the cursor waits on the hinted
        destination (and then on the hinted landing)."""
        hint = self.hint
        if hint is None or hint == PASS or selection.origin != origin_of(hint):
            return
        if selection.stage is Stage.TARGET:
            selection.cursor = target_of(hint)
        elif selection.stage is Stage.LANDING and selection.target == target_of(hint):
            selection.cursor = landing_of(hint)

    def _why_not(self, cell: int) -> str:
        """In words, why the satellite on ``cell`` cannot be chosen now."""
        position = self.game.position
        code = position.board[cell]
        if not code:
            return "hud.why.empty"
        if colour_of(code) != position.side:
            return "hud.why.not_yours"
        if position.is_connected(cell):
            return "hud.why.locked"
        return "hud.why.no_move"

    # -- time --------------------------------------------------------------

    def settled(self) -> bool:
        """No move is sliding into place: the board shows the game as it stands."""
        return self.animation is None

    def update(self, now: int) -> bool:
        changed = self._catch_up()
        if self.animation is not None:
            if now - self.animation[1] >= ANIMATION_MS:
                self.animation = None
                self._seen(now)
            return True
        changed |= self._seen(now)
        if self.match.thinking:
            if self._next_tick is None or now >= self._next_tick:
                self._dots = (self._dots + 1) % 4
                self._next_tick = now + THINKING_TICK_MS
                changed = True
        else:
            self._next_tick = None
        if self._seen_over():
            self._over_shown = True
            self.ended()
        return changed

    def _seen(self, now: int) -> bool:
        """The move is in place: the match's policy may judge it (a miss is taken back)."""
        judgement = self.match.seen(now)
        if judgement is None:
            return False
        self.judged(judgement)
        self._catch_up()
        return True

    def _seen_over(self) -> bool:
        """The match is over (its end stored) and the board shows it as it ended, with
        nothing over it: a menu or a message over the game is read first, and the last
        move slides in."""
        return self.match.finished and self.settled() and not self._over_shown

    def wakeup(self, now: int) -> int | None:
        if self.animation is not None:
            return now + 16
        if self.match.thinking:
            return self._next_tick if self._next_tick is not None else now
        if self._seen_over():
            return now
        return None

    # -- what a lesson does its own way ------------------------------------------

    def menu(self) -> Screen:
        """The menu the menu button opens over the game."""
        return SystemMenu(self.app, self)

    def judged(self, judgement: Judgement) -> None:
        """The match's policy judged the last move (a lesson's goal; a game has none)."""

    def ended(self) -> None:
        """The match is over and seen over: what comes after it."""
        show_end(self.app, self.game)

    # -- drawing -------------------------------------------------------------

    def marks(self) -> BoardMarks:
        marks = BoardMarks(last_move=self.game.last_move, hint=self.hint)
        selection = self.selection
        if selection is None or self.animation is not None:
            return marks
        marks.cursor = selection.cursor
        if selection.stage is Stage.ORIGIN:
            marks.movable = selection.choices
        else:
            marks.selected = selection.origin
            if selection.stage is Stage.TARGET:
                marks.targets = {cell: selection.kind_at(cell) for cell in selection.choices}
            else:
                marks.displaced = selection.target
                marks.landings = selection.choices
        return marks

    def prompt(self) -> str:
        """What the player should know right now, above everything else ("": nothing)."""
        t = self.ui.t
        match = self.match
        if match.link_status:
            return t(match.link_problem) if match.link_problem else t("link.lost_title")
        if match.thinking:
            return t("hud.thinking") + "." * self._dots
        if self.game.setup.mode == Mode.LINK and not self.game.human_to_move():
            return t("hud.waiting")
        if self.refusal:
            return t(self.refusal)
        if self.selection is not None and self.selection.must_pass():
            return t("hud.must_pass", button=self._label(Button.A))
        if self.selection is not None and self.selection.stage is Stage.LANDING:
            return t("hud.landing")
        preview = self._preview()
        if preview:
            return preview
        if self.hint is not None:
            return t("hud.hint")
        return self.standing_prompt()

    def standing_prompt(self) -> str:
        """The words shown when nothing more pressing is: the policy's (a lesson's goal),
        or at the start of a game what "Closed" asks of the players."""
        policy = self.match.policy
        if policy is not None:
            return self.ui.t(policy.words(self.match.verdict))
        if self.explains_closed() and not shows_details(self.ui):
            return self.ui.t("hud.closed_help")
        return ""

    def explains_closed(self) -> bool:
        """The first moves of a game (not a lesson) say what "Closed" asks: on the
        line that says "Closed" where the HUD has one, else as the prompt."""
        closed = not self.game.position.connections_open()
        return closed and self.game.ply < EXPLAIN_CLOSED_PLIES and self.match.policy is None

    def _preview(self) -> str:
        """On a destination that connects: what the move would make."""
        selection = self.selection
        if selection is None or selection.stage is not Stage.TARGET:
            return ""
        move = selection.move_to(selection.cursor)
        if move is None:
            return ""
        return move_preview(self.game.position, move, self.ui.t, self.ui.colour_name)

    def _label(self, button: Button) -> str:
        return button_label(self.ui, button) or button.value

    def controls(self) -> list[Control]:
        """The buttons that do something now, most useful first."""
        if self.match.verdict is Verdict.PASSED:
            return [control("ctl.continue", Button.A)]
        menu = control("help.menu", Button.MENU)
        selection = self.selection
        if selection is None or self.match.link_status:
            return [menu]
        if selection.must_pass():
            return [control("ctl.pass", Button.A), menu]
        browse = [
            control("ctl.next", Button.SELECT),
            control("ctl.cycle", Button.NEXT, Button.PREV),
        ]
        if selection.stage is Stage.ORIGIN:
            return [control("ctl.pick", Button.A), *browse, menu]
        back = control("help.back", Button.B)
        if selection.stage is Stage.TARGET:
            return [control("ctl.place", Button.A), back, *browse, menu]
        return [control("ctl.push", Button.A), back, *browse, menu]

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        surface.fill(ui.palette.background)
        marks = self.marks()
        position = self.game.position
        moving = slides(position, self.animation[0]) if self.animation is not None else []
        marks.hidden = [end for _, end, _ in moving]
        draw_board(surface, ui.layout, ui.palette, ui.fonts, position, marks)
        if self.animation is not None:
            progress = min(1.0, (self.app.now() - self.animation[1]) / ANIMATION_MS)
            draw_slides(surface, ui.layout, ui.fonts, ui.palette, moving, progress)
        status = self.match.link_status
        words = "" if status else self.prompt()  # the panel says it
        prompt = HudItem(words, ui.palette.cursor) if words else None
        draw_hud(surface, ui, position, prompt, self.controls(), self.explains_closed())
        if status is LinkStateName.LOST:
            draw_link_panel(surface, ui, ui.t("link.lost_title"), [ui.t("link.lost_body")])
        elif status is LinkStateName.ERROR:
            problem = ui.t(self.match.link_problem or LinkProblem.FAILED)
            draw_link_panel(surface, ui, ui.t("link.stopped_title"), [problem])


class SystemMenu(MenuOverGame):
    """Menu during play: resume, undo, hint, rules, settings, resign, title."""

    def __init__(self, app: AppView, game_screen: GameScreen) -> None:
        super().__init__(app)
        self.game_screen = game_screen

    def items(self) -> list[Item]:
        t = self.ui.t
        match = self.game_screen.match
        return [
            Item(lambda: t("menu.resume"), self.app.pop),
            Item(lambda: t("menu.undo"), self._then(self._undo), visible=match.can_undo),
            Item(lambda: t("menu.hint"), self._then(match.ask_hint), visible=match.person_to_move),
            Item(lambda: t("menu.rules_of", rules=self._rules_name()), self._open_rules),
            Item(lambda: t("menu.settings"), self._open_settings),
            Item(
                lambda: t("menu.resign"),
                self._confirm("confirm.resign", match.resign),
                visible=match.can_resign,
            ),
            Item(lambda: t("menu.to_title"), self._confirm("confirm.to_title", self.app.to_title)),
            power_off_item(self.app),
        ]

    def _rules_name(self) -> str:
        """The name of the rules this game is played under."""
        return self.ui.t(f"rules.name.{self.game_screen.game.record.rules.name}")

    def _undo(self) -> None:
        if not self.game_screen.match.undo():
            self.app.show_message(self.ui.t("menu.nothing_to_undo"))

    def _confirm(self, question: str, action: Callable[[], object]) -> Callable[[], None]:
        def ask() -> None:
            self.app.push(ConfirmScreen(self.app, self.ui.t(question), self._then(action)))

        return ask

    def _then(self, action: Callable[[], object]) -> Callable[[], None]:
        def run() -> None:
            self.app.pop()
            action()

        return run

    def _open_rules(self) -> None:
        self.app.push(RulesScreen(self.app))

    def _open_settings(self) -> None:
        self.app.push(SettingsScreen(self.app))
