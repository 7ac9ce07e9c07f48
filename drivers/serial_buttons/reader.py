"""A thread that reads the button controller and posts SDL key events.

The app sees the controller exactly like GPIO buttons or a keyboard: each
confirmed press posts a KEYDOWN, each release a KEYUP (pygame.event.post is
thread-safe), with the key code the device profile gives that button.
Unplugging is survived: the port is closed at once, reopened by its stable
name, and every held button is released meanwhile; so is a board that keeps
sending one frame (its sequence number frozen), which counts as silent.

The reader never dies.  When the app stalls and SDL's event queue is full,
the changes wait; the ones the queue could not take are coalesced into the
net change of each button, so a key is never left down.  Any other exception
in a step is logged and the thread goes on.
"""

import logging
import os
import threading
import time
from collections.abc import Callable, Mapping
from typing import Protocol

import pygame

from drivers.serial_buttons.protocol import ButtonChange, PressTracker, StateDecoder
from drivers.serial_packets.port import SerialPort

log = logging.getLogger(__name__)


class NamedKey(Protocol):
    """A key as the profile table names it (``device.hardware.profiles.Key``)."""

    @property
    def pygame(self) -> str: ...


def sdl_keys(keys: Mapping[str, NamedKey]) -> dict[str, int]:
    """Logical button -> SDL key code: the keys the gpio-key overlay sends, handed by the wiring."""
    return {name: getattr(pygame, key.pygame) for name, key in keys.items()}


CONTROLLER_BAUD = 115_200
SILENCE = 0.1
"""Seconds without a new valid frame after which every button counts as released."""
READ_WAIT = 0.05
"""Seconds a read blocks for the board's next frame: the thread sleeps in the kernel
between frames, and still wakes well within ``SILENCE`` when the board stops."""
DEFAULT_PORTS = ("/dev/satellites-buttons", "/dev/serial0")
"""Stable names tried by default: the installer's udev link, then the GPIO UART."""


def find_controller_port(candidates: tuple[str, ...] = DEFAULT_PORTS) -> str | None:
    """The first stable name that exists, or None when no board is set up."""
    return next((name for name in candidates if os.path.exists(name)), None)


def post_key_event(change: ButtonChange, key: int) -> None:
    kind = pygame.KEYDOWN if change.pressed else pygame.KEYUP
    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))


class KeyDelivery:
    """Button changes on their way to the app, in order while the queue takes them.

    When ``post`` fails (SDL's queue is full: ``pygame.error``), what waits is
    reduced to the net change of each button since the app last heard, and
    retried on the next ``deliver``: at most one change per button waits, and
    the app always ends up with the board's true state.
    """

    def __init__(self, keys: Mapping[str, int], post: Callable[[ButtonChange, int], None]) -> None:
        self._keys = keys
        self._post = post
        self._waiting: list[ButtonChange] = []
        self._told: set[str] = set()
        """The buttons the app was told are held down."""
        self._stalled = False

    @property
    def waiting(self) -> list[ButtonChange]:
        return list(self._waiting)

    def add(self, changes: list[ButtonChange]) -> None:
        self._waiting += [c for c in changes if c.button in self._keys]

    def deliver(self) -> None:
        while self._waiting:
            change = self._waiting[0]
            try:
                self._post(change, self._keys[change.button])
            except pygame.error as error:
                if not self._stalled:
                    log.warning("the app is not taking key events (%s): they wait", error)
                self._stalled = True
                self._waiting = self._net_changes()
                return
            del self._waiting[0]
            if change.pressed:
                self._told.add(change.button)
            else:
                self._told.discard(change.button)
        if self._stalled:
            log.info("key events flow again")
        self._stalled = False

    def _net_changes(self) -> list[ButtonChange]:
        held = set(self._told)
        for change in self._waiting:
            if change.pressed:
                held.add(change.button)
            else:
                held.discard(change.button)
        return [ButtonChange(b, b in held) for b in self._keys if (b in held) != (b in self._told)]


class ButtonReader:
    """Turns the byte stream of one controller into key events.

    ``step`` does one read (blocking up to ``READ_WAIT`` for a frame); ``start``
    runs it in a daemon thread until ``stop``, waiting ``period`` seconds between
    steps only while the port is not open.
    """

    def __init__(
        self,
        url: str,
        keys: Mapping[str, int],
        post: Callable[[ButtonChange, int], None] = post_key_event,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._port = SerialPort(
            url, CONTROLLER_BAUD, retry_every=0.5, clock=clock, wait_for_bytes=READ_WAIT
        )
        self._delivery = KeyDelivery(keys, post)
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
        for frame in self._decoder.feed(data):
            if self._tracker.is_new(frame):
                self._last_frame = now
            self._delivery.add(self._tracker.update(frame))
        if self._tracker.confirmed and now - self._last_frame > SILENCE:
            log.info("button controller silent: releasing every button")
            self._delivery.add(self._tracker.release_all())
        self._delivery.deliver()

    @property
    def waiting(self) -> list[ButtonChange]:
        """Changes the app's event queue has not taken yet."""
        return self._delivery.waiting

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

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
        failing = ""
        while self._running.is_set():
            try:
                self.step()
                failing = ""
            except Exception as error:  # the buttons must outlive any bug or fault
                if repr(error) != failing:
                    log.exception("button controller: a step failed; going on")
                failing = repr(error)
            if failing or not self._port.is_open:
                time.sleep(period)
