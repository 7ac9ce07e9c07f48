"""The text console kept off the game's screen while it runs.

When the panel's framebuffer is the one the console driver (fbcon) draws on,
the console's cursor, its blanking and any kernel message would paint over
the game, which repaints only the tiles it changed.  ``KDSETMODE``
``KD_GRAPHICS`` on the game's tty stops fbcon drawing; the cursor is hidden
and console blanking turned off as well, for drivers that still draw them.
``restore`` gives the console back in text mode: on exit, on SIGTERM (the
caller turns it into an exit) and on exceptions.

The kernel allows ``KDSETMODE`` to the process whose controlling tty it is
(the unit's ``TTYPath=`` with ``StandardInput=tty``) or with
``CAP_SYS_TTY_CONFIG``; a refusal is said, not fatal.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from drivers.fbdev import Ioctl, kernel_ioctl

KDSETMODE = 0x4B3A
KD_TEXT = 0x00
KD_GRAPHICS = 0x01

HIDE_CURSOR = b"\033[?25l"
SHOW_CURSOR = b"\033[?25h"
NO_BLANKING = b"\033[9;0]"
"""setterm --blank 0: the console never blanks the screen by itself."""

DEFAULT_TTY = Path("/dev/tty0")
"""The foreground virtual console, whichever it is (only root may open it)."""


def own_console(fd: int = 0, ttyname: Callable[[int], str] = os.ttyname) -> Path:
    """The virtual console on ``fd`` (the service's terminal: systemd's ``TTYPath=``
    hands it to the game as standard input, so its user may use it), else
    DEFAULT_TTY."""
    try:
        name = ttyname(fd)
    except OSError:
        return DEFAULT_TTY
    is_virtual_console = name.startswith("/dev/tty") and name[len("/dev/tty") :].isdigit()
    return Path(name) if is_virtual_console else DEFAULT_TTY


class Console:
    """The tty handed to it, in graphics mode between ``take`` and ``restore``."""

    def __init__(self, fd: int, ioctl: Ioctl = kernel_ioctl) -> None:
        self._fd = fd
        self._ioctl = ioctl
        self.taken = False

    @classmethod
    def open(cls, tty: Path = DEFAULT_TTY, ioctl: Ioctl = kernel_ioctl) -> Console:
        """The console at ``tty`` (OSError when it cannot be opened)."""
        return cls(os.open(tty, os.O_RDWR | os.O_NOCTTY), ioctl)

    def take(self) -> str | None:
        """Graphics mode, no cursor, no blanking; None when done, else why not."""
        try:
            os.write(self._fd, HIDE_CURSOR + NO_BLANKING)
            self._ioctl(self._fd, KDSETMODE, KD_GRAPHICS)
        except OSError as error:
            return f"the console could not be kept off the screen ({error.strerror or error})"
        self.taken = True
        return None

    def restore(self) -> None:
        """Text mode and the cursor back (once; a failure changes nothing more)."""
        if not self.taken:
            return
        self.taken = False
        try:
            self._ioctl(self._fd, KDSETMODE, KD_TEXT)
            os.write(self._fd, SHOW_CURSOR)
        except OSError:
            pass  # the console is going away (the unit's TTYReset= resets it too)

    def close(self) -> None:
        self.restore()
        os.close(self._fd)

    def __enter__(self) -> Console:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
