"""``--buttons serial-emulator``: the desktop keys press an emulated button controller.

Instead of reaching the app, each desktop key presses or releases a button of
the emulated serial controller (``drivers/serial_buttons/emulator.py``), which
streams its frames into a pty.  A ``ButtonReader``, the same one the device
runs, reads that pty and posts the key events the app receives, so the whole
path (frames, CRC, the two-frame rule, unplug and replug) is exercised.  The
reader's events carry a mark, so they are never fed back into the emulator.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from pathlib import Path

import pygame

from device.hardware.profiles import KEYS, PROFILES
from drivers.serial_buttons.emulator import PtyController
from drivers.serial_buttons.protocol import BUTTONS, ButtonChange
from drivers.serial_buttons.reader import ButtonReader, sdl_keys

CONTROLLER_BUTTONS: dict[str, dict[str, str]] = {
    name: {button.name: button.sends for button in profile.buttons}
    for name, profile in PROFILES.items()
}
"""Each profile's physical button -> the controller input wired to it: the logical
button it sends (the HAT Mini's X sends RIGHT and its Y sends DOWN)."""

FROM_CONTROLLER = "from_controller"
"""Attribute set on the key events the reader posts."""
WATCH_PERIOD = 0.05
"""Seconds between looks at whether the reader holds the port."""


def post_controller_event(change: ButtonChange, key: int) -> None:
    """Post the reader's key event, marked as coming from the controller."""
    kind = pygame.KEYDOWN if change.pressed else pygame.KEYUP
    fields = {"key": key, "mod": 0, "unicode": "", "scancode": 0, FROM_CONTROLLER: True}
    pygame.event.post(pygame.event.Event(kind, fields))


class EmulatedButtons:
    """The emulated controller, its pty and the reader, wired between desktop and app.

    ``route`` takes the desktop's key events for the controller; the reader's
    events are left to the app.  A watcher reports (``on_status``) when the
    reader loses or regains the port, and posts ``status_event`` so the
    window redraws its overlay (see ``simulator.desktop_keys``).
    """

    def __init__(
        self,
        profile: str,
        keymap: Mapping[int, str],
        folder: Path,
        on_status: Callable[[str], None] = print,
    ) -> None:
        self._wiring = CONTROLLER_BUTTONS[profile]
        self._keymap = keymap
        self._on_status = on_status
        self.status_event = pygame.event.custom_type()
        self.board = PtyController(folder / "buttons")
        self.plugged = True
        self.reader = ButtonReader(str(self.board.path), sdl_keys(KEYS), post=post_controller_event)
        self._running = threading.Event()
        self._watcher: threading.Thread | None = None

    def start(self) -> None:
        self.board.start()
        self.reader.start()
        self._running.set()
        self._watcher = threading.Thread(target=self._watch, name="controller-watch", daemon=True)
        self._watcher.start()

    def stop(self) -> None:
        self._running.clear()
        if self._watcher is not None:
            self._watcher.join(timeout=1)
        self.reader.stop()
        self.board.stop()

    def route(self, event: pygame.event.Event) -> bool:
        """A key event: True when it was the desktop's, taken here for the controller
        (the reader's own events reach the app)."""
        if getattr(event, FROM_CONTROLLER, False):
            return False
        button = self._wiring.get(self._keymap.get(event.key, ""))
        if button is not None:
            # A tap shorter than the frames the reader needs is held for them by the
            # board itself (``HELD_FRAMES``).
            if event.type == pygame.KEYDOWN:
                self.board.controller.press(button)
            else:
                self.board.controller.release(button)
        return True

    def release_all(self) -> None:
        for button in BUTTONS:
            self.board.controller.release(button)

    def toggle_plug(self) -> None:
        """Pull the controller's cable, or plug it back in."""
        if self.plugged:
            self.board.unplug()
        else:
            self.board.plug_in()
        self.plugged = not self.plugged

    def status(self) -> str:
        """What to show over the screen: nothing while the reader holds the port."""
        if not self.plugged:
            return "controller unplugged (F5)"
        return "" if self.reader.connected else "controller connecting..."

    def _watch(self) -> None:
        connected = False
        seen = False
        while self._running.is_set():
            now_connected = self.reader.connected
            if now_connected != connected:
                connected = now_connected
                if connected:
                    self._on_status("controller reconnected" if seen else "controller connected")
                    seen = True
                else:
                    self._on_status("controller unplugged")
                pygame.event.post(pygame.event.Event(self.status_event))
            self._running.wait(WATCH_PERIOD)
