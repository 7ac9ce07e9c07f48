"""A Python stand-in for the button controller board.

``EmulatedController`` produces the frames the board would send for the
buttons held; ``PtyController`` streams them into a pseudo-terminal whose
name a ButtonReader can open, as the simulator and the tests do.  Unplugging
closes the pty (the reader sees the device vanish); plugging in makes a new
one behind the same stable name.
"""

import contextlib
import os
import threading
import time
import tty
from pathlib import Path

from drivers.serial_buttons.protocol import BUTTONS, StateFrame, encode_state

PERIOD = 0.015
"""Seconds between frames (the board sends every 10-20 ms)."""


HELD_FRAMES = 4
"""A press lasts at least this many frames, however soon it is released: the reader
counts a change once two consecutive frames agree, and a desktop tap (or a window loop
busy drawing, which routes a key's down and up in one go) may be shorter than a frame.
Counted in frames sent, not in time, so a loaded machine loses no tap."""


class EmulatedController:
    def __init__(self) -> None:
        self._held = 0
        self._seq = 0
        self._lock = threading.Lock()
        self._last: StateFrame | None = None
        self._frames_held: dict[int, int] = {}
        """Each held button's bit: the frames sent since its press."""
        self._releasing = 0
        """Buttons released before ``HELD_FRAMES``: they go up once they have had them."""
        self.frozen = False
        """A fault: the board repeats its last frame (the same sequence number) for ever."""

    def press(self, button: str) -> None:
        bit = 1 << BUTTONS.index(button)
        with self._lock:
            self._held |= bit
            self._releasing &= ~bit
            self._frames_held[bit] = 0

    def release(self, button: str) -> None:
        bit = 1 << BUTTONS.index(button)
        with self._lock:
            if self._frames_held.get(bit, HELD_FRAMES) >= HELD_FRAMES:
                self._held &= ~bit
            else:
                self._releasing |= bit

    def next_frame(self) -> bytes:
        with self._lock:
            if self._last is None or not self.frozen:
                self._last = StateFrame(self._seq, self._held)
                self._seq = (self._seq + 1) & 0xFF
                self._count_the_frame()
            return encode_state(self._last)

    def _count_the_frame(self) -> None:
        """One more frame for each held button; the releases it waited for go up."""
        for bit in self._frames_held:
            self._frames_held[bit] += 1
            if self._releasing & bit and self._frames_held[bit] >= HELD_FRAMES:
                self._held &= ~bit
                self._releasing &= ~bit


class PtyController:
    """An EmulatedController sending into a pty reachable at ``path``."""

    def __init__(self, path: Path, period: float = PERIOD) -> None:
        self.path = path
        self.controller = EmulatedController()
        self._period = period
        self._fds: tuple[int, int] | None = None
        self._lock = threading.Lock()
        self._running = threading.Event()
        self._thread: threading.Thread | None = None
        self.garbage = b""
        """Bytes to slip into the stream once, before the next frame."""
        self.plug_in()

    def plug_in(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)
        os.set_blocking(master, False)
        temporary = self.path.with_suffix(".new")
        temporary.unlink(missing_ok=True)
        temporary.symlink_to(os.ttyname(slave))
        temporary.replace(self.path)
        with self._lock:
            self._fds = (master, slave)

    def unplug(self) -> None:
        with self._lock:
            fds, self._fds = self._fds, None
        if fds is not None:
            for fd in fds:
                os.close(fd)

    def start(self) -> None:
        self._running.set()
        self._thread = threading.Thread(target=self._run, name="button-emulator", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._running.clear()
        if self._thread is not None:
            self._thread.join(timeout=1)
        self.unplug()
        self.path.unlink(missing_ok=True)

    def _run(self) -> None:
        while self._running.is_set():
            data = self.garbage + self.controller.next_frame()
            self.garbage = b""
            with self._lock:
                if self._fds is not None:
                    with contextlib.suppress(OSError):
                        os.write(self._fds[0], data)
            time.sleep(self._period)
