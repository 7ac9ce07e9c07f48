"""A pyserial port that survives unplugging, as the link cable and the button
controller both need.

A real cable can be pulled at any moment.  pyserial then raises
SerialException (or termios.error, which is not a subclass of it) and never
reopens by itself, so ``SerialPort`` closes the port at once and tries to
reopen it by the same, preferably stable, name (``/dev/serial/by-id/...``,
``/dev/serial0``) every ``retry_every`` seconds.  Every successful (re)open
counts in ``openings``, so its user can start afresh (say HELLO again, forget a
half-read packet).  A peer that falls silent without going away is noticed
too: the port is closed and reopened after ``silence`` seconds without a byte.

Each ``read`` drains what is waiting, up to MAX_READ bytes, so a flood of
garbage is worked off within seconds rather than 4 KiB a poll.
"""

import contextlib
import logging
import termios
import time
from collections.abc import Callable

import serial

log = logging.getLogger(__name__)

PORT_ERRORS = (serial.SerialException, termios.error, OSError)
"""What a port can raise when its device disappears."""
MAX_READ = 256 * 1024
"""Most bytes one ``read`` returns: a 10 MB flood is drained in 40 polls."""


class SilentPeer(ConnectionError):
    def __init__(self, seconds: float) -> None:
        super().__init__(f"the other device has sent nothing for {seconds:g} s")


class SerialPort:
    """A pyserial port (device path or URL) that survives unplugging."""

    def __init__(
        self,
        url: str,
        baudrate: int,
        retry_every: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
        silence: float | None = None,
        wait_for_bytes: float = 0.0,
    ) -> None:
        """``silence``: reopen the port after that many seconds without a byte (None: never).
        ``wait_for_bytes``: how long ``read`` may block for the first byte (0: never; a
        reading thread then sleeps in the kernel instead of polling)."""
        self.url = url
        self._wait_for_bytes = wait_for_bytes
        self._baudrate = baudrate
        self._retry_every = retry_every
        self._clock = clock
        self._silence = silence
        self._port: serial.SerialBase | None = None
        self._next_try = clock()
        self._last_heard = clock()
        self.openings = 0
        self.last_error = ""
        self._closed = False

    @property
    def is_open(self) -> bool:
        return self._port is not None

    def read(self) -> bytes:
        port = self._ensure_open()
        if port is None:
            return b""
        try:
            data: bytes = port.read(1 if self._wait_for_bytes else MAX_READ)
            if data and self._wait_for_bytes:
                waiting: int = getattr(port, "in_waiting", 0)  # not in SerialBase's stub
                data += port.read(min(MAX_READ, waiting))
        except PORT_ERRORS as error:
            self._lost(error)
            return b""
        now = self._clock()
        if data:
            self._last_heard = now
        elif self._silence is not None and now - self._last_heard > self._silence:
            self._lost(SilentPeer(self._silence))
        return data

    def write(self, data: bytes) -> None:
        port = self._ensure_open()
        if port is None:
            return
        try:
            port.write(data)
        except PORT_ERRORS as error:
            self._lost(error)

    def close(self) -> None:
        self._closed = True
        self._drop_port()

    def open_now(self) -> None:
        """Open the port at once, or raise why it cannot be opened, as an OSError whose
        errno says it (ENOENT: no such device; EAGAIN: another program holds it).
        Later it is reopened as usual whenever it goes away."""
        if self._port is not None or self._closed:
            return
        try:
            self._port = self._open()
        except termios.error as error:  # not an OSError: a path that is no terminal
            raise OSError(*error.args) from None

    def _ensure_open(self) -> serial.SerialBase | None:
        if self._port is not None or self._closed or self._clock() < self._next_try:
            return self._port
        self._next_try = self._clock() + self._retry_every
        try:
            self._port = self._open()
        except PORT_ERRORS as error:
            if str(error) != self.last_error:
                log.info("cannot open %s yet: %s", self.url, error)
            self.last_error = str(error)
            return None
        return self._port

    def _open(self) -> serial.SerialBase:
        # exclusive: a second program on the same device fails to open it
        # instead of stealing half of its bytes (ignored by URL handlers).
        exclusive = True if "://" not in self.url else None
        port = serial.serial_for_url(
            self.url,
            baudrate=self._baudrate,
            timeout=self._wait_for_bytes,
            write_timeout=0.5,
            exclusive=exclusive,
        )
        self.openings += 1
        self.last_error = ""
        self._last_heard = self._clock()
        log.info("opened %s", self.url)
        return port

    def _lost(self, error: Exception) -> None:
        log.warning("%s went away: %s", self.url, error)
        self.last_error = str(error)
        self._drop_port()
        self._next_try = self._clock() + self._retry_every

    def _drop_port(self) -> None:
        port, self._port = self._port, None
        if port is None:
            return
        with contextlib.suppress(*PORT_ERRORS):
            port.close()
