"""A thread that reads the button controller and posts SDL key events.

The app sees the controller exactly like GPIO buttons or a keyboard: each
confirmed press posts a KEYDOWN, each release a KEYUP (pygame.event.post is
thread-safe), with the key code the device profile gives that button.
Unplugging is survived: the port is closed at once, reopened by its stable
name, and every held button is released meanwhile.
"""

import logging
import os
import threading
import time
from collections.abc import Callable, Mapping

import pygame

from drivers.link.transport import SerialTransport
from drivers.serial_buttons.protocol import ButtonChange, PressTracker, StateDecoder

log = logging.getLogger(__name__)

DEFAULT_KEYS: Mapping[str, int] = {
    "UP": pygame.K_UP,
    "DOWN": pygame.K_DOWN,
    "LEFT": pygame.K_LEFT,
    "RIGHT": pygame.K_RIGHT,
    "A": pygame.K_RETURN,
    "B": pygame.K_BACKSPACE,
    "MENU": pygame.K_ESCAPE,
    "SELECT": pygame.K_SPACE,
}
"""The keys the gpio-key overlay sends for each button (deploy/profiles.toml)."""
CONTROLLER_BAUD = 115_200
SILENCE = 0.1
"""Seconds without a valid frame after which every button counts as released."""
DEFAULT_PORTS = ("/dev/satellites-buttons", "/dev/serial0")
"""Stable names tried by default: the installer's udev link, then the GPIO UART."""


def find_controller_port(candidates: tuple[str, ...] = DEFAULT_PORTS) -> str | None:
    """The first stable name that exists, or None when no board is set up."""
    return next((name for name in candidates if os.path.exists(name)), None)


def post_key_event(change: ButtonChange, key: int) -> None:
    kind = pygame.KEYDOWN if change.pressed else pygame.KEYUP
    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))


class ButtonReader:
    """Turns the byte stream of one controller into key events.

    ``step`` does one read; ``start`` runs it in a daemon thread every
    ``period`` seconds until ``stop``.
    """

    def __init__(
        self,
        url: str,
        keys: Mapping[str, int] = DEFAULT_KEYS,
        post: Callable[[ButtonChange, int], None] = post_key_event,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._port = SerialTransport(url, CONTROLLER_BAUD, retry_every=0.5, clock=clock)
        self._keys = keys
        self._post = post
        self._clock = clock
        self._decoder = StateDecoder()
        self._tracker = PressTracker()
        self._last_frame = clock()
        self._thread: threading.Thread | None = None
        self._running = threading.Event()

    @property
    def connected(self) -> bool:
        return self._port.is_open

    @property
    def rejected(self) -> int:
        return self._decoder.rejected

    def step(self) -> None:
        now = self._clock()
        openings = self._port.openings
        data = self._port.read()
        if self._port.openings != openings:
            self._decoder = StateDecoder()
        changes: list[ButtonChange] = []
        for frame in self._decoder.feed(data):
            self._last_frame = now
            changes += self._tracker.update(frame)
        if self._tracker.confirmed and now - self._last_frame > SILENCE:
            log.info("button controller silent: releasing every button")
            changes += self._tracker.release_all()
        for change in changes:
            key = self._keys.get(change.button)
            if key is not None:
                self._post(change, key)

    def start(self, period: float = 0.005) -> None:
        self._running.set()
        self._thread = threading.Thread(
            target=self._run, args=(period,), name="button-controller", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        self._running.clear()
        if self._thread is not None:
            self._thread.join(timeout=1)
        self._port.close()

    def _run(self, period: float) -> None:
        while self._running.is_set():
            self.step()
            time.sleep(period)
