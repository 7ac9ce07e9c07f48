"""One linked game: the protocol state machine of docs/link-protocol.md.

The session never blocks and never raises for anything the cable does: the
app calls ``poll`` every frame, gets the peer's moves and link-state changes,
and calls ``send_move`` for its own moves.  Time comes from an injectable
clock so tests can run thousands of games in simulated time.
"""

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from device.link.events import LinkEvent, LinkState, LinkStateName, PeerMove, StateChanged
from device.link.frames import PROTOCOL_VERSION, Frame, FrameError, Kind, decode_frame, encode_frame
from device.link.game import LinkGame, Role
from device.link.history import RULES_VERSION, History, IllegalPly
from device.link.messages import (
    Hello,
    ack_frame,
    error_frame,
    hash_frame,
    hello_frame,
    move_frame,
    read_ack,
    read_error,
    read_hash,
    read_hello,
    read_move,
)
from engine.position import Position

log = logging.getLogger(__name__)


class Transport(Protocol):
    """A packet pipe that may come and go (the wiring hands one in:
    ``drivers.link.transport``); it frames each packet on the wire (COBS, then 0x00)."""

    @property
    def openings(self) -> int:
        """How many times the pipe has (re)opened; a change means "say HELLO now"."""
        ...

    @property
    def rejected(self) -> int:
        """Damaged runs of bytes dropped so far (too long for a packet, or not COBS)."""
        ...

    def read(self) -> list[bytes]:
        """The packets that arrived whole, oldest first; never blocks, never raises."""
        ...

    def write(self, packet: bytes) -> None:
        """Send one packet, or drop it silently while the pipe is down; never raises."""
        ...

    def heard_from_peer(self) -> None:
        """What was read held a valid frame of this game: the peer is the right one
        (a pipe that can choose among peers keeps this one)."""
        ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Timing:
    """Protocol timers in seconds."""

    hello_every: float = 0.5
    ping_every: float = 1.0
    link_timeout: float = 3.0
    first_retry: float = 0.3
    max_retry: float = 2.0
    resend_window: int = 4
    """Most unacknowledged moves sent in one burst (grace moves come in threes)."""


class LinkUsageError(ValueError):
    """The app asked for something the linked game does not allow (a bug in the app)."""


@dataclass
class LinkStats:
    frames_sent: int = 0
    frames_received: int = 0
    rejected: int = 0
    """Frames dropped as damaged (bad COBS or CRC, too long, malformed)."""
    ignored: int = 0
    """Valid frames that changed nothing (foreign game, no game yet, ...)."""
    resent: int = 0


SaveHook = Callable[[LinkGame], None]
LOST_MESSAGE = "Link lost: waiting for the other device"


class LinkSession:
    """The app's side of one linked game (it matches ``device.link.interface.LinkSession``).

    Create it with ``host`` (draws the game), ``guest`` (adopts the host's
    game) or ``resume`` (a saved LinkGame).  ``save`` is called with the
    LinkGame each time it changes, before the change is sent or acknowledged:
    the device must store it durably before it returns (OSError when it
    cannot: a received move is then neither kept nor acknowledged).
    """

    def __init__(
        self,
        transport: Transport,
        game: LinkGame | None,
        role: Role,
        save: SaveHook,
        clock: Callable[[], float] = time.monotonic,
        timing: Timing | None = None,
    ) -> None:
        self._transport = transport
        self._role = role
        self._save = save
        self._clock = clock
        self._timing = timing or Timing()
        self._damaged = 0
        self._history = History(game) if game else None
        self._state = LinkState(LinkStateName.CONNECTING)
        self._events: list[LinkEvent] = []
        self._openings = -1
        self._peer_plies = 0
        now = clock()
        self._last_heard = now
        self._next_hello = now
        self._next_ping = now
        self._next_resend = now
        self._retry = self._timing.first_retry
        self._next_error = now
        self.stats = LinkStats()

    # ----------------------------------------------------------- creation

    @classmethod
    def host(
        cls,
        transport: Transport,
        seed: int,
        colour: int,
        save: SaveHook,
        clock: Callable[[], float] = time.monotonic,
        timing: Timing | None = None,
    ) -> "LinkSession":
        """Start a new game: this device plays ``colour``; the guest gets the other."""
        game_id = random.SystemRandom().randrange(1, 2**32)
        game = LinkGame(game_id=game_id, seed=seed, local_colour=colour, role=Role.HOST)
        save(game)
        return cls(transport, game, Role.HOST, save, clock, timing)

    @classmethod
    def guest(
        cls,
        transport: Transport,
        save: SaveHook,
        clock: Callable[[], float] = time.monotonic,
        timing: Timing | None = None,
    ) -> "LinkSession":
        """Join whatever game the host on the other end proposes."""
        return cls(transport, None, Role.GUEST, save, clock, timing)

    @classmethod
    def resume(
        cls,
        transport: Transport,
        game: LinkGame,
        save: SaveHook,
        clock: Callable[[], float] = time.monotonic,
        timing: Timing | None = None,
    ) -> "LinkSession":
        """Carry on a saved game with the same peer."""
        return cls(transport, game, game.role, save, clock, timing)

    # ------------------------------------------------------ the app's side

    @property
    def state(self) -> LinkState:
        return self._state

    @property
    def game(self) -> LinkGame | None:
        """The agreed game, None until a guest has heard from its host."""
        return self._history.game if self._history else None

    @property
    def local_colour(self) -> int:
        return self._agreed().game.local_colour

    @property
    def seed(self) -> int:
        return self._agreed().game.seed

    @property
    def position(self) -> Position:
        """The game's current position (read it, never change it)."""
        return self._agreed().position

    @property
    def chain(self) -> int:
        """The hash of the whole move history so far (0 before a game is agreed)."""
        return self._history.chains[-1] if self._history else 0

    @property
    def peer_plies(self) -> int:
        """How many plies the peer is known to hold."""
        return self._peer_plies

    def send_move(self, ply: int, move_text: str) -> None:
        """Play the local player's move as ply ``ply`` (saved, then sent until acknowledged)."""
        history = self._agreed()
        if self._state.name == LinkStateName.ERROR:
            raise LinkUsageError("the linked game has stopped: " + self._state.message)
        if ply != history.plies + 1:
            raise LinkUsageError(f"ply {ply} is not the next ply ({history.plies + 1})")
        if history.position.side != history.game.local_colour:
            raise LinkUsageError("it is the other device's turn")
        try:
            move = history.parse(move_text)
        except IllegalPly as error:
            raise LinkUsageError(str(error)) from None
        history.append(move_text, move)
        self._save(history.game)
        self._retry = self._timing.first_retry
        self._next_resend = self._clock()
        self._resend(self._clock())

    def poll(self) -> list[LinkEvent]:
        now = self._clock()
        if self._transport.openings != self._openings:
            self._openings = self._transport.openings
            self._send_hello(answer=False)
            self._next_hello = now + self._timing.hello_every
        for packet in self._transport.read():
            try:
                frame = decode_frame(packet)
            except FrameError:
                self._damaged += 1
                continue
            self._receive(frame, now)
        self.stats.rejected = self._transport.rejected + self._damaged
        self._run_timers(now)
        events, self._events = self._events, []
        return events

    def close(self) -> None:
        self._transport.close()

    # ---------------------------------------------------------- receiving

    def _receive(self, frame: Frame, now: float) -> None:
        self.stats.frames_received += 1
        if self._state.name == LinkStateName.ERROR:
            self._repeat_error(now)
        else:
            self._handle(frame, now)
        if self._history is not None and frame.game_id == self._history.game.game_id:
            self._transport.heard_from_peer()

    def _handle(self, frame: Frame, now: float) -> None:
        if frame.version != PROTOCOL_VERSION:
            self._fail(
                f"The other device speaks link protocol {frame.version}, this one "
                f"{PROTOCOL_VERSION}: update both devices."
            )
            return
        try:
            if frame.kind == Kind.HELLO:
                self._on_hello(frame, read_hello(frame), now)
            elif self._history is None or frame.game_id != self._history.game.game_id:
                self._ignore(frame, "it is not for this game")
            elif frame.kind == Kind.ERROR:
                self._set_state(
                    LinkStateName.ERROR, "The other device stopped the game: " + read_error(frame)
                )
            else:
                self._last_heard = now
                self._on_game_frame(self._history, frame, now)
        except FrameError as error:
            self._ignore(frame, str(error))

    def _on_game_frame(self, history: History, frame: Frame, now: float) -> None:
        if frame.kind == Kind.MOVE:
            chain, text = read_move(frame)
            self._on_move(history, frame.ply, chain, text)
        elif frame.kind == Kind.ACK:
            key, chain = read_ack(frame)
            self._on_ack(history, frame.ply, key, chain, now)
        elif frame.kind == Kind.RESYNC:
            if self._check_chain(history, frame.ply, read_hash(frame)):
                self._peer_plies = frame.ply
                self._next_resend = now
        elif frame.kind == Kind.PING and self._check_chain(history, frame.ply, read_hash(frame)):
            self._peer_plies = max(self._peer_plies, frame.ply)

    def _on_hello(self, frame: Frame, hello: Hello, now: float) -> None:
        if hello.rules != RULES_VERSION:
            self._fail(
                f"The other device plays rules version {hello.rules}, this one "
                f"{RULES_VERSION}: update both devices."
            )
            return
        if hello.role == self._role:
            self._fail(f"Both devices are set up as {self._role}: make one the host.")
            return
        if self._history is None:
            if frame.game_id == 0:
                self._ignore(frame, "neither device has a game")
                return
            self._adopt(frame.game_id, hello)
        if frame.game_id == 0:
            self._send_hello(answer=True)
            return
        history = self._history
        assert history is not None
        game = history.game
        if frame.game_id != game.game_id:
            self._fail("The other device is playing a different game.")
            return
        if hello.seed != game.seed or hello.colour == game.local_colour:
            self._fail("The devices disagree about the game's setup.")
            return
        if not self._check_chain(history, frame.ply, hello.chain):
            return
        self._peer_plies = min(frame.ply, history.plies)
        self._next_resend = now
        self._last_heard = now
        if not hello.answer:
            self._send_hello(answer=True)
        if self._state.name != LinkStateName.LINKED:
            self._set_state(LinkStateName.LINKED)

    def _adopt(self, game_id: int, hello: Hello) -> None:
        game = LinkGame(game_id, hello.seed, 1 - hello.colour, Role.GUEST)
        self._history = History(game)
        self._save(game)
        log.info("joined game %08x, seed %d, colour %d", game_id, game.seed, game.local_colour)

    def _on_move(self, history: History, ply: int, chain: int, text: str) -> None:
        if ply == 0:
            raise FrameError("MOVE numbered 0")
        if ply <= history.plies:
            if history.game.moves[ply - 1] != text or history.chains[ply] != chain:
                self._fail(f"The devices disagree about ply {ply}.")
                return
            self._send(ack_frame(history.game.game_id, ply, history.keys[ply], chain))
            return
        if ply > history.plies + 1:
            self._send_status(Kind.RESYNC, history)
            return
        if history.position.side == history.game.local_colour:
            self._fail(f"The other device played {text} out of turn (ply {ply}).")
            return
        try:
            move = history.parse(text)
        except IllegalPly as error:
            self._fail(f"The other device sent an illegal move at ply {ply}: {error}")
            return
        if history.chain_after(text) != chain:
            self._fail(f"The devices' move histories differ at ply {ply}.")
            return
        stored = history.game.copy()
        stored.moves.append(text)
        self._save(stored)  # OSError: nothing is kept or acknowledged; the peer sends it again
        history.append(text, move)
        self._events.append(PeerMove(ply, text, move))
        self._peer_plies = max(self._peer_plies, ply)
        self._send(ack_frame(history.game.game_id, ply, history.keys[ply], chain))

    def _on_ack(self, history: History, ply: int, key: int, chain: int, now: float) -> None:
        if ply > history.plies or history.keys[ply] != key or history.chains[ply] != chain:
            self._fail(f"The devices disagree about the position after ply {ply}.")
            return
        if ply > self._peer_plies:
            self._peer_plies = ply
            self._retry = self._timing.first_retry
            self._next_resend = now

    def _check_chain(self, history: History, plies: int, chain: int) -> bool:
        """Compare the peer's history hash with ours; behind us it must match exactly."""
        if plies > history.plies:
            self._send_status(Kind.RESYNC, history)
            return True
        if history.chains[plies] != chain:
            self._fail(f"The devices' move histories differ (at ply {plies}).")
            return False
        return True

    def _ignore(self, frame: Frame, reason: str) -> None:
        self.stats.ignored += 1
        log.info("ignored a %s frame for game %08x: %s", frame.kind.name, frame.game_id, reason)

    # ------------------------------------------------------------- timers

    def _run_timers(self, now: float) -> None:
        name = self._state.name
        if name == LinkStateName.ERROR:
            return
        if name == LinkStateName.LINKED and now - self._last_heard > self._timing.link_timeout:
            self._set_state(LinkStateName.LOST, LOST_MESSAGE)
            name = LinkStateName.LOST
        if name != LinkStateName.LINKED:
            if now >= self._next_hello:
                self._send_hello(answer=False)
                self._next_hello = now + self._timing.hello_every
            return
        if now >= self._next_ping and self._history:
            self._send_status(Kind.PING, self._history)
            self._next_ping = now + self._timing.ping_every
        self._resend(now)

    def _resend(self, now: float) -> None:
        history = self._history
        if (
            history is None
            or self._state.name != LinkStateName.LINKED
            or self._peer_plies >= history.plies
            or now < self._next_resend
        ):
            return
        last = min(history.plies, self._peer_plies + self._timing.resend_window)
        for ply in range(self._peer_plies + 1, last + 1):
            text = history.game.moves[ply - 1]
            self._send(move_frame(history.game.game_id, ply, history.chains[ply], text))
            self.stats.resent += 1
        self._next_resend = now + self._retry
        self._retry = min(self._retry * 2, self._timing.max_retry)

    # ------------------------------------------------------------ sending

    def _send(self, frame: Frame) -> None:
        self.stats.frames_sent += 1
        self._transport.write(encode_frame(frame))

    def _send_hello(self, answer: bool) -> None:
        if self._history is None:
            hello = Hello(RULES_VERSION, self._role, answer, 0, 0, 0)
            self._send(hello_frame(0, 0, hello))
            return
        history = self._history
        game = history.game
        chain = history.chains[-1]
        hello = Hello(RULES_VERSION, self._role, answer, game.seed, game.local_colour, chain)
        self._send(hello_frame(game.game_id, history.plies, hello))

    def _send_status(self, kind: Kind, history: History) -> None:
        """A PING or RESYNC: how many plies this device holds, and their hash."""
        self._send(hash_frame(kind, history.game.game_id, history.plies, history.chains[-1]))

    def _fail(self, message: str) -> None:
        """Stop the game: desync is never merged, the player is told why."""
        log.error("link game stopped: %s", message)
        game_id = self._history.game.game_id if self._history else 0
        plies = self._history.plies if self._history else 0
        self._send(error_frame(game_id, plies, message))
        self._set_state(LinkStateName.ERROR, message)

    def _repeat_error(self, now: float) -> None:
        """Tell a peer that keeps talking that the game stopped (once a second at most)."""
        if now < self._next_error:
            return
        self._next_error = now + self._timing.ping_every
        game_id = self._history.game.game_id if self._history else 0
        self._send(error_frame(game_id, 0, self._state.message))

    def _set_state(self, name: LinkStateName, message: str = "") -> None:
        self._state = LinkState(name, message)
        self._events.append(StateChanged(self._state))

    def _agreed(self) -> History:
        if self._history is None:
            raise LinkUsageError("no game agreed yet: wait for the link to come up")
        return self._history
