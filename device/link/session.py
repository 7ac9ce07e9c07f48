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

from device.link.events import (
    LinkEvent,
    LinkProblem,
    LinkState,
    LinkStateName,
    PeerMove,
    StateChanged,
)
from device.link.frames import PROTOCOL_VERSION, Frame, FrameError, Kind, decode_frame, encode_frame
from device.link.game import LinkGame, Role
from device.link.history import History, IllegalPly
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
from device.link.rules import PLAYABLE, rules_problem
from engine.position import Position
from engine.rules import STANDARD, Rules

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
SAME_ROLE = {Role.HOST: LinkProblem.BOTH_HOSTS, Role.GUEST: LinkProblem.BOTH_GUESTS}


class LinkSession:
    """The app's side of one linked game (it matches ``device.link.interface.LinkSession``).

    Create it with ``host`` (draws the game), ``guest`` (adopts the host's
    game, if it is played under the same ``rules``) or ``resume`` (a saved
    LinkGame, with its own rules).  ``save`` is called with the
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
        rules: Rules = STANDARD,
    ) -> None:
        self._transport = transport
        self._role = role
        self._rules = game.rules if game else rules
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
        rules: Rules = STANDARD,
    ) -> "LinkSession":
        """Start a new game under ``rules``: this device plays ``colour``; the guest gets
        the other."""
        game_id = random.SystemRandom().randrange(1, 2**32)
        game = LinkGame(game_id, seed, colour, Role.HOST, rules=rules)
        save(game)
        return cls(transport, game, Role.HOST, save, clock, timing)

    @classmethod
    def guest(
        cls,
        transport: Transport,
        save: SaveHook,
        clock: Callable[[], float] = time.monotonic,
        timing: Timing | None = None,
        rules: Rules = STANDARD,
    ) -> "LinkSession":
        """Join the game the host on the other end proposes, if it plays ``rules``."""
        return cls(transport, None, Role.GUEST, save, clock, timing, rules)

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
    def rules(self) -> Rules:
        """The rules of the game (a guest's before it has one: the rules it will join)."""
        return self._rules

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
            raise LinkUsageError(f"the linked game has stopped: {self._state.problem}")
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
                LinkProblem.UPDATE_BOTH,
                f"the other device speaks link protocol {frame.version}, this one "
                f"{PROTOCOL_VERSION}",
            )
            return
        try:
            if frame.kind == Kind.HELLO:
                self._on_hello(frame, read_hello(frame), now)
            elif frame.kind == Kind.ERROR and self._stops_here(frame):
                problem, text = read_error(frame)
                log.error("the other device stopped the game: %s", text)
                self._set_state(LinkStateName.ERROR, problem)
            elif self._history is None or frame.game_id != self._history.game.game_id:
                self._ignore(frame, "it is not for this game")
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

    def _stops_here(self, frame: Frame) -> bool:
        """Whether an ERROR stops this device: one of its game, or any before a guest
        has a game (the host it calls has stopped, maybe over the guest's own HELLO)."""
        return self._history is None or frame.game_id == self._history.game.game_id

    def _on_hello(self, frame: Frame, hello: Hello, now: float) -> None:
        problem = rules_problem(self._rules, hello.rules, hello.known)
        if problem is not None:
            if not hello.answer:  # the other device then judges the same, in its own words
                self._send_hello(answer=True)
            self._fail(problem, f"the other device plays {hello.rules}, this one {self._rules.id}")
            return
        if hello.role == self._role:
            self._fail(SAME_ROLE[self._role], f"both devices are the {self._role}")
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
            self._fail(LinkProblem.OTHER_GAME, f"the other device plays game {frame.game_id:08x}")
            return
        if hello.seed != game.seed or hello.colour == game.local_colour:
            self._fail(LinkProblem.DISAGREE, "the devices disagree about the game's setup")
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
        game = LinkGame(game_id, hello.seed, 1 - hello.colour, Role.GUEST, rules=self._rules)
        self._history = History(game)
        self._save(game)
        log.info("joined game %08x, seed %d, colour %d", game_id, game.seed, game.local_colour)

    def _on_move(self, history: History, ply: int, chain: int, text: str) -> None:
        if ply == 0:
            raise FrameError("MOVE numbered 0")
        if ply <= history.plies:
            if history.game.moves[ply - 1] != text or history.chains[ply] != chain:
                self._fail(LinkProblem.DISAGREE, f"the devices disagree about ply {ply}")
                return
            self._send(ack_frame(history.game.game_id, ply, history.keys[ply], chain))
            return
        if ply > history.plies + 1:
            self._send_status(Kind.RESYNC, history)
            return
        if history.position.side == history.game.local_colour:
            self._fail(
                LinkProblem.DISAGREE, f"the other device played {text} out of turn (ply {ply})"
            )
            return
        try:
            move = history.parse(text)
        except IllegalPly as error:
            self._fail(
                LinkProblem.DISAGREE, f"the other device sent an illegal move at ply {ply}: {error}"
            )
            return
        if history.chain_after(text) != chain:
            self._fail(LinkProblem.DISAGREE, f"the devices' move histories differ at ply {ply}")
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
            self._fail(
                LinkProblem.DISAGREE, f"the devices disagree about the position after ply {ply}"
            )
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
            self._fail(LinkProblem.DISAGREE, f"the devices' move histories differ (at ply {plies})")
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
            self._set_state(LinkStateName.LOST)
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
        rules = self._rules.id
        also = tuple(other for other in PLAYABLE if other != rules)
        if self._history is None:
            hello = Hello(self._role, answer, 0, 0, 0, rules, also)
            self._send(hello_frame(0, 0, hello))
            return
        history = self._history
        game = history.game
        chain = history.chains[-1]
        hello = Hello(self._role, answer, game.seed, game.local_colour, chain, rules, also)
        self._send(hello_frame(game.game_id, history.plies, hello))

    def _send_status(self, kind: Kind, history: History) -> None:
        """A PING or RESYNC: how many plies this device holds, and their hash."""
        self._send(hash_frame(kind, history.game.game_id, history.plies, history.chains[-1]))

    def _fail(self, problem: LinkProblem, detail: str) -> None:
        """Stop the game: desync is never merged, the player is told why (the detail goes
        to the log and, after the problem's name, to the other device)."""
        log.error("link game stopped: %s", detail)
        game_id = self._history.game.game_id if self._history else 0
        plies = self._history.plies if self._history else 0
        self._send(error_frame(game_id, plies, problem, detail))
        self._set_state(LinkStateName.ERROR, problem)

    def _repeat_error(self, now: float) -> None:
        """Tell a peer that keeps talking that the game stopped (once a second at most)."""
        if now < self._next_error:
            return
        self._next_error = now + self._timing.ping_every
        game_id = self._history.game.game_id if self._history else 0
        self._send(error_frame(game_id, 0, self._state.problem or LinkProblem.FAILED))

    def _set_state(self, name: LinkStateName, problem: LinkProblem | None = None) -> None:
        self._state = LinkState(name, problem)
        self._events.append(StateChanged(self._state))

    def _agreed(self) -> History:
        if self._history is None:
            raise LinkUsageError("no game agreed yet: wait for the link to come up")
        return self._history
