"""Sleeping until a button is pressed: ``poll`` on the input devices and a self-pipe.

SDL reads the button devices itself (its evdev input: keys, and gamepads through
its joystick and game controller code), but it only looks when asked, and
without a desktop it cannot block.  So the loop watches its own
descriptors of the same devices (the kernel gives every reader its own copy
of each event): when one becomes readable, its copy is thrown away and SDL's
queue is read.  Threads that post events (the serial buttons) or finish work
(the computer's search) write a byte to the self-pipe.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import select
from collections.abc import Iterable
from pathlib import Path

from drivers.outputs import SYSFS

DEV_INPUT = Path("/dev/input")
EV_KEY, EV_REL, EV_ABS = 1, 2, 3
BTN_JOYSTICK, BTN_THUMBR = 0x120, 0x13E
PAD_BUTTON_BITS = (1 << BTN_THUMBR + 1) - (1 << BTN_JOYSTICK)
"""The joystick and gamepad buttons (input-event-codes.h): a device with absolute axes
and one of these is a pad, not a touch panel (BTN_TOUCH) or a sensor (no keys)."""
LONG_BITS = ctypes.sizeof(ctypes.c_long) * 8
"""The kernel prints capability bitmaps in longs of the reading process's size."""
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


def is_button_device(event_name: str, sysfs: Path = SYSFS) -> bool:
    """Whether /dev/input/``event_name`` has buttons and no pointer: GPIO keys, a
    keyboard, a gamepad (whose sticks are absolute axes, so its buttons tell it).

    A mouse, touch panel or accelerometer would wake the game for every move.
    """
    caps = sysfs / "class" / "input" / event_name / "device" / "capabilities"
    events = _bitmap(caps / "ev")
    if not events >> EV_KEY & 1 or events >> EV_REL & 1:
        return False
    return not events >> EV_ABS & 1 or bool(_bitmap(caps / "key") & PAD_BUTTON_BITS)


def _bitmap(path: Path) -> int:
    """A capability bitmap as the kernel prints it: longs in hex, the highest first,
    each without its leading zeros (0: none, or not readable)."""
    try:
        words = path.read_text(encoding="ascii").split()
    except OSError:
        return 0
    bits = 0
    try:
        for word in words:
            bits = bits << LONG_BITS | int(word, 16)
    except ValueError:
        return 0
    return bits


def open_button_devices(dev_input: Path = DEV_INPUT, sysfs: Path = SYSFS) -> list[int]:
    """Non-blocking descriptors of every button device that can be read."""
    fds = []
    for device in sorted(dev_input.glob("event*")):
        if not is_button_device(device.name, sysfs):
            continue
        with contextlib.suppress(OSError):
            fds.append(os.open(device, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC))
    return fds
