"""Link sessions over real byte pipes: pty pairs (with unplugging) and TCP sockets."""

import fcntl
import random
import socket
import struct
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path

from link_relay import FaultPlan, PtyCable
from waiting import wait_until

from device.link.frames import MAX_FRAME, encode_frame, is_hello
from device.link.game import LinkGame, Role
from device.link.messages import Hello, hello_frame
from device.link.session import LinkSession, Timing
from drivers.link.transport import ListenTransport, SerialTransport
from drivers.serial_packets.packets import encode_packet
from drivers.serial_packets.port import MAX_READ
from engine.notation import format_move
from engine.pieces import RED
from engine.rules import STANDARD

LINK_TIMEOUT = Timing().link_timeout
"""The session's silence limit, which the listener is handed as the wiring hands it."""

HELLO_PACKET = encode_frame(hello_frame(0, 0, Hello(Role.GUEST, False, 0, 0, 0, STANDARD.id)))
"""What a guest without a game says first on a new connection."""
HELLO = encode_packet(HELLO_PACKET)
FAST = Timing(hello_every=0.05, ping_every=0.05, link_timeout=0.5, first_retry=0.03, max_retry=0.1)


class Slot:
    """A device's store: the last game it was handed."""

    def __init__(self) -> None:
        self.game: LinkGame | None = None

    def __call__(self, game: LinkGame) -> None:
        self.game = game.copy()

    def saved(self) -> LinkGame:
        """A copy of the stored game to resume from (what a restarted device reads)."""
        assert self.game is not None, "the device stored its game"
        return self.game.copy()


def play_some(session: LinkSession, rng: random.Random) -> None:
    game = session.game
    if game is None or session.state.name != "linked":
        return
    position = session.position
    moves = position.legal_moves()
    if position.side == game.local_colour and moves:
        session.send_move(len(game.moves) + 1, format_move(rng.choice(moves)))


def settled(session: LinkSession) -> bool:
    game = session.game
    return game is not None and session.peer_plies == len(game.moves) and session.position.is_over()


def run_until(
    condition: Callable[[], bool],
    sessions: list[LinkSession],
    rng: random.Random,
    seconds: float,
    pump: Callable[[float], None] = lambda now: None,
) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        pump(time.monotonic())
        for session in sessions:
            session.poll()
            play_some(session, rng)
        time.sleep(0.001)


def test_a_whole_game_over_a_faulty_pty_cable_survives_an_unplug(tmp_path: Path) -> None:
    rng = random.Random(3)
    pty = PtyCable(tmp_path, rng, FaultPlan(drop=0.05, corrupt=0.05, garbage=0.02))
    a_port = SerialTransport(str(pty.paths[0]), MAX_FRAME, retry_every=0.05)
    b_port = SerialTransport(str(pty.paths[1]), MAX_FRAME, retry_every=0.05)
    host = LinkSession.host(a_port, 5, RED, Slot(), timing=FAST)
    guest = LinkSession.guest(b_port, Slot(), timing=FAST)
    try:
        sessions = [host, guest]
        run_until(
            lambda: len(guest.game.moves) >= 20 if guest.game else False,
            sessions,
            rng,
            20,
            pty.pump,
        )
        pty.unplug()
        run_until(lambda: not a_port.is_open and not b_port.is_open, sessions, rng, 2)
        assert "disconnected" in a_port.last_error or "returned no data" in a_port.last_error
        pty.plug_in()
        opened_at = time.monotonic()
        run_until(lambda: a_port.is_open and b_port.is_open, sessions, rng, 2, pty.pump)
        assert time.monotonic() - opened_at < 2
        run_until(lambda: settled(host) and settled(guest), sessions, rng, 30, pty.pump)
    finally:
        host.close()
        guest.close()
        pty.close()
    assert host.game is not None and guest.game is not None
    assert host.game.moves == guest.game.moves and host.chain == guest.chain
    assert host.state.name == guest.state.name == "linked"


def test_two_simulators_over_tcp_and_a_guest_killed_and_restarted_from_its_save() -> None:
    rng = random.Random(4)
    listener = ListenTransport(
        "127.0.0.1", 0, is_greeting=is_hello, max_packet=MAX_FRAME, silence=LINK_TIMEOUT
    )
    url = f"socket://127.0.0.1:{listener.address[1]}"
    host = LinkSession.host(listener, 8, RED, Slot(), timing=FAST)
    guest_slot = Slot()
    guest = LinkSession.guest(
        SerialTransport(url, MAX_FRAME, retry_every=0.05), guest_slot, timing=FAST
    )
    try:
        run_until(
            lambda: guest_slot.game is not None and len(guest_slot.game.moves) >= 30,
            [host, guest],
            rng,
            20,
        )
        guest.close()  # the guest device dies; only its save file is left
        saved = guest_slot.saved()
        for _ in range(5):
            host.poll()
            play_some(host, rng)
        guest = LinkSession.resume(
            SerialTransport(url, MAX_FRAME, retry_every=0.05), saved, guest_slot, timing=FAST
        )
        run_until(lambda: settled(host) and settled(guest), [host, guest], rng, 30)
    finally:
        host.close()
        guest.close()
    assert host.game is not None and guest.game is not None
    assert guest.game.game_id == host.game.game_id
    assert host.game.moves == guest.game.moves and host.chain == guest.chain


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def read_for(listener: ListenTransport, seconds: float, until: bytes) -> list[bytes]:
    """The packets ``listener`` reads within ``seconds`` (or until packet ``until`` has come)."""
    packets: list[bytes] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and until not in packets:
        packets += listener.read()
        time.sleep(0.005)
    return packets


def test_a_newer_connection_replaces_an_older_one_that_stopped_speaking_the_game() -> None:
    clock = Clock()
    listener = ListenTransport(
        "127.0.0.1",
        0,
        is_greeting=is_hello,
        max_packet=MAX_FRAME,
        clock=clock,
        silence=LINK_TIMEOUT,
    )
    old = socket.create_connection(listener.address)
    new = socket.create_connection(listener.address)
    try:
        old.sendall(HELLO)
        assert read_for(listener, 3, until=HELLO_PACKET) == [HELLO_PACKET]
        new.sendall(HELLO)
        clock.now += 2.0
        listener.heard_from_peer()  # the session heard a frame of its game from the old peer
        old.sendall(encode_packet(b"garbage"))
        assert read_for(listener, 0.2, until=b"garbage") == [b"garbage"], "it keeps the line"
        clock.now += 3.5  # garbage, but no frame of the game for longer than the link-down time
        assert read_for(listener, 3, until=HELLO_PACKET) == [HELLO_PACKET]
        assert listener.openings == 2 and "nothing for 3 s" in listener.last_error
        old.settimeout(3)
        assert old.recv(16) == b"", "the old connection was closed"
    finally:
        old.close()
        new.close()
        listener.close()


def test_a_silent_serial_peer_is_noticed_and_the_port_reopened() -> None:
    clock = Clock()
    port = SerialTransport("loop://", MAX_FRAME, retry_every=0.5, clock=clock, silence=3.0)
    try:
        port.write(b"ping")
        assert port.read() == [b"ping"] and port.openings == 1
        clock.now += 2.9
        assert port.read() == [] and port.is_open
        clock.now += 0.2
        port.read()
        assert not port.is_open and "nothing for 3 s" in port.last_error
        clock.now += 0.5
        port.read()
        assert port.is_open and port.openings == 2
    finally:
        port.close()


def test_a_silent_half_open_guest_gives_way_to_the_same_guest_reconnecting() -> None:
    """The guest device restarts while its old TCP connection stays open and silent."""
    rng = random.Random(5)
    listener = ListenTransport(
        "127.0.0.1", 0, is_greeting=is_hello, max_packet=MAX_FRAME, silence=FAST.link_timeout
    )
    url = f"socket://127.0.0.1:{listener.address[1]}"
    host = LinkSession.host(listener, 9, RED, Slot(), timing=FAST)
    slot = Slot()
    frozen = LinkSession.guest(SerialTransport(url, MAX_FRAME, retry_every=0.05), slot, timing=FAST)
    guest = frozen
    try:
        run_until(lambda: host.chain != 0 and host.peer_plies >= 6, [host, frozen], rng, 20)
        # ``frozen`` is never polled again: its socket stays open and says nothing.
        guest = LinkSession.resume(
            SerialTransport(url, MAX_FRAME, retry_every=0.05), slot.saved(), slot, timing=FAST
        )
        run_until(lambda: settled(host) and settled(guest), [host, guest], rng, 30)
    finally:
        host.close()
        guest.close()
        frozen.close()
    assert host.game is not None and guest.game is not None
    assert host.game.moves == guest.game.moves and host.chain == guest.chain


PACKET = encode_packet(bytes(range(1, 100)))
"""101 bytes on the wire."""
FLOOD_PACKETS = 3 * MAX_READ // len(PACKET)


def unacknowledged(sock: socket.socket) -> int:
    """Bytes sent on ``sock`` that the peer's kernel has not acknowledged (Linux's
    SIOCOUTQ): none once everything sent waits in the peer's receive buffer."""
    (count,) = struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, bytes(4)))
    return int(count)


def test_a_read_drains_what_is_waiting_up_to_a_bound() -> None:
    listener = ListenTransport(
        "127.0.0.1", 0, is_greeting=is_hello, max_packet=MAX_FRAME, silence=LINK_TIMEOUT
    )
    client = socket.create_connection(listener.address)
    try:
        client.sendall(HELLO)
        assert read_for(listener, 3, until=HELLO_PACKET) == [HELLO_PACKET]  # the peer
        client.sendall(PACKET * 600)  # 60,600 bytes
        wait_until(lambda: unacknowledged(client) == 0, "the listener's kernel holds them all")
        assert len(listener.read()) == 600, "all that waits, in one read"
        flood = threading.Thread(target=client.sendall, args=(PACKET * FLOOD_PACKETS,))
        flood.start()
        counts: list[int] = []
        while sum(counts) < FLOOD_PACKETS:
            counts.append(len(listener.read()))
        flood.join()
        assert max(counts) <= MAX_READ // len(PACKET) + 1
    finally:
        client.close()
        listener.close()
