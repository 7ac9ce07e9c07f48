"""How long the link takes to come back after a flood of garbage on a TCP link.

    python benchmarks/link_flood.py [--megabytes 10] [--poll 0.05] [--max-read BYTES]

A host (``listen://``) and a guest play over TCP on this machine, each
polled every ``--poll`` seconds as the app does once a frame.  Once they are
linked, the guest's connection carries a flood of random bytes; the guest's
own frames queue up behind it.  Printed: how long the flood took to send,
and when the host was linked again, counted from the flood's first and last
byte.  ``--max-read 4096`` reads 4 KiB a poll, as the transport did before
reads were drained.
"""

import random
import socket
import threading
import time
from collections.abc import Callable

from device.link.frames import MAX_FRAME, is_hello
from device.link.game import LinkGame
from device.link.session import LinkSession, Timing
from drivers.link.transport import ListenTransport
from drivers.serial_packets.packets import PacketDecoder, encode_packet
from drivers.serial_packets.port import MAX_READ
from engine.arguments import OneLineParser, number_in, whole_number_in
from engine.pieces import RED

LINK_TIMEOUT = Timing().link_timeout
"""The session's silence limit, which the listener is handed as the wiring hands it."""


class SocketPipe:
    """The guest's end: a plain TCP connection that the flood shares."""

    def __init__(self, address: tuple[str, int]) -> None:
        self.socket = socket.create_connection(address)
        self.lock = threading.Lock()
        self.openings = 1
        self._packets = PacketDecoder(MAX_FRAME)
        self.dropped_at: float | None = None
        """When the host closed the connection (a peer that sent no frame of its game
        for the link-down time, its frames stuck behind the flood)."""

    @property
    def rejected(self) -> int:
        return self._packets.rejected

    def read(self) -> list[bytes]:
        try:
            return self._packets.feed(self.socket.recv(1 << 16, socket.MSG_DONTWAIT))
        except BlockingIOError:
            return []

    def write(self, packet: bytes) -> None:
        """The guest's frames are dropped while the flood holds the line (they are resent)."""
        if self.lock.acquire(blocking=False):
            try:
                self.send(encode_packet(packet))
            finally:
                self.lock.release()

    def send(self, data: bytes) -> None:
        try:
            self.socket.sendall(data)
        except OSError:
            self.dropped_at = self.dropped_at or time.monotonic()

    def heard_from_peer(self) -> None:
        """The guest's end has one peer: nothing to choose."""

    def close(self) -> None:
        self.socket.close()


def flood(pipe: SocketPipe, size: int, done: list[float]) -> None:
    rng = random.Random(1)
    sent = 0
    while sent < size:
        chunk = rng.randbytes(min(1 << 16, size - sent))
        with pipe.lock:
            pipe.send(chunk)
        sent += len(chunk)
    done.append(time.monotonic())


def ignore(game: LinkGame) -> None:
    """The benchmark keeps no saves."""


def main() -> None:
    parser = OneLineParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", default=10, **number_in(0, 1_000, ""))
    parser.add_argument("--poll", default=0.05, **number_in(0.001, 10, "seconds between polls"))
    parser.add_argument("--max-read", default=MAX_READ, **whole_number_in(1, 1 << 24, ""))
    args = parser.parse_args()
    listener = ListenTransport(
        "127.0.0.1",
        0,
        is_greeting=is_hello,
        max_packet=MAX_FRAME,
        silence=LINK_TIMEOUT,
        max_read=args.max_read,
    )
    host = LinkSession.host(listener, 1, RED, ignore)
    pipe = SocketPipe(listener.address)
    guest = LinkSession.guest(pipe, ignore)

    def poll_until(condition: Callable[[], bool], limit: float) -> None:
        deadline = time.monotonic() + limit
        while not condition() and time.monotonic() < deadline:
            host.poll()
            guest.poll()
            time.sleep(args.poll)

    poll_until(lambda: host.state.name == guest.state.name == "linked", 10)
    done: list[float] = []
    started = time.monotonic()
    sender = threading.Thread(
        target=flood, args=(pipe, int(args.megabytes * 1_000_000), done), daemon=True
    )
    sender.start()
    lost = False

    def flood_sent() -> bool:
        nonlocal lost
        lost = lost or host.state.name != "linked"
        return bool(done)

    poll_until(flood_sent, 3600)
    heard = host.stats.frames_received
    poll_until(
        lambda: (
            (host.stats.frames_received > heard and host.state.name == "linked")
            or pipe.dropped_at is not None
        ),
        3600,
    )
    back = time.monotonic()
    sender.join()
    host.close()
    guest.close()
    print(
        f"flood: {args.megabytes:g} MB of random bytes, polls every {args.poll * 1000:.0f} ms, "
        f"at most {args.max_read} bytes a read"
    )
    print(
        f"the host {'lost' if lost else 'kept'} the link; "
        f"the flood took {done[0] - started:.2f} s to send"
    )
    if pipe.dropped_at is not None:
        print(f"the host dropped the flooded connection {pipe.dropped_at - started:.2f} s in")
        return
    print(
        f"the host hears the guest again {back - started:.2f} s after the flood began, "
        f"{back - done[0]:.2f} s after its last byte"
    )


if __name__ == "__main__":
    main()
