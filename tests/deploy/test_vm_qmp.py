"""The QMP client against a fake QEMU on a socket pair: greeting, commands, errors, events."""

import json
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from deploy.vm.qmp import QmpClient, QmpError

GREETING = {"QMP": {"version": {"qemu": {"major": 7}}, "capabilities": []}}

Reply = Callable[[dict[str, object]], list[dict[str, object]]]
Connect = Callable[[Reply], tuple[QmpClient, list[dict[str, object]]]]


def fake_qemu(server: socket.socket, reply: Reply, received: list[dict[str, object]]) -> None:
    """Greets, then answers each command with the messages ``reply`` gives."""
    server.sendall(json.dumps(GREETING).encode() + b"\r\n")
    buffer = b""
    while True:
        chunk = server.recv(4096)
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            message = json.loads(line)
            received.append(message)
            for answer in reply(message):
                server.sendall(json.dumps(answer).encode() + b"\r\n")


@pytest.fixture
def connect() -> Iterator[Connect]:
    threads: list[threading.Thread] = []
    pairs: list[tuple[socket.socket, socket.socket]] = []

    def make(reply: Reply) -> tuple[QmpClient, list[dict[str, object]]]:
        ours, theirs = socket.socketpair()
        pairs.append((ours, theirs))
        received: list[dict[str, object]] = []
        thread = threading.Thread(target=fake_qemu, args=(theirs, reply, received), daemon=True)
        thread.start()
        threads.append(thread)
        return QmpClient(ours), received

    yield make
    for ours, _ in pairs:
        ours.close()  # the fake QEMU reads the end of the stream and returns
    for thread in threads:
        thread.join(timeout=5)
    for _, theirs in pairs:
        theirs.close()


def ok(message: dict[str, object]) -> list[dict[str, object]]:
    return [{"return": {}}]


def test_the_client_negotiates_capabilities_first(connect: Connect) -> None:
    client, received = connect(ok)
    assert received == [{"execute": "qmp_capabilities"}]
    client.close()


def test_a_command_sends_its_arguments_and_returns_qemus_answer(connect: Connect) -> None:
    def answer(message: dict[str, object]) -> list[dict[str, object]]:
        if message["execute"] == "query-status":
            return [{"return": {"status": "running", "running": True}}]
        return [{"return": {}}]

    client, received = connect(answer)
    assert client.execute("query-status") == {"status": "running", "running": True}
    client.send_key("ret", hold_ms=80)
    assert received[-1] == {
        "execute": "send-key",
        "arguments": {"keys": [{"type": "qcode", "data": "ret"}], "hold-time": 80},
    }
    client.send_key("ctrl", "alt", "f2")
    assert received[-1]["arguments"] == {
        "keys": [{"type": "qcode", "data": key} for key in ("ctrl", "alt", "f2")],
        "hold-time": 60,
    }, "keys pressed together, as a console switch needs"


def test_a_refused_command_is_an_error_naming_it(connect: Connect) -> None:
    def refuse(message: dict[str, object]) -> list[dict[str, object]]:
        if message["execute"] == "screendump":
            return [{"error": {"class": "GenericError", "desc": "no such device: panel"}}]
        return [{"return": {}}]

    client, _ = connect(refuse)
    with pytest.raises(QmpError, match="screendump: no such device: panel"):
        client.screendump(Path("/tmp/x.ppm"), "panel")


def test_events_arriving_with_an_answer_are_kept_for_wait_event(
    connect: Connect,
) -> None:
    def with_event(message: dict[str, object]) -> list[dict[str, object]]:
        if message["execute"] == "system_powerdown":
            shutdown = {"guest": True, "reason": "guest-shutdown"}
            return [
                {"event": "POWERDOWN", "data": {}},
                {"return": {}},
                {"event": "SHUTDOWN", "data": shutdown},
            ]
        return [{"return": {}}]

    client, _ = connect(with_event)
    client.execute("system_powerdown")
    assert client.wait_event("SHUTDOWN", timeout_s=5) == {
        "event": "SHUTDOWN",
        "data": {"guest": True, "reason": "guest-shutdown"},
    }
    assert client.wait_event("POWERDOWN", timeout_s=0) == {"event": "POWERDOWN", "data": {}}
    assert client.wait_event("RESET", timeout_s=0.2) is None


def test_qemu_going_away_is_an_error_not_a_hang() -> None:
    ours, theirs = socket.socketpair()
    theirs.sendall(json.dumps(GREETING).encode() + b"\n" + b'{"return": {}}\n')
    client = QmpClient(ours)
    theirs.close()
    with pytest.raises(QmpError, match="QMP connection"):
        client.execute("quit")
    ours.close()


def test_something_else_on_the_socket_is_refused() -> None:
    ours, theirs = socket.socketpair()
    theirs.sendall(b'{"hello": 1}\n')
    with pytest.raises(QmpError, match="not a QMP greeting"):
        QmpClient(ours)
    ours.close()
    theirs.close()


def test_connect_waits_for_the_socket_and_then_gives_up(tmp_path: Path) -> None:
    with pytest.raises(QmpError, match="no QMP socket"):
        QmpClient.connect(tmp_path / "qmp.sock", timeout_s=0.3)
