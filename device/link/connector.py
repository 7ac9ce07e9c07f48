"""Opening a linked game from the app's "Link cable" choice.

``CableConnector.open`` resumes the unfinished game its store holds if there
is one (under the rules it was played with), otherwise starts a new one as
host or guest under the rules the player chose, and waits (up to
``agree_within`` seconds) until both devices agree on the game, so the app
gets a session whose seed and colours are known.  The store (the app's
journal of the game) keeps every change; the session writes nothing itself.
Whatever fails is a ``LinkSetupError`` naming the problem in the player's
terms; the system's own words stay in its text, for the log.

The port is opened by the ``TransportOpener`` the wiring hands in
(``drivers.link.transport.open_transport``): the app never imports a driver.
"""

import errno
import random
import threading
import time
from collections.abc import Callable
from typing import Protocol

from device.link.events import LinkProblem, LinkSetupError, LinkStateName
from device.link.frames import MAX_FRAME, is_hello
from device.link.game import LinkGameStore, Role
from device.link.history import LinkGameError
from device.link.interface import LinkCable, LinkConnector
from device.link.session import LinkSession, Timing, Transport
from engine.rules import STANDARD, Rules

PORT_PROBLEMS = {
    errno.EADDRINUSE: LinkProblem.PORT_IN_USE,
    errno.EBUSY: LinkProblem.PORT_IN_USE,
    errno.EAGAIN: LinkProblem.PORT_IN_USE,
    errno.ENOENT: LinkProblem.NO_PORT,
    errno.ENODEV: LinkProblem.NO_PORT,
    errno.ENXIO: LinkProblem.NO_PORT,
}
"""A port that cannot be opened, by the system's reason (anything else: PORT_FAILED).
A serial port another program holds fails its exclusive lock with EAGAIN."""


class TransportOpener(Protocol):
    """Opens the port ``url`` names as a transport of the link's packets.

    ``silence``: seconds without a word after which the peer counts as gone;
    ``is_greeting`` tells a HELLO from any other packet (a listening socket
    serves only a caller that said one); no packet is longer than ``max_packet``.
    Raises OSError (its errno says why) or ValueError (a malformed URL) when the
    port cannot be opened.
    """

    def __call__(
        self, url: str, *, silence: float, is_greeting: Callable[[bytes], bool], max_packet: int
    ) -> Transport: ...


class CableConnector:
    def __init__(
        self,
        url: str,
        role: Role,
        store: LinkGameStore,
        colour: int,
        open_transport: TransportOpener,
        rules: Rules = STANDARD,
        agree_within: float = 30.0,
    ) -> None:
        """``colour``: the host's, in a new game; ``rules``: those of a new game (a saved
        game goes on under its own)."""
        self.url = url
        self.open_transport = open_transport
        self.role = role
        self.store = store
        self.colour = colour
        self.rules = rules
        self.agree_within = agree_within
        self._cancelled = threading.Event()

    def cancel(self) -> None:
        """Stop a waiting ``open`` (from another thread): it closes the port and raises."""
        self._cancelled.set()

    def open(self) -> LinkSession:
        try:
            transport = self.open_transport(
                self.url,
                silence=Timing().link_timeout,
                is_greeting=is_hello,
                max_packet=MAX_FRAME,
            )
        except OSError as error:
            problem = PORT_PROBLEMS.get(error.errno or 0, LinkProblem.PORT_FAILED)
            raise LinkSetupError(problem, f"cannot open {self.url}: {error}") from None
        except ValueError as error:
            raise LinkSetupError(LinkProblem.PORT_FAILED, f"{self.url}: {error}") from None
        try:
            session = self._unfinished_saved_game(transport) or self._new_game(transport)
        except OSError as error:
            transport.close()
            raise LinkSetupError(LinkProblem.NOT_SAVED, f"cannot save: {error}") from None
        self._wait_for_agreement(session)
        return session

    def _unfinished_saved_game(self, transport: Transport) -> LinkSession | None:
        saved = self.store.load()
        if saved is None:
            return None
        try:
            session = LinkSession.resume(transport, saved, self.store.save)
        except LinkGameError:
            return None
        return None if session.position.is_over() else session

    def _new_game(self, transport: Transport) -> LinkSession:
        if self.role == Role.HOST:
            seed = random.SystemRandom().randrange(2**31)
            return LinkSession.host(transport, seed, self.colour, self.store.save, rules=self.rules)
        return LinkSession.guest(transport, self.store.save, rules=self.rules)

    def _wait_for_agreement(self, session: LinkSession) -> None:
        deadline = time.monotonic() + self.agree_within
        while session.game is None or session.state.name == LinkStateName.CONNECTING:
            try:
                session.poll()
            except OSError as error:  # the store could not keep the agreed game
                session.close()
                raise LinkSetupError(LinkProblem.NOT_SAVED, f"cannot save: {error}") from None
            if session.state.name == LinkStateName.ERROR:
                session.close()
                problem = session.state.problem or LinkProblem.FAILED
                raise LinkSetupError(problem, f"the linked game stopped: {problem.name}")
            if self._cancelled.is_set():
                session.close()
                raise LinkSetupError(LinkProblem.CANCELLED, "cancelled")
            if time.monotonic() > deadline:
                session.close()
                raise LinkSetupError(LinkProblem.NO_ANSWER, f"no answer on {self.url}")
            time.sleep(0.01)


def cable(open_transport: TransportOpener) -> LinkCable:
    """The app's ``LinkCable``: connectors that open their ports with ``open_transport``."""

    def connector(
        port: str, role: Role, store: LinkGameStore, colour: int, rules: Rules = STANDARD
    ) -> LinkConnector:
        return CableConnector(port, role, store, colour, open_transport, rules)

    return connector
