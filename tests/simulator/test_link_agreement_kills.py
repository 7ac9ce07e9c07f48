"""The real simulator killed (SIGKILL) at each step of agreeing a linked game, over a
computer game in progress: restarted, Continue offers that game with every move.

The other device is played by the test: a protocol session on TCP that joins (or
hosts) the game, and once linked stops it with an ERROR, as a faulty or hostile
device may.  The simulator is killed when its pending game is stored, when the
two devices are linked, and when the linked game has stopped on its board
before any move; a run left alone goes back to the title (the folder is then
as a kill after that leaves it).
"""

from __future__ import annotations

import signal
import time
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

import pytest
from crash_harness import CONTINUE, restart_simulator
from test_linked_scripts import free_port, simulator

from device.journal.disk import Disk
from device.journal.file import SUFFIX, read_journal
from device.journal.folder import SaveFolder
from device.link.events import LinkProblem, LinkStateName
from device.link.frames import MAX_FRAME, encode_frame, is_hello
from device.link.messages import error_frame
from device.link.session import LinkSession, Timing, Transport
from device.play.game import Game, GameSetup, Mode
from drivers.link.transport import open_transport
from engine.pieces import RED

PLIES = 5
STOP_AFTER_S = 1.0
"""The other device stops the game this long after it is linked (the board is up)."""
LONG = pytest.mark.long
RUN_S = 60.0
"""A guard against a hang (a run takes a few seconds, more on a loaded machine)."""


class Step(StrEnum):
    """When the simulator is killed."""

    STORED = "pending game stored"
    LINKED = "linked"
    STOPPED = "stopped on the board"
    LEFT = "back at the title"


def setup_script(role: str) -> list[str]:
    """From the title with a game in progress (Continue, Tutorial, New game ...) to a
    linked game's Start, then back to the title once it has stopped."""
    past_colour = 4 if role == "host" else 3  # the guest has no colour to choose
    return [
        "repeat 2 press X",
        "press A",  # New game
        "press A",  # Play: link cable
        f"repeat {past_colour} press X",
        "press A",  # Start
        "wait 4000",  # agreed, the board up, then stopped by the other device
        "hold B 800",  # the menu: Resume, Rules, Settings, Back to title
        "repeat 3 press X",
        "press A",
        "press X",  # "No" comes first
        "press A",
        "wait 300",
    ]


def computer_game_in_progress(saves: Path) -> None:
    game = Game.new(9, GameSetup(mode=Mode.VERSUS_AI, ai_level=1), ("You", "Computer"), "")
    for _ in range(PLIES):
        game.play(game.position.legal_moves()[0])
    folder = SaveFolder(saves)
    folder.start()
    folder.begin(game).sync(game)


def games_in_progress(saves: Path) -> list[tuple[str, int]]:
    journals = [read_journal(Disk(), path) for path in sorted(saves.glob(f"*{SUFFIX}"))]
    return [(replayed.header.setup.mode, len(replayed.moves)) for replayed in journals]


@dataclass
class Peer:
    """The other device: hosts or joins, and stops the game once linked a while."""

    session: LinkSession
    transport: Transport
    linked_at: float | None = None
    stopped: bool = False

    def poll(self) -> None:
        self.session.poll()
        if self.session.state.name == LinkStateName.LINKED and self.linked_at is None:
            self.linked_at = time.monotonic()
        game = self.session.game
        due = self.linked_at is not None and time.monotonic() > self.linked_at + STOP_AFTER_S
        if due and game is not None and not self.stopped:
            self.stopped = True
            frame = error_frame(game.game_id, 0, LinkProblem.DISAGREE, "as the test says")
            self.transport.write(encode_frame(frame))


def peer_for(role: str, port: int) -> Peer:
    """The other end for a simulator of ``role``."""
    url = f"socket://127.0.0.1:{port}" if role == "host" else f"listen://127.0.0.1:{port}"
    transport = open_transport(
        url, silence=Timing().link_timeout, is_greeting=is_hello, max_packet=MAX_FRAME
    )
    if role == "host":
        return Peer(LinkSession.guest(transport, lambda game: None), transport)
    return Peer(LinkSession.host(transport, 17, RED, lambda game: None), transport)


def reached(step: Step, saves: Path, peer: Peer | None) -> bool:
    """Whether the run is at ``step`` (LEFT: never; the run ends by itself)."""
    if step is Step.STORED:
        return len(games_in_progress(saves)) == 2
    if peer is None or peer.linked_at is None:
        return False
    if step is Step.LINKED:
        return True
    return step is Step.STOPPED and time.monotonic() > peer.linked_at + STOP_AFTER_S + 0.5


def run_until(role: str, step: Step, work: Path) -> bool:
    """Run the simulator as ``role`` beside the test's peer (none when the host is to be
    killed for having stored its game: no device answers it yet); SIGKILL it once at
    ``step``.  Whether it was killed."""
    saves = work / f"{role}-saves"
    port = free_port()
    alone = role == "host" and step is Step.STORED
    peer = None if alone or role == "host" else peer_for(role, port)  # a guest's host listens first
    scheme = "listen" if role == "host" else "socket"
    process = simulator(work, role, f"{scheme}://127.0.0.1:{port}", setup_script(role))
    if peer is None and not alone:
        peer = peer_for(role, port)  # it calls until the simulator listens
    deadline = time.monotonic() + RUN_S
    try:
        while process.poll() is None:
            assert time.monotonic() < deadline, f"the simulator never got to {step}"
            if peer is not None:
                peer.poll()
            if reached(step, saves, peer):
                process.send_signal(signal.SIGKILL)
                process.communicate()
                return True
            time.sleep(0.01)
        _, errors = process.communicate()
        assert process.returncode == 0, errors
        return False
    finally:
        if peer is not None:
            peer.session.close()
        if process.poll() is None:
            process.kill()
            process.wait()


STEPS = [*(step for step in Step if step is not Step.LEFT), pytest.param(Step.LEFT, marks=LONG)]
"""The run left alone is the slowest; the app's own tests leave a stopped linked game too."""


@pytest.mark.parametrize("step", STEPS, ids=str)
@pytest.mark.parametrize("role", ["host", "guest"])
def test_a_kill_at_each_step_of_agreeing_leaves_continue_on_the_game_in_progress(
    tmp_path: Path, role: str, step: Step
) -> None:
    saves = tmp_path / f"{role}-saves"
    computer_game_in_progress(saves)
    killed = run_until(role, step, tmp_path)
    assert killed is (step is not Step.LEFT)
    restarted = restart_simulator(tmp_path, 2, saves, "\n".join(CONTINUE) + "\n", 3)
    assert restarted.returncode == 0, restarted.stderr
    assert games_in_progress(saves) == [(Mode.VERSUS_AI, PLIES)]
    shown = restarted.moves_log.read_text(encoding="utf-8").splitlines()
    assert [line.split()[1] for line in shown] == [str(ply) for ply in range(1, PLIES + 1)]
    told = restarted.messages_log.read_text(encoding="utf-8")
    assert told == "", "a restart after a kill tells the player nothing"
