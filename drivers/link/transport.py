"""Byte pipes for the link session: any pyserial URL, or a listening TCP socket.

A real cable can be pulled at any moment.  pyserial then raises
SerialException (or termios.error, which is not a subclass of it) and never
reopens by itself, so ``SerialTransport`` closes the port at once and tries to
reopen it by the same, preferably stable, name (``/dev/serial/by-id/...``,
``/dev/serial0``) every ``retry_every`` seconds.  Every successful (re)open
counts in ``openings``, which tells the session to say HELLO again.

Two simulators on one machine play through TCP: one opens ``listen://HOST:PORT``
(``ListenTransport``), the other ``socket://HOST:PORT`` (pyserial's client).

A peer can also fall silent without going away: a device that crashed behind
a half-open TCP connection, or a serial peer that stopped talking.  Both
transports notice ``silence`` seconds without a byte and say so (a warning,
and ``last_error``): the listener drops the silent connection and accepts
the newer one waiting behind it; a serial port is closed and reopened.

Each ``read`` drains what is waiting, up to MAX_READ bytes, so a flood of
garbage is worked off within seconds rather than 4 KiB a poll.
"""

import contextlib
import logging
import socket
import termios
import time
from collections.abc import Callable
from urllib.parse import urlsplit

import serial

from drivers.link.session import Timing

log = logging.getLogger(__name__)

PORT_ERRORS = (serial.SerialException, termios.error, OSError)
"""What a port can raise when its device disappears."""
LINK_BAUD = 115_200
LINK_DOWN_AFTER = Timing.link_timeout
"""Seconds of silence after which the link counts as down (docs/link-protocol.md, 7)."""
MAX_READ = 256 * 1024
"""Most bytes one ``read`` returns: a 10 MB flood is drained in 40 polls."""
_RECV_CHUNK = 65536


class SilentPeer(ConnectionError):
    def __init__(self, seconds: float) -> None:
        super().__init__(f"the other device has sent nothing for {seconds:g} s")


class SerialTransport:
    """A pyserial port (device path or URL) that survives unplugging."""

    def __init__(
        self,
        url: str,
        baudrate: int = LINK_BAUD,
        retry_every: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
        silence: float | None = None,
    ) -> None:
        """``silence``: reopen the port after that many seconds without a byte (None: never)."""
        self.url = url
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
            data: bytes = port.read(MAX_READ)
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

    def _ensure_open(self) -> serial.SerialBase | None:
        if self._port is not None or self._closed or self._clock() < self._next_try:
            return self._port
        self._next_try = self._clock() + self._retry_every
        try:
            # exclusive: a second program on the same device fails to open it
            # instead of stealing half of its bytes (ignored by URL handlers).
            exclusive = True if "://" not in self.url else None
            self._port = serial.serial_for_url(
                self.url, baudrate=self._baudrate, timeout=0, write_timeout=0.5, exclusive=exclusive
            )
        except PORT_ERRORS as error:
            if str(error) != self.last_error:
                log.info("cannot open %s yet: %s", self.url, error)
            self.last_error = str(error)
            return None
        self.openings += 1
        self.last_error = ""
        self._last_heard = self._clock()
        log.info("opened %s", self.url)
        return self._port

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


class ListenTransport:
    """The host side of a TCP link: one peer at a time, again after it leaves.

    A newer connection waits (in the listen backlog) while the current peer
    talks; once the peer has been silent for ``silence`` seconds it is
    dropped and the newer connection takes its place.
    """

    def __init__(
        self,
        host: str,
        port: int,
        clock: Callable[[], float] = time.monotonic,
        silence: float = LINK_DOWN_AFTER,
    ) -> None:
        self._server = socket.create_server((host, port), reuse_port=False)
        self._server.setblocking(False)
        self._clock = clock
        self._silence = silence
        self._peer: socket.socket | None = None
        self._last_heard = clock()
        self.openings = 0
        self.last_error = ""

    @property
    def address(self) -> tuple[str, int]:
        host, port = self._server.getsockname()[:2]
        return str(host), int(port)

    def read(self) -> bytes:
        peer = self._accept()
        if peer is None:
            return b""
        data = bytearray()
        while len(data) < MAX_READ:
            try:
                chunk = peer.recv(min(_RECV_CHUNK, MAX_READ - len(data)))
            except BlockingIOError:
                break
            except OSError as error:
                self._lost(error)
                break
            if not chunk:
                self._lost(ConnectionResetError("the other simulator closed the connection"))
                break
            data += chunk
        now = self._clock()
        if data:
            self._last_heard = now
        elif self._peer is not None and now - self._last_heard > self._silence:
            self._lost(SilentPeer(self._silence))
        return bytes(data)

    def write(self, data: bytes) -> None:
        peer = self._accept()
        if peer is None:
            return
        try:
            peer.sendall(data)
        except BlockingIOError:
            log.info("peer not reading: a frame was dropped (the protocol resends it)")
        except OSError as error:
            self._lost(error)

    def close(self) -> None:
        self._drop_peer()
        self._server.close()

    def _accept(self) -> socket.socket | None:
        if self._peer is not None:
            return self._peer
        try:
            peer, address = self._server.accept()
        except (BlockingIOError, OSError):
            return None
        peer.setblocking(False)
        peer.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._peer = peer
        self._last_heard = self._clock()
        self.openings += 1
        log.info("peer connected from %s", address)
        return peer

    def _lost(self, error: Exception) -> None:
        log.warning("peer connection lost: %s", error)
        self.last_error = str(error)
        self._drop_peer()

    def _drop_peer(self) -> None:
        if self._peer is not None:
            self._peer.close()
            self._peer = None


def open_transport(url: str) -> SerialTransport | ListenTransport:
    """``listen://HOST:PORT`` waits for a peer; anything else is a pyserial URL or device."""
    if url.startswith("listen://"):
        parts = urlsplit(url)
        if parts.port is None:
            raise ValueError(f"{url}: give a port, e.g. listen://0.0.0.0:7777")
        return ListenTransport(parts.hostname or "0.0.0.0", parts.port)
    return SerialTransport(url, silence=LINK_DOWN_AFTER)
