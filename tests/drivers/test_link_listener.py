"""The TCP listener serves the real peer, whatever else connects to it.

Real sockets on 127.0.0.1 and a simulated clock shared by the listener, the
sessions and the hostile peers, which advances 20 ms a step.
"""

import contextlib
import socket
import time

from link_relay import on_the_wire

from device.link.events import LinkStateName
from device.link.frames import MAX_FRAME, Kind, is_hello
from device.link.game import LinkGame, Role
from device.link.messages import Hello, hash_frame, hello_frame
from device.link.session import LinkSession, Timing
from drivers.link.transport import MAX_PENDING, ListenTransport, SerialTransport
from drivers.serial_packets.packets import encode_packet
from engine.pieces import RED
from engine.rules import STANDARD

LINK_TIMEOUT = Timing().link_timeout
"""The session's silence limit, which the listener is handed as the wiring hands it."""

STEP = 0.02
AGREE_WITHIN = 5.0
HELLO_WITHOUT_A_GAME = on_the_wire(
    hello_frame(0, 0, Hello(Role.GUEST, False, 0, 0, 0, STANDARD.id))
)
FOREIGN_PING = on_the_wire(hash_frame(Kind.PING, 0x5EED_F00D, 3, 0x1234_5678))
"""A PING of another game, as a device playing someone else would send."""


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def keep(game: LinkGame) -> None:
    """The sessions' save hook: nothing to keep here."""


def closed_by_the_other_end(connection: socket.socket) -> bool:
    """Whether the listener closed ``connection`` (after whatever it sent there)."""
    connection.setblocking(False)
    try:
        while connection.recv(4096):
            pass
    except BlockingIOError:
        return False
    except ConnectionResetError:
        pass
    return True


class HostilePeers:
    """20 silent connections, one that trickles a garbage byte every 0.5 s, one that
    sends another game's PING every second, and one that says HELLO as a guest without
    a game and then only PINGs another game."""

    def __init__(self, listener: ListenTransport, host: LinkSession) -> None:
        self.silent: list[socket.socket] = []
        for _ in range(20):
            self.silent.append(socket.create_connection(listener.address))
            host.poll()  # the listener takes them as they come
        self.trickler = socket.create_connection(listener.address)
        self.pinger = socket.create_connection(listener.address)
        self.greeter = socket.create_connection(listener.address)
        self.greeter.sendall(HELLO_WITHOUT_A_GAME)
        host.poll()

    @property
    def all(self) -> list[socket.socket]:
        return [*self.silent, self.trickler, self.pinger, self.greeter]

    def act(self, step: int) -> None:
        every_half_second, every_second = round(0.5 / STEP), round(1.0 / STEP)
        with contextlib.suppress(OSError):  # once the listener has closed them
            if step % every_half_second == 0:
                self.trickler.send(b"\x17")
            if step % every_second == 0:
                self.pinger.send(FOREIGN_PING)
                self.greeter.send(FOREIGN_PING)

    def close(self) -> None:
        for connection in self.all:
            connection.close()


def test_the_real_peer_agrees_within_5_s_past_silent_trickling_and_foreign_connections() -> None:
    clock = Clock()
    listener = ListenTransport(
        "127.0.0.1",
        0,
        is_greeting=is_hello,
        max_packet=MAX_FRAME,
        clock=clock,
        silence=LINK_TIMEOUT,
    )
    host = LinkSession.host(listener, 8, RED, keep, clock=clock)
    hostile = HostilePeers(listener, host)
    url = f"socket://127.0.0.1:{listener.address[1]}"
    guest = LinkSession.guest(SerialTransport(url, MAX_FRAME, clock=clock), keep, clock=clock)
    most_pending = 0
    try:
        step = 0
        while not host.state.name == guest.state.name == LinkStateName.LINKED:
            assert clock.now <= AGREE_WITHIN, f"no agreement in {AGREE_WITHIN:g} s"
            hostile.act(step)
            host.poll()
            guest.poll()
            most_pending = max(most_pending, listener.pending)
            time.sleep(0.002)  # let the loopback deliver
            clock.now += STEP
            step += 1
        while clock.now < 3.5:  # every hostile connection has had its 3 s
            hostile.act(step)
            host.poll()
            guest.poll()
            time.sleep(0.002)
            clock.now += STEP
            step += 1
        assert host.state.name == LinkStateName.LINKED, "the real peer keeps the line"
        still_open = [c for c in hostile.all if not closed_by_the_other_end(c)]
        assert not still_open, f"{len(still_open)} hostile connections were kept"
        assert most_pending <= MAX_PENDING
    finally:
        hostile.close()
        host.close()
        guest.close()


def test_a_connection_that_says_nothing_valid_within_3_s_is_closed() -> None:
    clock = Clock()
    listener = ListenTransport(
        "127.0.0.1",
        0,
        is_greeting=is_hello,
        max_packet=MAX_FRAME,
        clock=clock,
        silence=LINK_TIMEOUT,
    )
    trickler = socket.create_connection(listener.address)
    try:
        for _ in range(round(2.9 / STEP)):
            trickler.send(b"\x01")
            assert listener.read() == [], "nothing of it reaches the session"
            time.sleep(0.001)
            clock.now += STEP
        assert listener.pending == 1
        clock.now += 0.2
        listener.read()
        assert listener.pending == 0 and listener.openings == 0
        trickler.settimeout(3)
        with contextlib.suppress(ConnectionResetError):
            assert trickler.recv(16) == b""
    finally:
        trickler.close()
        listener.close()


def test_the_listener_takes_the_greeting_it_is_handed_and_passes_what_came_with_it() -> None:
    """The driver knows no protocol: "hello" is whatever the wiring says it is."""
    clock = Clock()
    listener = ListenTransport(
        "127.0.0.1", 0, LINK_TIMEOUT, is_greeting=lambda p: p == b"hi", max_packet=8, clock=clock
    )
    stranger = socket.create_connection(listener.address)
    caller = socket.create_connection(listener.address)
    try:
        stranger.sendall(encode_packet(b"hello"))
        caller.sendall(encode_packet(b"before") + encode_packet(b"hi") + encode_packet(b"x"))
        packets: list[bytes] = []
        for _ in range(200):
            packets += listener.read()
            if len(packets) >= 3:
                break
            time.sleep(0.005)
        assert packets == [b"before", b"hi", b"x"], "the caller's packets, greeting and all"
        assert listener.openings == 1 and listener.pending == 1, "the stranger waits aside"
    finally:
        stranger.close()
        caller.close()
        listener.close()
