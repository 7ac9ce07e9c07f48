"""Two scripted headless simulators play a linked game over TCP: while a link is
open, or opening, a script's waits pass in real time, so neither races ahead of
the other device."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

from crash_harness import ROOT, child_environment

PROFILE = "hatmini"
HOST_SETUP = ["press X", "press A", "press A", "repeat 4 press X", "press A"]
"""Title (no game yet): past the tutorial to New game; Play cycled to the link cable;
down past Port, This device (host) and You play to Start."""
GUEST_SETUP = ["press X", "press A", "press A", "repeat 3 press X", "press A"]
"""The same with a socket:// port, which makes the device the guest (no colour to choose)."""
STAGES = 14
"""Choices each simulator makes, one every 0.5 s: on its turn they make moves (the
next satellite offered, then the next cell), off its turn the board takes none."""
PLAY = ["press X", "press A", "wait 300"] * STAGES
RUN_S = 60
"""A guard against a hang: each run takes about 12 s, more on a loaded machine."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def simulator(work: Path, name: str, link: str, script: list[str]) -> subprocess.Popen[str]:
    (work / f"{name}.txt").write_text("\n".join(script) + "\n", encoding="utf-8")
    command = [sys.executable, "-m", "simulator", "--headless", "--profile", PROFILE]
    command += ["--link", link, "--script", str(work / f"{name}.txt")]
    command += ["--save-dir", str(work / f"{name}-saves"), "--out", str(work / f"{name}-out")]
    command += ["--log-moves", str(work / f"{name}.moves")]
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env=child_environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def shown(path: Path) -> list[tuple[str, int, str]]:
    """The moves a simulator showed: (game seed, ply, move)."""
    lines = path.read_text(encoding="utf-8").split() if path.exists() else []
    return [(seed, int(ply), move) for seed, ply, move in zip(*[iter(lines)] * 3, strict=True)]


def test_two_scripted_simulators_play_one_linked_game(tmp_path: Path) -> None:
    port = free_port()
    host = simulator(tmp_path, "host", f"listen://127.0.0.1:{port}", HOST_SETUP + PLAY)
    guest = simulator(tmp_path, "guest", f"socket://127.0.0.1:{port}", GUEST_SETUP + PLAY)
    for run in (host, guest):
        _, errors = run.communicate(timeout=RUN_S)
        assert run.returncode == 0, errors
    on_host, on_guest = shown(tmp_path / "host.moves"), shown(tmp_path / "guest.moves")
    both = min(len(on_host), len(on_guest))
    assert both >= 4, f"the scripts played too little together: {on_host} / {on_guest}"
    assert on_host[:both] == on_guest[:both], "both show the same game, move for move"
    assert [ply for _, ply, _ in on_host] == list(range(1, len(on_host) + 1))
    assert len({seed for seed, _, _ in on_host + on_guest}) == 1
