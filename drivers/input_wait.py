"""Sleeping until a button is pressed: ``poll`` on the input devices and a self-pipe.

SDL reads the key devices itself (its evdev input), but it only looks when
asked, and without a desktop it cannot block.  So the loop watches its own
descriptors of the same devices (the kernel gives every reader its own copy
of each event): when one becomes readable, its copy is thrown away and SDL's
queue is read.  Threads that post events (the serial buttons) or finish work
(the computer's search) write a byte to the self-pipe.
"""

from __future__ import annotations

import contextlib
import os
import select
from collections.abc import Iterable
from pathlib import Path

from drivers.outputs import SYSFS

DEV_INPUT = Path("/dev/input")
EV_KEY, EV_REL, EV_ABS = 1, 2, 3
_CHUNK = 4096


class FdWaiter:
    """Waits on ``fds`` (opened non-blocking by the caller) and its own self-pipe."""

    def __init__(self, fds: Iterable[int] = ()) -> None:
        self._wake_read, self._wake_write = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
        self._poll = select.poll()
        self._fds = [*fds, self._wake_read]
        for fd in self._fds:
            self._poll.register(fd, select.POLLIN)
        self.wakeups = 0
        """How many times a wait ended, for measurements."""

    def wait(self, timeout_ms: int) -> bool:
        ready = self._poll.poll(max(0, timeout_ms))
        self.wakeups += 1
        for fd, _ in ready:
            _drain(fd)
        return bool(ready)

    def wake(self) -> None:
        with contextlib.suppress(BlockingIOError):  # a wake is already pending
            os.write(self._wake_write, b"!")

    def close(self) -> None:
        for fd in self._fds:
            self._poll.unregister(fd)
            os.close(fd)
        os.close(self._wake_write)
        self._fds = []


def _drain(fd: int) -> None:
    with contextlib.suppress(BlockingIOError):
        while os.read(fd, _CHUNK):
            pass


def is_key_device(event_name: str, sysfs: Path = SYSFS) -> bool:
    """Whether /dev/input/``event_name`` has keys and no pointer (buttons, keyboards).

    A mouse, touch panel or accelerometer would wake the game for every move.
    """
    caps = sysfs / "class" / "input" / event_name / "device" / "capabilities" / "ev"
    try:
        bits = int(caps.read_text(encoding="ascii").split()[-1], 16)
    except (OSError, ValueError, IndexError):
        return False
    return bool(bits >> EV_KEY & 1) and not bits >> EV_REL & 1 and not bits >> EV_ABS & 1


def open_key_devices(dev_input: Path = DEV_INPUT, sysfs: Path = SYSFS) -> list[int]:
    """Non-blocking descriptors of every key device that can be read."""
    fds = []
    for device in sorted(dev_input.glob("event*")):
        if not is_key_device(device.name, sysfs):
            continue
        with contextlib.suppress(OSError):
            fds.append(os.open(device, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC))
    return fds
