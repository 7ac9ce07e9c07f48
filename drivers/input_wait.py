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
    """Waits on ``fds`` (opened non-blocking by the caller), the button devices of
    ``devices`` (those plugged in while it waits too) and its own self-pipe.

    A descriptor whose device is gone (a pad pulled out) is closed and no longer
    watched: the kernel would report it ready at every wait.
    """

    def __init__(self, fds: Iterable[int] = (), devices: ButtonDevices | None = None) -> None:
        self._wake_read, self._wake_write = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
        self._poll = select.poll()
        self._fds: list[int] = []
        self._devices = devices
        for fd in (*fds, *(devices.scan() if devices else ()), self._wake_read):
            self._watch(fd)
        self._plugged = devices.plugged_fd if devices else None
        if self._plugged is not None:
            self._watch(self._plugged)
        self.wakeups = 0
        """How many times a wait ended, for measurements."""

    def _watch(self, fd: int) -> None:
        self._poll.register(fd, select.POLLIN)
        self._fds.append(fd)

    def wait(self, timeout_ms: int) -> bool:
        ready = self._poll.poll(max(0, timeout_ms))
        self.wakeups += 1
        for fd, flags in ready:
            if flags & GONE and fd != self._wake_read:
                self._drop(fd)
                continue
            _drain(fd)
            if fd == self._plugged and self._devices is not None:
                for new in self._devices.scan():
                    self._watch(new)
        return bool(ready)

    def _drop(self, fd: int) -> None:
        self._poll.unregister(fd)
        self._fds.remove(fd)
        if self._devices is not None:
            self._devices.forget(fd)
        os.close(fd)

    def wake(self) -> None:
        with contextlib.suppress(BlockingIOError):  # a wake is already pending
            os.write(self._wake_write, b"!")

    def close(self) -> None:
        for fd in self._fds:
            self._poll.unregister(fd)
            os.close(fd)
        os.close(self._wake_write)
        self._fds = []


GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL
"""What ``poll`` says of a descriptor whose device was unplugged."""


class ButtonDevices:
    """The button devices in ``dev_input``, opened as they appear: the kernel makes a
    node when a device is plugged in (IN_CREATE), then udev lets the game's group read
    it (IN_ATTRIB); either wakes the wait on ``plugged_fd``, and ``scan`` opens what
    it can read that is not open yet."""

    def __init__(self, dev_input: Path = DEV_INPUT, sysfs: Path = SYSFS) -> None:
        self.dev_input = dev_input
        self.sysfs = sysfs
        self.plugged_fd = _watch_folder(dev_input)
        """Readable when a node appears or changes in ``dev_input`` (None: a system
        without inotify, where only the devices present at the start are watched)."""
        self._open: dict[str, int] = {}

    def scan(self) -> list[int]:
        """Non-blocking descriptors of the button devices not opened before."""
        opened = []
        for device in sorted(self.dev_input.glob("event*")):
            if device.name in self._open or not is_button_device(device.name, self.sysfs):
                continue
            with contextlib.suppress(OSError):  # not (yet) ours to read, or gone again
                fd = os.open(device, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
                self._open[device.name] = fd
                opened.append(fd)
        return opened

    def forget(self, fd: int) -> None:
        """``fd``'s device is gone: a node of its name is a new device."""
        self._open = {name: open_fd for name, open_fd in self._open.items() if open_fd != fd}


IN_ATTRIB, IN_CREATE = 0x4, 0x100
"""inotify's events (sys/inotify.h): a node's permissions changed, a node made."""


def _watch_folder(folder: Path) -> int | None:
    """A non-blocking inotify descriptor on ``folder``'s new and changed nodes."""
    libc = ctypes.CDLL(None, use_errno=True)
    if not hasattr(libc, "inotify_init1"):
        return None
    fd: int = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
    if fd < 0:
        return None
    if libc.inotify_add_watch(fd, os.fsencode(folder), IN_CREATE | IN_ATTRIB) < 0:
        os.close(fd)
        return None
    return fd


def _drain(fd: int) -> None:
    with contextlib.suppress(OSError):  # emptied; or its device just went (seen next wait)
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
