"""A small client for QEMU's machine protocol (QMP) over a unix socket.

One command at a time: ``execute`` sends it and returns its ``return`` value,
keeping the asynchronous events that arrive meanwhile (``SHUTDOWN``,
``POWERDOWN`` ...) for ``wait_event``.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

JsonObject = dict[str, Any]
REPLY_WAIT_S = 120.0
"""How long QEMU may take to answer one command (a screendump waits for the machine's
lock, which a stopped serial port holds: see ``SerialConsole.drain``)."""


class QmpError(Exception):
    """QEMU refused a command, or the connection broke; the message says which."""


class QmpClient:
    def __init__(self, connection: socket.socket) -> None:
        self._socket = connection
        self._buffer = b""
        self.events: list[JsonObject] = []
        greeting = self._read()
        if "QMP" not in greeting:
            raise QmpError(f"not a QMP greeting: {greeting}")
        self.execute("qmp_capabilities")

    @classmethod
    def connect(cls, path: Path, timeout_s: float = 30.0) -> QmpClient:
        """Connect to QEMU's socket, waiting for QEMU to make it."""
        deadline = time.monotonic() + timeout_s
        while True:
            connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                connection.connect(str(path))
            except OSError as error:
                connection.close()
                if time.monotonic() > deadline:
                    raise QmpError(f"no QMP socket at {path}: {error.strerror}") from error
                time.sleep(0.1)
                continue
            connection.settimeout(REPLY_WAIT_S)
            return cls(connection)

    def execute(self, command: str, arguments: Mapping[str, object] | None = None) -> Any:
        message: JsonObject = {"execute": command}
        if arguments:
            message["arguments"] = dict(arguments)
        try:
            self._socket.sendall(json.dumps(message).encode() + b"\n")
        except OSError as error:
            raise QmpError(f"{command}: QMP connection lost: {error}") from error
        while True:
            reply = self._read()
            if "event" in reply:
                self.events.append(reply)
            elif "error" in reply:
                refusal = reply["error"]
                raise QmpError(f"{command}: {refusal.get('desc', refusal)}")
            elif "return" in reply:
                return reply["return"]

    def wait_event(self, name: str, timeout_s: float) -> JsonObject | None:
        """The first event of this name (kept or arriving within the time), or None."""
        deadline = time.monotonic() + timeout_s
        while True:
            for index, event in enumerate(self.events):
                if event.get("event") == name:
                    return self.events.pop(index)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            self._socket.settimeout(remaining)
            try:
                self.events.append(self._read())
            except (TimeoutError, QmpError):
                return None
            finally:
                self._socket.settimeout(REPLY_WAIT_S)

    def send_key(self, *qcodes: str, hold_ms: int = 60) -> None:
        """Press and release keys together (QEMU's key names, e.g. "ret"; "ctrl", "alt", "f2")."""
        keys = [{"type": "qcode", "data": qcode} for qcode in qcodes]
        self.execute("send-key", {"keys": keys, "hold-time": hold_ms})

    def screendump(self, path: Path, device: str | None = None) -> None:
        """The display's picture into a PPM file (QEMU 7.2 writes PPM only)."""
        arguments: JsonObject = {"filename": str(path)}
        if device is not None:
            arguments["device"] = device
        self.execute("screendump", arguments)

    def close(self) -> None:
        self._socket.close()

    def _read(self) -> JsonObject:
        while b"\n" not in self._buffer:
            try:
                chunk = self._socket.recv(65536)
            except OSError as error:
                raise QmpError(f"QMP connection lost: {error}") from error
            if not chunk:
                raise QmpError("QMP connection closed by QEMU")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        try:
            message = json.loads(line)
        except json.JSONDecodeError as error:
            raise QmpError(f"not JSON from QMP: {line[:80]!r}") from error
        if not isinstance(message, dict):
            raise QmpError(f"not a QMP message: {line[:80]!r}")
        return message
