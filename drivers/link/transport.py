"""Packet pipes for the link session: any pyserial URL, or a listening TCP socket.

Both carry packets (``drivers.serial_packets.packets``: COBS, each ended by a
zero byte): ``read`` returns the packets that arrived whole, ``write`` sends
one.  A serial port (``SerialTransport``) is a
``drivers.serial_packets.port.SerialPort``: it is reopened after an unplug, or
after ``silence`` seconds without a byte.  Every successful (re)open counts in
``openings``, which tells the session to say HELLO again.

Two simulators on one machine play through TCP: one opens ``listen://HOST:PORT``
(``ListenTransport``), the other ``socket://HOST:PORT`` (pyserial's client).

A peer can also fall silent without going away: a device that crashed behind
a half-open TCP connection.  The listener serves only the real peer: a
connection becomes the peer once it has said HELLO (within ``silence``
seconds, or it is closed), and stays the peer while the session hears frames
of its game from it; after ``silence`` seconds without one it is dropped, and
a newer connection that said HELLO takes its place.  Silent, trickling or
foreign connections wait beside it, a few at most.

The driver knows nothing of the protocol: the wiring hands it ``is_greeting``,
which tells a HELLO from any other packet, and ``max_packet``, the longest
packet a device sends.  Timings come as plain seconds.
"""

import logging
import socket
import time
from collections.abc import Callable
from urllib.parse import urlsplit

from drivers.serial_packets.packets import PacketDecoder, encode_packet, max_encoded
from drivers.serial_packets.port import MAX_READ, SerialPort, SilentPeer

log = logging.getLogger(__name__)

LINK_BAUD = 115_200
_RECV_CHUNK = 65536
MAX_PENDING = 4
"""Most connections the listener keeps waiting to become the peer."""
GREETING_PACKETS = 4
"""A waiting connection may send this many of the longest packets before its HELLO."""

Greeting = Callable[[bytes], bool]
"""Whether one packet (decoded) is the HELLO a device of this game sends first on a
new connection."""


class SerialTransport:
    """The link's packets over a pyserial port (device path or URL) that survives
    unplugging; a packet cut by a reopening is dropped."""

    def __init__(
        self,
        url: str,
        max_packet: int,
        retry_every: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
        silence: float | None = None,
        wait_for_bytes: float = 0.0,
    ) -> None:
        self._port = SerialPort(url, LINK_BAUD, retry_every, clock, silence, wait_for_bytes)
        self._max_packet = max_packet
        self._decoder = PacketDecoder(max_packet)
        self._decoded_openings = 0
        self._earlier_rejected = 0

    @property
    def openings(self) -> int:
        return self._port.openings

    @property
    def is_open(self) -> bool:
        return self._port.is_open

    @property
    def last_error(self) -> str:
        return self._port.last_error

    @property
    def rejected(self) -> int:
        """Damaged runs of bytes dropped (too long for a packet, or not COBS)."""
        return self._earlier_rejected + self._decoder.rejected

    def read(self) -> list[bytes]:
        data = self._port.read()
        if self._port.openings != self._decoded_openings:
            self._decoded_openings = self._port.openings
            self._earlier_rejected += self._decoder.rejected
            self._decoder = PacketDecoder(self._max_packet)
        return self._decoder.feed(data)

    def write(self, packet: bytes) -> None:
        self._port.write(encode_packet(packet))

    def open_now(self) -> None:
        """Open the port at once (OSError when it cannot be: see ``SerialPort.open_now``)."""
        self._port.open_now()

    def heard_from_peer(self) -> None:
        """Nothing to choose: a cable has one other end."""

    def close(self) -> None:
        self._port.close()


class _Candidate:
    """A connection waiting to become the peer: what it said so far, and by when it
    must have said HELLO."""

    def __init__(
        self, connection: socket.socket, deadline: float, is_greeting: Greeting, max_packet: int
    ) -> None:
        self.connection = connection
        self.deadline = deadline
        self.received = bytearray()
        self._packets = PacketDecoder(max_packet)
        self._is_greeting = is_greeting
        self._max_bytes = GREETING_PACKETS * (max_encoded(max_packet) + 1)
        self.said_hello = False

    def listen(self) -> bool:
        """Read what it sent, until its HELLO; False once it closed, failed or said too
        much without one."""
        while not self.said_hello:
            try:
                chunk = self.connection.recv(self._max_bytes + 1 - len(self.received))
            except BlockingIOError:
                return True
            except OSError:
                return False
            if not chunk:
                return False
            self.received += chunk
            packets = self._packets.feed(chunk)
            self.said_hello = any(self._is_greeting(packet) for packet in packets)
            if not self.said_hello and len(self.received) > self._max_bytes:
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
        is_greeting: Greeting,
        max_packet: int,
        clock: Callable[[], float] = time.monotonic,
        max_read: int = MAX_READ,
    ) -> None:
        """``silence``: seconds a connection has to say HELLO, and the peer to be heard;
        ``is_greeting`` tells a HELLO from any other packet, none longer than
        ``max_packet`` bytes (a connection may send GREETING_PACKETS of those first);
        ``max_read``: most bytes one ``read`` takes from the peer."""
        self._server = socket.create_server((host, port), backlog=MAX_PENDING, reuse_port=False)
        self._server.setblocking(False)
        self._clock = clock
        self._silence = silence
        self._is_greeting = is_greeting
        self._max_packet = max_packet
        self._max_read = max_read
        self._peer: socket.socket | None = None
        self._candidates: list[_Candidate] = []
        self._first_bytes = b""
        self._decoder = PacketDecoder(max_packet)
        self._earlier_rejected = 0
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

    @property
    def rejected(self) -> int:
        """Damaged runs of bytes the peers sent, dropped (too long for a packet, or not COBS)."""
        return self._earlier_rejected + self._decoder.rejected

    def read(self) -> list[bytes]:
        """The packets the peer sent, decoding at most ``max_read`` bytes."""
        peer = self._current_peer()
        if peer is None:
            return []
        data = bytearray(self._first_bytes)
        self._first_bytes = b""
        while len(data) < self._max_read:
            try:
                chunk = peer.recv(min(_RECV_CHUNK, self._max_read - len(data)))
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
        return self._decoder.feed(bytes(data))

    def heard_from_peer(self) -> None:
        """The session read a valid frame of its game: the peer keeps the line."""
        self._last_heard = self._clock()

    def write(self, packet: bytes) -> None:
        peer = self._current_peer()
        if peer is None:
            return
        try:
            peer.sendall(encode_packet(packet))
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
            deadline = self._clock() + self._silence
            self._candidates.append(
                _Candidate(connection, deadline, self._is_greeting, self._max_packet)
            )
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
        self._earlier_rejected += self._decoder.rejected
        self._decoder = PacketDecoder(self._max_packet)
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


def open_transport(
    url: str, *, silence: float, is_greeting: Greeting, max_packet: int
) -> SerialTransport | ListenTransport:
    """``listen://HOST:PORT`` waits for a peer; anything else is a pyserial URL or device.

    ``silence``: seconds without a byte (serial) or a frame of the game (TCP)
    after which the peer counts as gone; ``is_greeting`` and ``max_packet``: see
    ``ListenTransport``.  A port that cannot be had raises OSError, its errno
    saying why: a listening port in use, a serial device that is not there or
    that another program holds (a device is opened at once; a URL such as
    ``socket://`` keeps trying, since its other end may start later).
    """
    if url.startswith("listen://"):
        parts = urlsplit(url)
        if parts.port is None:
            raise ValueError(f"{url}: give a port, e.g. listen://0.0.0.0:7777")
        host = parts.hostname or "0.0.0.0"
        return ListenTransport(host, parts.port, silence, is_greeting, max_packet)
    transport = SerialTransport(url, max_packet, silence=silence)
    if "://" not in url:
        transport.open_now()
    return transport
