"""A fault-injecting cable between two link endpoints, for tests and benchmarks.

``FaultyCable`` joins two in-memory ``CableEnd`` transports.  Every chunk a
side writes may be dropped, duplicated, corrupted, truncated, preceded by a
garbage burst or delayed (delays keep byte order, as a real UART does), and
the whole cable may be unplugged for a while, losing what was in flight.
Time is whatever the caller passes to ``step``, so runs are fast and
reproducible.
"""

import contextlib
import os
import random
import tty
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from device.link.frames import MAX_FRAME, Frame, FrameError, decode_frame, encode_frame
from drivers.serial_packets.packets import PacketDecoder, encode_packet


@dataclass(frozen=True)
class FaultPlan:
    """Probability of each fault per chunk written (unplug: per step)."""

    drop: float = 0.0
    duplicate: float = 0.0
    corrupt: float = 0.0
    truncate: float = 0.0
    garbage: float = 0.0
    delay: float = 0.0
    max_delay: float = 1.0
    unplug: float = 0.0
    max_unplugged: float = 5.0

    @classmethod
    def random(cls, rng: random.Random) -> "FaultPlan":
        """A random schedule, from a clean cable to a very bad one."""
        return cls(
            drop=rng.choice([0.0, 0.05, 0.3]),
            duplicate=rng.choice([0.0, 0.1]),
            corrupt=rng.choice([0.0, 0.1]),
            truncate=rng.choice([0.0, 0.05]),
            garbage=rng.choice([0.0, 0.05]),
            delay=rng.choice([0.0, 0.1]),
            unplug=rng.choice([0.0, 0.002]),
        )


def on_the_wire(frame: Frame) -> bytes:
    """The bytes a device writes for ``frame``: its packet, COBS-encoded and delimited."""
    return encode_packet(encode_frame(frame))


def frames_on_the_wire(data: bytes) -> list[Frame]:
    """The valid frames in ``data``, as a receiving device reads them."""
    frames: list[Frame] = []
    for packet in PacketDecoder(MAX_FRAME).feed(data):
        with contextlib.suppress(FrameError):
            frames.append(decode_frame(packet))
    return frames


class CableEnd:
    """One end of the cable; implements device.link.session.Transport.

    ``inbox`` holds the bytes that reached this end, ``outbox`` the chunks it
    wrote (one per packet, COBS-encoded and delimited as a serial port sends it).
    """

    def __init__(self) -> None:
        self.inbox = bytearray()
        self.outbox: list[bytes] = []
        self.openings = 1
        self._packets = PacketDecoder(MAX_FRAME)

    @property
    def rejected(self) -> int:
        return self._packets.rejected

    def read(self) -> list[bytes]:
        if not self.inbox:
            return []
        data = bytes(self.inbox)
        self.inbox.clear()
        return self._packets.feed(data)

    def write(self, packet: bytes) -> None:
        self.outbox.append(encode_packet(packet))

    def heard_from_peer(self) -> None:
        """Nothing to choose: a cable has one other end."""

    def close(self) -> None:
        self.outbox.clear()

    def reopen(self) -> None:
        """The device restarted: nothing of the old process is left in flight."""
        self.inbox.clear()
        self.outbox.clear()
        self._packets = PacketDecoder(MAX_FRAME)
        self.openings += 1


@dataclass
class FaultCounts:
    dropped: int = 0
    duplicated: int = 0
    corrupted: int = 0
    truncated: int = 0
    garbage_bursts: int = 0
    delayed: int = 0
    unplugs: int = 0


class FaultyCable:
    def __init__(self, rng: random.Random, plan: FaultPlan) -> None:
        self.ends = (CableEnd(), CableEnd())
        self._rng = rng
        self._plan = plan
        self._in_flight: tuple[deque[tuple[float, bytes]], deque[tuple[float, bytes]]] = (
            deque(),
            deque(),
        )
        self._plugged_in_at = 0.0
        self.faults = FaultCounts()

    def step(self, now: float) -> None:
        """Move bytes along the cable up to time ``now``."""
        if now < self._plugged_in_at:
            for end in self.ends:
                end.outbox.clear()
            return
        if self._plan.unplug and self._rng.random() < self._plan.unplug:
            self._unplug(now)
            return
        for index, end in enumerate(self.ends):
            queue = self._in_flight[index]
            for chunk in end.outbox:
                self._send(queue, chunk, now)
            end.outbox.clear()
            receiver = self.ends[1 - index]
            while queue and queue[0][0] <= now:
                receiver.inbox += queue.popleft()[1]

    def _unplug(self, now: float) -> None:
        self.faults.unplugs += 1
        self._plugged_in_at = now + self._rng.uniform(0.1, self._plan.max_unplugged)
        for end, queue in zip(self.ends, self._in_flight, strict=True):
            queue.clear()
            end.outbox.clear()
            end.openings += 1
        if self._rng.random() < 0.5:
            # Pulled mid-frame: the receiver keeps half a frame.
            self.ends[0].inbox += bytes(self._rng.randrange(1, 256) for _ in range(5))

    def _send(self, queue: deque[tuple[float, bytes]], chunk: bytes, now: float) -> None:
        plan, rng, faults = self._plan, self._rng, self.faults
        if rng.random() < plan.drop:
            faults.dropped += 1
            return
        if rng.random() < plan.corrupt:
            faults.corrupted += 1
            damaged = bytearray(chunk)
            for _ in range(rng.randint(1, 3)):
                damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
            chunk = bytes(damaged)
        if rng.random() < plan.truncate:
            faults.truncated += 1
            chunk = chunk[: rng.randrange(len(chunk))]
        if rng.random() < plan.garbage:
            faults.garbage_bursts += 1
            chunk = rng.randbytes(rng.randrange(1, 300)) + chunk
        when = queue[-1][0] if queue else now
        if rng.random() < plan.delay:
            faults.delayed += 1
            when = max(when, now + rng.uniform(0, plan.max_delay))
        copies = 2 if rng.random() < plan.duplicate else 1
        faults.duplicated += copies - 1
        for _ in range(copies):
            queue.append((when, chunk))


class PtyCable:
    """Two pseudo-terminals joined through a FaultyCable, unpluggable for real.

    Each device opens its stable name (``paths``: symlinks, as udev makes
    under /dev/serial/by-id).  ``unplug`` closes both pty masters, so a reader
    gets pyserial's "device disconnected" error; ``plug_in`` makes fresh ptys
    and points the names at them.  Call ``pump`` regularly to move bytes.
    """

    def __init__(self, directory: Path, rng: random.Random, plan: FaultPlan) -> None:
        self.cable = FaultyCable(rng, plan)
        self.paths = (directory / "link-a", directory / "link-b")
        self._fds: list[tuple[int, int]] = []
        self.plug_in()

    def plug_in(self) -> None:
        for path in self.paths:
            master, slave = os.openpty()
            tty.setraw(slave)
            os.set_blocking(master, False)
            temporary = path.with_suffix(".new")
            temporary.unlink(missing_ok=True)
            temporary.symlink_to(os.ttyname(slave))
            temporary.replace(path)
            self._fds.append((master, slave))

    def unplug(self) -> None:
        for master, slave in self._fds:
            os.close(master)
            os.close(slave)
        self._fds.clear()
        for end in self.cable.ends:
            end.inbox.clear()
            end.outbox.clear()

    def pump(self, now: float) -> None:
        if not self._fds:
            return
        for (master, _), end in zip(self._fds, self.cable.ends, strict=True):
            with contextlib.suppress(BlockingIOError):
                end.outbox.append(os.read(master, 4096))
        self.cable.step(now)
        for (master, _), end in zip(self._fds, self.cable.ends, strict=True):
            if end.inbox:
                os.write(master, end.inbox)
                end.inbox.clear()

    def close(self) -> None:
        self.unplug()
        for path in self.paths:
            path.unlink(missing_ok=True)
