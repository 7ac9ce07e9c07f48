"""Running shell commands in the guest over its serial console.

The card logs root in on the serial console (``guest/``: the harness's
control channel; the panel's tty1 is the game's). Each command's output is
framed by two markers that the echoed command line cannot contain, so the
echo, prompts and kernel messages around it are left out.
"""

from __future__ import annotations

import re
import socket
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

PROMPT = re.compile(rb"root@[\w-]+:[^\n]*# $")
NO_PAGER = "export SYSTEMD_PAGER=cat PAGER=cat"
"""Set before every command: Bookworm's systemd (252) pages ``systemctl show`` on the
serial console, and the pager would wait for a key that never comes."""


class ConsoleError(Exception):
    """The guest's shell did not answer in time, or the console closed."""


@dataclass(frozen=True)
class Result:
    status: int
    output: str

    @property
    def ok(self) -> bool:
        return self.status == 0


def framed(command: str, token: str) -> str:
    """The line sent for one command: its output between two markers, then its status."""
    opening = f"printf '%s%s\\n' '<<<' {token}"
    closing = f"printf '%s%s %s\\n' '>>>' {token} $?"
    return f"{opening}; {NO_PAGER}; {command}; {closing}\n"


def unframe(text: str, token: str) -> Result | None:
    """The command's output and status once both markers have arrived, else None."""
    match = re.search(rf"<<<{token}\r?\n(.*?)>>>{token} (\d+)\r?\n", text, flags=re.DOTALL)
    if match is None:
        return None
    return Result(int(match.group(2)), match.group(1).replace("\r\n", "\n"))


class SerialConsole:
    def __init__(self, connection: socket.socket) -> None:
        self._socket = connection
        self._buffer = b""

    @classmethod
    def connect(cls, path: Path, timeout_s: float = 30.0) -> SerialConsole:
        deadline = time.monotonic() + timeout_s
        while True:
            connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                connection.connect(str(path))
                return cls(connection)
            except OSError as error:
                connection.close()
                if time.monotonic() > deadline:
                    raise ConsoleError(f"no serial console at {path}: {error}") from error
                time.sleep(0.1)

    def wait_for_shell(self, timeout_s: float) -> float:
        """Wait for root's prompt (pressing Enter now and then); the seconds it took."""
        started = time.monotonic()
        deadline = started + timeout_s
        next_enter = started + 5.0
        while time.monotonic() < deadline:
            if PROMPT.search(self._buffer[-200:]):
                self._buffer = b""
                return time.monotonic() - started
            if time.monotonic() > next_enter:
                self._socket.sendall(b"\n")
                next_enter = time.monotonic() + 5.0
            self._receive(0.5)
        raise ConsoleError(f"no shell on the serial console within {timeout_s:.0f} s")

    def run(self, command: str, timeout_s: float = 120.0) -> Result:
        """Run one shell command line in the guest; its status and output."""
        token = uuid.uuid4().hex[:12]
        self._buffer = b""
        self._socket.sendall(framed(command, token).encode())
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            result = unframe(self._buffer.decode("utf-8", errors="replace"), token)
            if result is not None:
                return result
            self._receive(0.5)
        raise ConsoleError(f"no answer within {timeout_s:.0f} s to: {command}")

    def check(self, command: str, timeout_s: float = 120.0) -> str:
        """Run a command that must succeed; its output."""
        result = self.run(command, timeout_s)
        if not result.ok:
            raise ConsoleError(f"{command}: exit status {result.status}\n{result.output}")
        return result.output

    def send_line(self, line: str) -> None:
        """Type a line without waiting for an answer (``reboot``, which ends the shell)."""
        self._socket.sendall(line.encode() + b"\n")

    def drain(self) -> None:
        """Read what the guest wrote meanwhile, kept for ``wait_for_shell``.

        QEMU's serial port waits, holding up the whole machine and its QMP answers,
        once a few hundred bytes are left unread (one socket buffer entry per byte):
        whoever waits on QMP for long must drain the console.
        """
        self._receive(0.01)

    def close(self) -> None:
        self._socket.close()

    def _receive(self, timeout_s: float) -> None:
        self._socket.settimeout(timeout_s)
        try:
            chunk = self._socket.recv(65536)
        except TimeoutError:
            return
        except OSError as error:
            raise ConsoleError(f"serial console lost: {error}") from error
        if not chunk:
            raise ConsoleError("serial console closed (the machine stopped)")
        self._buffer += chunk
