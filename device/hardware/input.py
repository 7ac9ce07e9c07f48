"""Where button presses come from: the input drivers, each read in turn by the app.

An input driver (the keyboard, the GPIO keys and the serial button
controller, which reach SDL as keys; a USB gamepad) reports which of the
profile's physical buttons went down or up among the events SDL's queue
held.  The app empties that queue once a turn and hands every driver the
same events, so none is lost between two readers.  The wiring hands the app
its drivers in ``device.devices.Devices.inputs``, each told by the profile
table which of its keys or pad buttons press which button; the app turns
the changes into logical buttons (``device.hardware.buttons``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

ButtonChange = tuple[str, bool]
"""A physical button of the profile (its name in ``profiles``), and True when it went
down, False when it came up."""


class ButtonInput(Protocol):
    def read(self, events: Sequence[pygame.event.Event]) -> list[ButtonChange]:
        """The changes among ``events`` (SDL's queue since the last turn, oldest first)."""
        ...
