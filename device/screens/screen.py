"""The screen stack's building block, and what screens may ask of the app."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from device.hardware.buttons import Button
from device.hardware.power import PowerSwitch
from device.journal.folder import SaveFolder
from device.link.interface import LinkCable, LinkConnector
from device.look.ui import Ui
from device.play.lighting import Lighting
from device.play.playing import Playing
from device.play.review import Reviewing
from device.play.sounds import Sounds


class AppView(Protocol):
    """The app as screens see it."""

    ui: Ui
    saves: SaveFolder
    playing: Playing
    """The game being played (its match), and the seeds of new games."""
    sounds: Sounds
    link: LinkConnector | None
    """A connector set up in advance (used when there is no ``link_cable``)."""
    link_cable: LinkCable | None
    """Opens a linked game on a port (None: a device without a cable)."""
    link_ports: Sequence[str]
    """Where a link cable may be plugged, the configured one first."""
    power: PowerSwitch | None
    """None where the game cannot turn the device off (the simulator)."""
    lighting: Lighting
    reviewing: Reviewing
    """Who works out the review of a finished game, in the background."""

    def now(self) -> int: ...

    def today(self) -> str: ...

    def push(self, screen: Screen) -> None: ...

    def pop(self) -> None: ...

    def to_title(self) -> None:
        """Leave the game being played, and every screen but the title."""
        ...

    def show_alone(self, screen: Screen) -> None:
        """``screen`` alone over the title (the game being played stays)."""
        ...

    def settings_changed(self) -> None:
        """Apply the settings and keep them."""
        ...

    def apply_settings(self) -> None:
        """Apply the settings without keeping them (a change still to be confirmed)."""
        ...

    def show_message(self, words: str) -> None: ...


class Screen:
    """One screen of the app; only the top of the stack gets buttons."""

    overlay = False
    """Drawn over the screen below it (menus during play)."""
    on_wall_clock = False
    """Waits for something that runs in real time (a link cable being opened)."""

    def __init__(self, app: AppView) -> None:
        self.app = app

    @property
    def ui(self) -> Ui:
        return self.app.ui

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
