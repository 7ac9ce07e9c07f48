"""The desktop keyboard in the simulator's window, the app's input there.

The simulator's own keys (F1 the keys, F2 frame times, F5 the emulated
controller's cable, F12 a screenshot) come first.  With an emulated serial
button controller (``--buttons serial-emulator``) every other desktop key
presses the controller, and the app hears the controller's reader, whose key
events are marked; without one a key presses the profile's button it maps to.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import pygame

from drivers.keyboard import KeyboardInput

if TYPE_CHECKING:  # the emulator's pty needs a POSIX system; it is loaded only when asked for
    from simulator.serial_buttons import EmulatedButtons


class DesktopKeys(KeyboardInput):
    def __init__(self, keymap: Mapping[int, str]) -> None:
        super().__init__(keymap)
        self.own_key: Callable[[int], bool] = lambda key: False
        """The simulator's keys: True when the key pressed was one (it then goes no further)."""
        self.controller: EmulatedButtons | None = None
        """The emulated controller the desktop keys press, if any."""
        self.redraw: Callable[[], None] = lambda: None
        """Asks for the next frame: what the simulator draws over the game changed."""

    def read(self, events: Sequence[pygame.event.Event]) -> list[tuple[str, bool]]:
        controller = self.controller
        changes = []
        for event in events:
            if controller is not None and event.type == pygame.WINDOWFOCUSLOST:
                controller.release_all()  # the key-ups go to another window
            elif controller is not None and event.type == controller.status_event:
                self.redraw()
            elif event.type not in (pygame.KEYDOWN, pygame.KEYUP):
                continue
            elif event.type == pygame.KEYDOWN and self.own_key(event.key):
                self.redraw()
            elif controller is None or not controller.route(event):
                change = self.change(event)
                if change is not None:
                    changes.append(change)
        return changes
