"""The game screen: the board, the HUD, choosing moves, the computer's turn,
and the system menu."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from device.board_view import BoardMarks, cell_centre, draw_board, draw_satellite
from device.buttons import Button
from device.game import HOTSEAT, LINK, VERSUS_AI, Game
from device.hud import draw_hud, hud_items
from device.link_screens import draw_link_panel
from device.menus import Item, MenuScreen
from device.opponent import HINT
from device.ports import LinkSession, PeerMoveEvent, StateEvent
from device.screen import Host, Screen
from device.selection import Selection, Stage
from engine.moves import DISPLACEMENT, PASS, kind_of, landing_of, origin_of, target_of
from engine.notation import IllegalMoveError, NotationError, format_move, parse_move
from engine.pieces import BLUE

ANIMATION_MS = 160
THINKING_TICK_MS = 300
POLL_MS = 50
"""How often a thinking computer or the link cable is asked for news."""
DIRECTIONS = {
    Button.UP: (0, 1),
    Button.DOWN: (0, -1),
    Button.LEFT: (-1, 0),
    Button.RIGHT: (1, 0),
}


class GameScreen(Screen):
    def __init__(self, host: Host, game: Game, link: LinkSession | None = None) -> None:
        super().__init__(host)
        self.game = game
        self.link_session = link
        self.link_status = ""
        """"lost" or "error" while the link is down or the linked game stopped."""
        self.link_problem = ""
        self.selection: Selection | None = None
        self.hint: int | None = None
        self.hint_for_ply = -1
        self.ai_for_ply = -1
        self.ai_started = 0
        self.ai_answer: int | None = None
        """The computer's move, held until the chosen thinking time has passed."""
        self.animation: tuple[int, int] | None = None
        """(move, start time) while a move slides into place."""
        self.finished = False
        self._dots = 0
        self._next_tick: int | None = None
        self._new_turn()

    # -- turns -------------------------------------------------------------

    def _new_turn(self) -> None:
        game = self.game
        if not game.human_to_move():
            self.selection = None
            return
        cursor = self.selection.cursor if self.selection else 0
        selection = Selection(game.position.legal_moves(), cursor=cursor)
        jump = not self.ui.profile.has_dpad or self.selection is None
        if selection.choices and jump and cursor not in selection.choices:
            selection.cursor = selection.choices[0]
        self.selection = selection

    def play(self, move: int) -> None:
        """Play ``move`` (legal), save, tell the peer, and start its animation."""
        self.game.play(move)
        self.hint = None
        self.host.hint_thinker.cancel()
        self.host.save_game(self.game)
        if self.link_session is not None and self.game.setup.is_human(self.game.movers[-1]):
            try:
                self.link_session.send_move(self.game.ply, format_move(move))
            except ValueError as error:  # the session stopped the game a moment ago
                self.link_status, self.link_problem = "error", str(error)
        self.animation = (move, self.host.now()) if move != PASS else None
        self._new_turn()

    def undo(self) -> None:
        self.host.thinker.cancel()
        self.host.hint_thinker.cancel()
        if self.game.undo():
            self.ai_for_ply = -1
            self.hint = None
            self.animation = None
            self.host.save_game(self.game)
            self._new_turn()
        else:
            self.host.show_message(self.ui.t("menu.nothing_to_undo"))

    def ask_hint(self) -> None:
        if not self.game.human_to_move():
            return
        self.hint_for_ply = self.game.ply
        self.host.hint_thinker.start(self.game.position, HINT)

    def resign(self) -> None:
        self.host.thinker.cancel()
        loser = self.game.position.side
        if self.game.setup.mode != HOTSEAT:
            loser = self.game.setup.human_colour
        self.game.record.tags["Resigned"] = self.ui.colour_name(loser)
        self.game.resigned = loser
        self.finished = True
        self.host.game_finished(self.game)

    # -- input -------------------------------------------------------------

    def flipped(self) -> bool:
        """Tabletop hotseat: Blue sits opposite, so the picture turns on Blue's turn."""
        setup = self.game.setup
        return setup.mode == HOTSEAT and setup.tabletop and self.game.position.side == BLUE

    def handle(self, button: Button) -> None:
        if button is Button.MENU:
            self.host.push(SystemMenu(self.host, self))
            return
        if self.animation is not None:
            self._finish_animation()
        if self.link_status:
            return
        selection = self.selection
        if selection is None or not self.game.human_to_move():
            return
        if button in DIRECTIONS:
            dfile, drank = DIRECTIONS[button]
            if self.flipped():
                dfile, drank = -dfile, -drank
            selection.move_cursor(dfile, drank)
        elif button in (Button.NEXT, Button.SELECT):
            selection.cycle(1)
        elif button is Button.PREV:
            selection.cycle(-1)
        elif button is Button.A:
            if selection.must_pass():
                self.play(PASS)
                return
            move = selection.confirm()
            if move is not None:
                self.play(move)
        elif button is Button.B:
            selection.back()

    # -- time --------------------------------------------------------------

    def _finish_animation(self) -> None:
        self.animation = None

    def update(self, now: int) -> bool:
        changed = False
        if self.animation is not None:
            if now - self.animation[1] >= ANIMATION_MS:
                self.animation = None
            return True
        if self.finished:
            return False
        if self.game.is_over():
            self.finished = True
            self.host.game_finished(self.game)
            return True
        changed |= self.poll_link()
        changed |= self._poll_computer()
        changed |= self._poll_hint()
        if self._busy():
            if self._next_tick is None or now >= self._next_tick:
                self._dots = (self._dots + 1) % 4
                self._next_tick = now + THINKING_TICK_MS
                changed = True
        else:
            self._next_tick = None
        return changed

    def _busy(self) -> bool:
        computer = self.ai_answer is not None or self.host.thinker.busy
        return computer or self.host.hint_thinker.busy

    def wakeup(self, now: int) -> int | None:
        if self.animation is not None:
            return now + 16
        if self._busy() or self.link_session is not None:
            return now + POLL_MS
        if self.game.is_over() and not self.finished:
            return now
        if self.game.setup.mode == VERSUS_AI and not self.game.human_to_move():
            return now
        return None

    def _poll_computer(self) -> bool:
        game = self.game
        if game.setup.mode != VERSUS_AI or game.human_to_move() or game.is_over():
            return False
        thinker = self.host.thinker
        now = self.host.now()
        if self.ai_for_ply != game.ply:
            self.ai_for_ply = game.ply
            self.ai_started = now
            self.ai_answer = None
            thinker.start(game.position, game.setup.ai_level)
            return True
        if self.ai_answer is None:
            self.ai_answer = thinker.poll()
        if self.ai_answer is None or now - self.ai_started < self.ui.settings.think_ms:
            return False
        move, self.ai_answer = self.ai_answer, None
        if move in game.position.legal_moves():
            self.play(move)
        else:
            self.ai_for_ply = -1
        return True

    def _poll_hint(self) -> bool:
        move = self.host.hint_thinker.poll()
        if move is None or self.hint_for_ply != self.game.ply:
            return False
        self.hint = move
        if self.selection is not None and move != PASS:
            while self.selection.back():
                pass
            self.selection.cursor = origin_of(move)
        return True

    def poll_link(self) -> bool:
        """Take the link's news: the peer's moves, the link going down and coming back."""
        session = self.link_session
        if session is None:
            return False
        changed = False
        for event in session.poll():
            changed = True
            # Matched by shape (Protocols), not class: the driver has its own event classes.
            if isinstance(event, StateEvent):
                state = event.state
                down = state.name in ("lost", "error")
                self.link_status = state.name if down else ""
                self.link_problem = state.message if down else ""
            elif isinstance(event, PeerMoveEvent):
                self._apply_peer_move(event.ply, event.move_text)
        return changed

    def _apply_peer_move(self, ply: int, move_text: str) -> None:
        game = self.game
        if ply != game.ply + 1 or game.human_to_move():
            return
        try:
            move = parse_move(game.position, move_text)
        except (NotationError, IllegalMoveError) as error:
            self.link_status, self.link_problem = "error", str(error)
            return
        self.play(move)

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
        t = self.ui.t
        if self.link_status:
            return self.link_problem or t("link.lost_title")
        if self._busy():
            return t("hud.thinking") + "." * self._dots
        if self.game.setup.mode == LINK and not self.game.human_to_move():
            return t("hud.waiting")
        if self.hint is not None:
            return t("hud.hint", move=format_move(self.hint))
        if self.selection is not None:
            if self.selection.must_pass():
                return t("hud.must_pass")
            if self.selection.stage is Stage.LANDING:
                return t("hud.landing")
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        surface.fill(ui.palette.background)
        marks = self.marks()
        position = self.game.position
        moving: list[tuple[int, int, int]] = []
        if self.animation is not None:
            move = self.animation[0]
            moving.append((origin_of(move), target_of(move), position.board[target_of(move)]))
            if kind_of(move) == DISPLACEMENT:
                landing = landing_of(move)
                moving.append((target_of(move), landing, position.board[landing]))
            marks.hidden = [end for _, end, _ in moving]
        draw_board(surface, ui.layout, ui.palette, ui.fonts, position, marks)
        if self.animation is not None:
            progress = min(1.0, (self.host.now() - self.animation[1]) / ANIMATION_MS)
            for begin, end, code in moving:
                (x0, y0), (x1, y1) = cell_centre(ui.layout, begin), cell_centre(ui.layout, end)
                centre = (x0 + (x1 - x0) * progress, y0 + (y1 - y0) * progress)
                draw_satellite(surface, ui.fonts, ui.palette, centre, ui.layout.cell, code, False)
        prompt = "" if self.link_status else self.prompt()  # the panel says it
        items = hud_items(ui, position, self.game.last_move, prompt, prompt_first=bool(prompt))
        draw_hud(surface, ui, items)
        if self.link_status == "lost":
            draw_link_panel(surface, ui, ui.t("link.lost_title"), [ui.t("link.lost_body")])
        elif self.link_status == "error":
            lines = [self.link_problem, ui.t("link.stopped_body")]
            draw_link_panel(surface, ui, ui.t("link.stopped_title"), lines)
        if self.flipped():
            surface.blit(pygame.transform.rotate(surface, 180), (0, 0))


class SystemMenu(MenuScreen):
    """Menu during play: resume, undo, hint, rules, settings, resign, title."""

    overlay = True
    title_key = "menu.title"

    def __init__(self, host: Host, game_screen: GameScreen) -> None:
        super().__init__(host)
        self.game_screen = game_screen

    def handle(self, button: Button) -> None:
        if button is Button.MENU:
            self.host.pop()
            return
        super().handle(button)

    def items(self) -> list[Item]:
        t = self.ui.t
        screen = self.game_screen
        game = screen.game
        return [
            Item(lambda: t("menu.resume"), self.host.pop),
            Item(lambda: t("menu.undo"), self._then(screen.undo), visible=game.can_undo),
            Item(lambda: t("menu.hint"), self._then(screen.ask_hint), visible=game.human_to_move),
            Item(lambda: t("menu.rules"), self._open_rules),
            Item(lambda: t("menu.settings"), self._open_settings),
            Item(
                lambda: t("menu.resign"),
                self._then(screen.resign),
                # the link protocol cannot tell the other device about a resignation
                visible=lambda: game.setup.mode != LINK,
            ),
            Item(lambda: t("menu.to_title"), self.host.to_title),
        ]

    def _then(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.host.pop()
            action()

        return run

    def _open_rules(self) -> None:
        from device.rules_screen import RulesScreen

        self.host.push(RulesScreen(self.host))

    def _open_settings(self) -> None:
        from device.menus import SettingsScreen

        self.host.push(SettingsScreen(self.host))
