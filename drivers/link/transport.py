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
a half-open TCP connection, or a serial peer that stopped talking.  A serial
port is closed and reopened after ``silence`` seconds without a byte.  The
listener serves only the real peer: a connection becomes the peer once it has
said HELLO (within ``silence`` seconds, or it is closed), and stays the peer
while the session hears frames of its game from it; after ``silence`` seconds
without one it is dropped, and a newer connection that said HELLO takes its
place.  Silent, trickling or foreign connections wait beside it, a few at most.

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

from drivers.link.frames import MAX_ENCODED, FrameDecoder, Kind

log = logging.getLogger(__name__)

PORT_ERRORS = (serial.SerialException, termios.error, OSError)
"""What a port can raise when its device disappears."""
LINK_BAUD = 115_200
MAX_READ = 256 * 1024
"""Most bytes one ``read`` returns: a 10 MB flood is drained in 40 polls."""
_RECV_CHUNK = 65536
MAX_PENDING = 4
"""Most connections the listener keeps waiting to become the peer."""
MAX_BEFORE_HELLO = 4 * (MAX_ENCODED + 1)
"""Most bytes a waiting connection may send before its HELLO."""


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

    def heard_from_peer(self) -> None:
        """Nothing to choose: a cable has one other end."""

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
                self.url,
                baudrate=self._baudrate,
                timeout=self._wait_for_bytes,
                write_timeout=0.5,
                exclusive=exclusive,
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


class _Candidate:
    """A connection waiting to become the peer: what it said so far, and by when it
    must have said HELLO."""

    def __init__(self, connection: socket.socket, deadline: float) -> None:
        self.connection = connection
        self.deadline = deadline
        self.received = bytearray()
        self.decoder = FrameDecoder()
        self.said_hello = False

    def listen(self) -> bool:
        """Read what it sent, until its HELLO; False once it closed, failed or said too
        much without one."""
        while not self.said_hello:
            try:
                chunk = self.connection.recv(MAX_BEFORE_HELLO + 1 - len(self.received))
            except BlockingIOError:
                return True
            except OSError:
                return False
            if not chunk:
                return False
            self.received += chunk
            frames = self.decoder.feed(chunk)
            self.said_hello = any(frame.kind == Kind.HELLO for frame in frames)
            if not self.said_hello and len(self.received) > MAX_BEFORE_HELLO:
                return False
        return True


class ListenTransport:
    """The host side of a TCP link: one peer at a time, again after it leaves.

    Every connection is accepted at once and becomes a *candidate*; at most
    MAX_PENDING are kept (a newer one pushes out the oldest, those that said HELLO
    last).  A candidate must say HELLO, the first thing a device says on a new
    connection, within ``silence`` seconds or it is closed: a silent, trickling or
    foreign connection never stands in the way.  The first candidate to say HELLO
    becomes the peer while there is none.  The peer keeps the line while the session
    hears frames of its game from it (``heard_from_peer``); after ``silence`` seconds
    without one it is dropped, and the next candidate that said HELLO takes its place.
    """

    def __init__(
        self,
        host: str,
        port: int,
        silence: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._server = socket.create_server((host, port), backlog=MAX_PENDING, reuse_port=False)
        self._server.setblocking(False)
        self._clock = clock
        self._silence = silence
        self._peer: socket.socket | None = None
        self._candidates: list[_Candidate] = []
        self._first_bytes = b""
        self._last_heard = clock()
        self.openings = 0
        self.last_error = ""

    @property
    def address(self) -> tuple[str, int]:
        host, port = self._server.getsockname()[:2]
        return str(host), int(port)

    @property
    def pending(self) -> int:
        """How many connections wait to become the peer."""
        return len(self._candidates)

    def read(self) -> bytes:
        peer = self._current_peer()
        if peer is None:
            return b""
        data = bytearray(self._first_bytes)
        self._first_bytes = b""
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
        if self._peer is not None and self._clock() - self._last_heard > self._silence:
            self._lost(SilentPeer(self._silence))
        return bytes(data)

    def heard_from_peer(self) -> None:
        """The session read a valid frame of its game: the peer keeps the line."""
        self._last_heard = self._clock()

    def write(self, data: bytes) -> None:
        peer = self._current_peer()
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
        for candidate in self._candidates:
            candidate.connection.close()
        self._candidates.clear()
        self._server.close()

    def _current_peer(self) -> socket.socket | None:
        self._accept_all()
        self._screen_candidates()
        if self._peer is None:
            self._promote()
        return self._peer

    def _accept_all(self) -> None:
        while True:
            try:
                connection, address = self._server.accept()
            except (BlockingIOError, OSError):
                return
            connection.setblocking(False)
            log.info("connection from %s", address)
            self._candidates.append(_Candidate(connection, self._clock() + self._silence))
            if len(self._candidates) > MAX_PENDING:
                self._drop_candidate(self._oldest_candidate(), "too many connections waiting")

    def _oldest_candidate(self) -> _Candidate:
        """The one to give up first: the oldest that has not said HELLO, else the oldest."""
        quiet = [candidate for candidate in self._candidates if not candidate.said_hello]
        return (quiet or self._candidates)[0]

    def _screen_candidates(self) -> None:
        now = self._clock()
        for candidate in list(self._candidates):
            if not candidate.listen():
                self._drop_candidate(candidate, "it closed, or sent no HELLO")
            elif not candidate.said_hello and now > candidate.deadline:
                self._drop_candidate(candidate, f"no HELLO within {self._silence:g} s")

    def _drop_candidate(self, candidate: _Candidate, why: str) -> None:
        log.info("connection dropped: %s", why)
        self._candidates.remove(candidate)
        candidate.connection.close()

    def _promote(self) -> None:
        candidate = next((c for c in self._candidates if c.said_hello), None)
        if candidate is None:
            return
        self._candidates.remove(candidate)
        peer = candidate.connection
        peer.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._peer = peer
        self._first_bytes = bytes(candidate.received)
        self._last_heard = self._clock()
        self.openings += 1
        log.info("peer connected")

    def _lost(self, error: Exception) -> None:
        log.warning("peer connection lost: %s", error)
        self.last_error = str(error)
        self._drop_peer()

    def _drop_peer(self) -> None:
        if self._peer is not None:
            self._peer.close()
            self._peer = None


def open_transport(url: str, silence: float) -> SerialTransport | ListenTransport:
    """``listen://HOST:PORT`` waits for a peer; anything else is a pyserial URL or device."""
    if url.startswith("listen://"):
        parts = urlsplit(url)
        if parts.port is None:
            raise ValueError(f"{url}: give a port, e.g. listen://0.0.0.0:7777")
        return ListenTransport(parts.hostname or "0.0.0.0", parts.port, silence=silence)
    return SerialTransport(url, silence=silence)
