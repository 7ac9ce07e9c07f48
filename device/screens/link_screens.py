"""Connecting the link cable without freezing the screen, and the panel shown
over the board while the link is down.

``LinkConnector.open`` blocks until both devices agree on a game (up to half a
minute), so it runs on a thread; the waiting screen polls it every frame and
B gives up.  An attempt that finishes after B closes what it opened.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from urllib.parse import urlsplit

import pygame

from device.hardware.buttons import Button
from device.journal.events import Replayed
from device.journal.link_store import LinkJournal
from device.link.events import LinkProblem, LinkSetupError
from device.link.game import Role
from device.link.interface import LinkConnector, LinkSession
from device.play.game import Game
from device.play.link_games import LinkGameMismatch, linked_game
from device.screens.game_screen import start_game
from device.screens.screen import AppView, Screen
from engine.rules import STANDARD, Rules

log = logging.getLogger(__name__)

QUICK_OPEN_S = 0.2
"""An open that finishes this fast goes straight to the board, with no waiting screen."""
WAIT_TICK_MS = 400
LABEL_CHARS = 16


class LinkAttempt:
    """``connector.open()`` on a daemon thread; the result is read without blocking: the
    session, or the problem that stopped it (its details go to the log)."""

    def __init__(self, connector: LinkConnector) -> None:
        self._connector = connector
        self._lock = threading.Lock()
        self._finished = threading.Event()
        self._cancelled = False
        self.session: LinkSession | None = None
        self.problem = LinkProblem.FAILED
        threading.Thread(
            target=self._open, args=(connector,), name="link-open", daemon=True
        ).start()

    def _open(self, connector: LinkConnector) -> None:
        try:
            session = connector.open()
        except LinkSetupError as error:
            log.warning("the link did not start: %s", error)
            self.problem = error.problem
            self._finished.set()
            return
        except Exception:  # a fault of the game: a message on screen, the traceback in the log
            log.exception("the link did not start")
            self._finished.set()
            return
        with self._lock:
            if self._cancelled:
                session.close()
            else:
                self.session = session
        self._finished.set()

    @property
    def finished(self) -> bool:
        return self._finished.is_set()

    def wait(self, seconds: float) -> bool:
        return self._finished.wait(seconds)

    def cancel(self) -> None:
        with self._lock:
            self._cancelled = True
            session, self.session = self.session, None
        if session is not None:
            session.close()
        else:
            self._connector.cancel()


@dataclass(frozen=True)
class LinkPlan:
    """What is being connected: the port, this device's role, the game to resume."""

    port: str
    role: Role
    saved: Game | None = None


def link_connector(
    app: AppView, port: str, role: Role, colour: int, rules: Rules = STANDARD
) -> LinkConnector | None:
    """A connector for a linked game on ``port`` (a new one played under ``rules``, the
    host playing ``colour``); None on a device without a cable."""
    if app.link_cable is not None and port:
        names = (app.ui.t("player.you"), app.ui.t("player.link"))
        store = LinkJournal(app.saves, port, role, names, app.today())
        return app.link_cable(port, role, store, colour, rules)
    return app.link


def connect(
    app: AppView, connector: LinkConnector, port: str, role: Role, saved: Game | None = None
) -> None:
    """Open the link and start (or resume) the game it agrees on."""
    attempt = LinkAttempt(connector)
    plan = LinkPlan(port, role, saved)
    if attempt.wait(QUICK_OPEN_S):
        _finish(app, attempt, plan)
    else:
        app.push(LinkWaitScreen(app, attempt, plan))


def _finish(app: AppView, attempt: LinkAttempt, plan: LinkPlan) -> None:
    session = attempt.session
    t = app.ui.t
    if session is None:
        app.saves.withdraw()
        app.show_message(t("link.failed", problem=t(attempt.problem)))
        return
    names = (t("player.you"), t("player.link"))
    journal = app.saves.linked_journal(session.seed)
    saved = plan.saved if journal is None else Replayed(journal.header, journal.moves).game()
    try:
        game = linked_game(session, saved, names, app.today(), plan.port, plan.role)
    except LinkGameMismatch as error:
        session.close()
        app.saves.withdraw()
        app.show_message(t("link.mismatch", problem=str(error)))
        return
    start_game(app, game, session, journal)


def port_label(port: str) -> str:
    """A port name short enough for a 240-pixel menu row."""
    if "://" in port:
        parts = urlsplit(port)
        return f"{parts.scheme} :{parts.port}" if parts.port else port[:LABEL_CHARS]
    name = port.rsplit("/", 1)[-1]
    if len(name) <= LABEL_CHARS:
        return name
    half = (LABEL_CHARS - 1) // 2
    return f"{name[:half]}\u2026{name[-half:]}"


def role_for(port: str, otherwise: Role) -> Role:
    """The usual role for ``port``: the simulator that waits hosts, the one that joins is guest."""
    if port.startswith("listen://"):
        return Role.HOST
    if port.startswith("socket://"):
        return Role.GUEST
    return otherwise


class LinkWaitScreen(Screen):
    """ "Waiting for the other device", while the cable connects; B cancels."""

    on_wall_clock = True

    def __init__(self, app: AppView, attempt: LinkAttempt, plan: LinkPlan) -> None:
        super().__init__(app)
        self.attempt = attempt
        self.plan = plan
        self._dots = 0
        self._next_tick = 0

    def handle(self, button: Button) -> None:
        if button in (Button.B, Button.MENU):
            self.attempt.cancel()
            self.app.saves.withdraw()
            self.app.pop()

    def update(self, now: int) -> bool:
        if self.attempt.finished:
            self.app.pop()
            _finish(self.app, self.attempt, self.plan)
            return True
        if now >= self._next_tick:
            self._dots = (self._dots + 1) % 4
            self._next_tick = now + WAIT_TICK_MS
            return True
        return False

    def wakeup(self, now: int) -> int | None:
        return now + 50

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        ui = self.ui
        y = ui.draw_title(surface, ui.t("link.title"))
        font = ui.font()
        width = ui.layout.width
        lines = ui.wrap(ui.t("new.linking").rstrip(".") + "." * self._dots, font, width - 16)
        role = ui.t("link.role.waits" if self.plan.role == Role.HOST else "link.role.joins")
        back = ui.profile.button_for("help.back")
        lines += ["", f"{role} {port_label(self.plan.port)}", "", ui.t("link.cancel", button=back)]
        ui.draw_lines(surface, lines, font, (0, y + 6), centred_in=width)
