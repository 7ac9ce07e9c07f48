"""The screen stack's building block, and what screens may ask of the app."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from device.hardware.buttons import Button
from device.hardware.power import PowerSwitch
from device.journal.file import Journal
from device.journal.folder import SaveFolder
from device.link.game import Role
from device.link.interface import LinkConnector, LinkSession
from device.look.ui import Ui
from device.play.game import Game
from device.play.lighting import Lighting
from device.play.match import EndListener, Match
from device.play.review import Reviewing
from device.play.sounds import Effect
from engine.rules import STANDARD, Rules


class Host(Protocol):
    """The app as screens see it."""

    ui: Ui
    saves: SaveFolder
    link: LinkConnector | None
    link_ports: Sequence[str]
    """Where a link cable may be plugged, the configured one first."""
    power: PowerSwitch | None
    """None where the game cannot turn the device off (the simulator)."""
    lighting: Lighting
    reviewing: Reviewing
    """Who works out the review of a finished game, in the background."""

    def link_connector(
        self, port: str, role: Role, colour: int, rules: Rules = STANDARD
    ) -> LinkConnector | None:
        """A connector for a linked game on ``port`` (a new one played under ``rules``);
        None on a device without a cable."""
        ...

    def now(self) -> int: ...

    def push(self, screen: Screen) -> None: ...

    def pop(self) -> None: ...

    def to_title(self) -> None: ...

    def start_game(
        self, game: Game, link: LinkSession | None = None, journal: Journal | None = None
    ) -> None: ...

    def play_match(self, match: Match, screen: Screen, after: EndListener) -> None:
        """Play ``match`` (a lesson) on ``screen``; ``after`` shows what comes after it."""
        ...

    def start_tutorial(self) -> None:
        """Open the tutorial at the player's next lesson."""
        ...

    def new_seed(self) -> int: ...

    def today(self) -> str: ...

    def settings_changed(self) -> None:
        """Apply the settings and keep them."""
        ...

    def apply_settings(self) -> None:
        """Apply the settings without keeping them (a change still to be confirmed)."""
        ...

    def show_message(self, words: str) -> None: ...

    def has_sound(self) -> bool:
        """Whether there is an audio output (the sound settings show only then)."""
        ...

    def play(self, effect: Effect | None) -> None:
        """Sound ``effect`` (None: nothing), unless muted or there is no audio output."""
        ...


class Screen:
    """One screen of the app; only the top of the stack gets buttons."""

    overlay = False
    """Drawn over the screen below it (menus during play)."""
    on_wall_clock = False
    """Waits for something that runs in real time (a link cable being opened)."""

    def __init__(self, host: Host) -> None:
        self.host = host

    @property
    def ui(self) -> Ui:
        return self.host.ui

    def flipped(self) -> bool:
        """Whether the player to act sits across the table (tabletop): then this
        screen, and everything opened over it, turns to face them."""
        return False

    def handle(self, button: Button) -> None:
        """React to one logical button."""

    def update(self, now: int) -> bool:
        """Advance timers; True when the picture changed."""
        return False

    def wakeup(self, now: int) -> int | None:
        """When ``update`` next has something to do (None: only on input)."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.ui.palette.background)
