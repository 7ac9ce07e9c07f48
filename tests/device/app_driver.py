"""Drives the app the way a player does: physical buttons, on a virtual clock."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from device.app import App
from device.devices import Devices
from device.hardware.profiles import PROFILES
from device.journal.folder import SaveFolder
from device.play.game import Game
from device.play.navigation import Direction, jump
from device.play.opponent import InstantThinker, Thinker
from device.play.review import BlockingReviewer, Reviewing
from device.screens.game_screen import GameScreen
from device.screens.menu_screen import MenuScreen
from drivers.display import HeadlessDisplay, RotatingDisplay
from engine.ai.review import Review
from engine.ai.search import Limits
from engine.moves import DISPLACEMENT, PASS, kind_of, landing_of, origin_of, target_of
from engine.pieces import Colour
from engine.playout import random_move
from engine.position import Position
from engine.record import GameRecord, format_record

CONTROLS = {
    # confirm, back, next menu item, next choice on the board, menu (button, hold ms)
    "hatmini": ("A", "B", "X", "X", ("B", 800)),
    "lcdhat": ("PRESS", "KEY1", "DOWN", "KEY3", ("KEY2", 40)),
    "tabletop": ("A", "B", "DOWN", "SELECT", ("START", 40)),
}
ARROWS = {(0, 1): "UP", (0, -1): "DOWN", (-1, 0): "LEFT", (1, 0): "RIGHT"}


REVIEWS: dict[tuple[str, Colour, Limits], Review] = {}
"""Reviews already worked out in this process (a review is a pure function of these)."""


class InstantReviewer(BlockingReviewer):
    """The blocking reviewer with a small search, and each review worked out once in
    this process: tests of the screens, whose reviews would otherwise take the
    engine's full budget."""

    def __init__(self, nodes: int = 200) -> None:
        super().__init__(Limits(nodes=nodes))
        self.started = 0
        """How many reviews were asked for."""

    def start(self, record: GameRecord, winner: Colour) -> None:
        self.started += 1
        key = (format_record(record), winner, self.limits)
        if key not in REVIEWS:  # the same game is often reviewed by many tests
            super().start(record, winner)
            review = self.result()
            assert review is not None
            REVIEWS[key] = review
        self._review = REVIEWS[key]


class RandomThinker(InstantThinker):
    """A computer player and hint giver that answers at once, at random: for tests
    of the screens, not of the AI, whose searches would dominate the time."""

    def start(self, position: Position, level: int) -> None:
        self._answer = random_move(position, self._rng)


def arrow_path(start: int, goal: int, choices: list[int]) -> list[Direction] | None:
    """The fewest arrow presses (board directions) from ``start`` to ``goal``; None
    when nearer choices screen ``goal`` from every side (see device.play.navigation)."""
    paths: dict[int, list[Direction]] = {start: []}
    frontier = [start]
    while goal not in paths and frontier:
        cell = frontier.pop(0)
        for direction in ARROWS:
            landed = jump(cell, choices, direction)
            if landed not in paths:
                paths[landed] = [*paths[cell], direction]
                frontier.append(landed)
    return paths.get(goal)


def archive_game(saves: SaveFolder, game: Game, game_id: str) -> Path:
    """``game`` (over) in the archive, as the app stores a finished game, as ``game_id``."""
    new_id = saves.new_id
    saves.new_id = lambda: game_id
    journal = saves.begin(game)
    saves.new_id = new_id
    journal.finish(game)
    return journal.path


DAY = "2026.11.30"
"""The date every test's games are played on."""


def headless_devices(profile: str, save_dir: Path, **parts: Any) -> Devices:
    """The devices of ``profile`` as a test has them: frames kept in memory, no SDL keys
    (tests press the physical buttons), a fixed day; ``parts`` replace any of them."""
    chosen = PROFILES[profile]
    devices = Devices(chosen, HeadlessDisplay(chosen.size), save_dir, today=lambda: DAY)
    return replace(devices, **parts)


class Driver:
    def __init__(
        self,
        profile: str,
        save_dir: Path,
        seed: int = 1,
        thinker: Thinker | None = None,
        display: RotatingDisplay | None = None,
        reviewing: Reviewing | None = None,
        **parts: Any,
    ) -> None:
        """``parts`` are the app's other devices (a speaker, a failing disk ...)."""
        pygame.display.init()
        pygame.font.init()
        self.profile = PROFILES[profile]
        self.now = 0
        self.display: RotatingDisplay = display or HeadlessDisplay(self.profile.size)
        devices = headless_devices(
            profile, save_dir, display=self.display, clock=lambda: self.now, **parts
        )
        self.app = App(
            devices,
            thinker=thinker or InstantThinker(seed),
            hint_thinker=thinker or InstantThinker(seed + 1),
            reviewing=reviewing or InstantReviewer(),
            seed=seed,
        )
        confirm, back, next_item, next_choice, menu = CONTROLS[profile]
        self.confirm_button, self.back_button = confirm, back
        self.next_item_button, self.next_choice_button = next_item, next_choice
        self.menu_button = menu

    # -- buttons -------------------------------------------------------------

    def tap(self, physical: str, hold_ms: int = 40) -> None:
        self.app.press(physical, self.now)
        self.advance(hold_ms)
        self.app.release(physical, self.now)
        self.advance(60)

    def advance(self, millis: int) -> None:
        end = self.now + millis
        while True:
            self.app.update(self.now)
            self.app.dirty = False  # drawing is tested elsewhere; keep this fast
            wait = max(1, self.app.wait_ms(self.now))
            if self.now + wait > end:
                break
            self.now += wait
        self.now = end
        self.app.update(self.now)

    def confirm(self) -> None:
        self.tap(self.confirm_button)

    def back(self) -> None:
        self.tap(self.back_button)

    def next_choice(self) -> None:
        self.tap(self.next_choice_button)

    def open_menu(self) -> None:
        button, hold = self.menu_button
        self.tap(button, hold)

    def choose_item(self, label: str) -> None:
        """Move the highlight of the menu on top to ``label`` and press confirm."""
        menu = self.app.top
        assert isinstance(menu, MenuScreen), type(menu).__name__
        labels = [item.label() for item in menu.shown()]
        assert any(text.startswith(label) for text in labels), (label, labels)
        for _ in range(len(labels)):
            if menu.shown()[menu.index].label().startswith(label):
                break
            self.tap(self.next_item_button)
        self.confirm()

    def set_item(self, label: str, value: str) -> None:
        """Step the menu item ``label`` until it shows ``value``."""
        menu = self.app.top
        assert isinstance(menu, MenuScreen)
        for _ in range(len(menu.shown())):
            if menu.shown()[menu.index].label().startswith(label):
                break
            self.tap(self.next_item_button)
        for _ in range(8):
            shows = menu.shown()[menu.index].label().partition(": ")[2]
            if shows == value or shows.startswith(f"{value} "):
                return
            self.confirm()
        raise AssertionError(f"{label} never showed {value}")

    # -- games -----------------------------------------------------------------

    def store(self, game: Game) -> None:
        """Make ``game`` the game in progress, as if it had been played here."""
        self.app.saves.begin(game).sync(game)

    def new_game(self, mode: str, level: str = "1", colour: str = "Red") -> GameScreen:
        self.choose_item("New game")
        self.set_item("Play", mode)
        if mode == "vs computer":
            self.set_item("Level", level)
            self.set_item("You play", colour)
        self.choose_item("Start")
        return self.game_screen()

    def game_screen(self) -> GameScreen:
        screen = self.app.top
        assert isinstance(screen, GameScreen), type(screen).__name__
        return screen

    def put_cursor(self, cell: int) -> None:
        screen = self.game_screen()
        selection = screen.selection
        assert selection is not None
        path = arrow_path(selection.cursor, cell, selection.choices)
        if self.profile.has_dpad and path is not None:
            flip = -1 if screen.flipped() else 1
            for dfile, drank in path:
                self.tap(ARROWS[(flip * dfile, flip * drank)])
            assert selection.cursor == cell, f"the arrows never reached cell {cell}"
            return
        # No D-pad, or a choice no arrow lands on: the next-choice button goes through all.
        for _ in range(len(selection.choices) + 1):
            if selection.cursor == cell:
                return
            self.tap(self.next_choice_button)
        raise AssertionError(f"cell {cell} is not among the choices")

    def play(self, move: int) -> None:
        """Play ``move`` on the board with the buttons."""
        if move == PASS:
            self.confirm()
            return
        self.put_cursor(origin_of(move))
        self.confirm()
        self.put_cursor(target_of(move))
        self.confirm()
        if kind_of(move) == DISPLACEMENT:
            self.put_cursor(landing_of(move))
            self.confirm()
