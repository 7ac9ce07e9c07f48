"""Starting and resuming a linked game from the app's menu, with the store it is kept in."""

import socket
import threading
import time

import pytest

from device.link.connector import CableConnector
from device.link.events import LinkProblem, LinkSetupError
from device.link.game import LinkGame, Role
from device.link.session import LinkSession
from drivers.link.transport import open_transport
from engine.notation import format_move


class MemoryStore:
    """The app's journal as the connector sees it: the last game handed over."""

    def __init__(self) -> None:
        self.game: LinkGame | None = None

    def load(self) -> LinkGame | None:
        return None if self.game is None else self.game.copy()

    def save(self, game: LinkGame) -> None:
        self.game = game.copy()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def open_both(host: CableConnector, guest: CableConnector) -> tuple[LinkSession, LinkSession]:
    """Open both ends; the guest keeps polling (as the app does every frame) until the host
    agrees too, since the host may need the guest's last answer."""
    opened: dict[str, LinkSession] = {}
    thread = threading.Thread(target=lambda: opened.update(host=host.open()))
    thread.start()
    opened["guest"] = guest.open()
    deadline = time.monotonic() + 10
    while thread.is_alive() and time.monotonic() < deadline:
        opened["guest"].poll()
        thread.join(timeout=0.01)
    return opened["host"], opened["guest"]


def test_host_and_guest_agree_save_and_resume_the_same_game() -> None:
    port = free_port()
    guest_store = MemoryStore()
    host = CableConnector(f"listen://127.0.0.1:{port}", Role.HOST, MemoryStore(), 1, open_transport)
    guest = CableConnector(f"socket://127.0.0.1:{port}", Role.GUEST, guest_store, 0, open_transport)
    a, b = open_both(host, guest)
    try:
        assert a.seed == b.seed and (a.local_colour, b.local_colour) == (1, 0)
        b.send_move(1, format_move(b.position.legal_moves()[0]))
        saved = guest_store.load()
        assert saved is not None and len(saved.moves) == 1
    finally:
        a.close()
        b.close()
    a, b = open_both(host, guest)
    try:
        assert a.game is not None and b.game is not None
        assert a.game.game_id == saved.game_id == b.game.game_id
        assert b.game.moves == saved.moves
    finally:
        a.close()
        b.close()


def test_no_answer_gives_a_message_for_the_player() -> None:
    url = f"socket://127.0.0.1:{free_port()}"
    lonely = CableConnector(url, Role.GUEST, MemoryStore(), 0, open_transport, agree_within=0.3)
    with pytest.raises(LinkSetupError) as failure:
        lonely.open()
    assert failure.value.problem is LinkProblem.NO_ANSWER


def test_cancel_stops_a_waiting_host_and_frees_its_port() -> None:
    url = f"listen://127.0.0.1:{free_port()}"
    host = CableConnector(url, Role.HOST, MemoryStore(), 0, open_transport)
    failures: list[LinkProblem] = []

    def wait_for_a_guest() -> None:
        try:
            host.open()
        except LinkSetupError as error:
            failures.append(error.problem)

    thread = threading.Thread(target=wait_for_a_guest)
    thread.start()
    host.cancel()
    thread.join(timeout=5)
    assert not thread.is_alive() and failures == [LinkProblem.CANCELLED]
    again = CableConnector(url, Role.HOST, MemoryStore(), 0, open_transport, agree_within=0.2)
    with pytest.raises(LinkSetupError) as failure:
        again.open()  # the port opens again: no "address already in use"
    assert failure.value.problem is LinkProblem.NO_ANSWER
