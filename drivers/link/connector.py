"""Opening a linked game from the app's "Link cable" choice, with its save file.

``CableConnector.open`` resumes the game saved in ``save_path`` if there is
one, otherwise starts a new one as host or guest, and waits (up to
``agree_within`` seconds) until both devices agree on the game, so the app
gets a session whose seed and colours are known.
"""

import os
import random
import threading
import time
from pathlib import Path

from drivers.link.history import LinkGame, LinkGameError
from drivers.link.session import LinkSession, Transport
from drivers.link.transport import open_transport
from ports.link import LinkStateName, Role


class LinkSetupError(RuntimeError):
    """The linked game could not start; the message is for the player."""


def save_atomically(path: Path, text: str) -> None:
    """Write, flush to the card, then replace: a crash leaves the old or the new file."""
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)
    directory = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


class CableConnector:
    def __init__(
        self, url: str, role: str, save_path: Path, colour: int = 0, agree_within: float = 30.0
    ) -> None:
        self.url = url
        self.role = role
        self.save_path = save_path
        self.colour = colour
        self.agree_within = agree_within
        self._cancelled = threading.Event()

    def cancel(self) -> None:
        """Stop a waiting ``open`` (from another thread): it closes the port and raises."""
        self._cancelled.set()

    def save(self, game: LinkGame) -> None:
        save_atomically(self.save_path, game.to_text())

    def saved_game(self) -> LinkGame | None:
        try:
            return LinkGame.from_text(self.save_path.read_text(encoding="utf-8"))
        except (FileNotFoundError, LinkGameError):
            return None

    def open(self) -> LinkSession:
        try:
            transport = open_transport(self.url)
        except (OSError, ValueError) as error:
            raise LinkSetupError(f"Cannot open the link port {self.url}: {error}") from None
        session = self._unfinished_saved_game(transport) or self._new_game(transport)
        self._wait_for_agreement(session)
        return session

    def _unfinished_saved_game(self, transport: Transport) -> LinkSession | None:
        saved = self.saved_game()
        if saved is None:
            return None
        session = LinkSession.resume(transport, saved, self.save)
        return None if session.position.is_over() else session

    def _new_game(self, transport: Transport) -> LinkSession:
        if self.role == Role.HOST:
            seed = random.SystemRandom().randrange(2**31)
            return LinkSession.host(transport, seed, self.colour, self.save)
        return LinkSession.guest(transport, self.save)

    def _wait_for_agreement(self, session: LinkSession) -> None:
        deadline = time.monotonic() + self.agree_within
        while session.game is None or session.state.name == LinkStateName.CONNECTING:
            session.poll()
            if session.state.name == LinkStateName.ERROR:
                session.close()
                raise LinkSetupError(session.state.message)
            if self._cancelled.is_set():
                session.close()
                raise LinkSetupError("Cancelled.")
            if time.monotonic() > deadline:
                session.close()
                raise LinkSetupError("The other device did not answer: check the cable.")
            time.sleep(0.01)
