"""Whole linked games between two sessions over a FaultyCable, in simulated time.

Used by the fault tests and benchmarks/link_faults.py: both players choose
random legal moves, the cable misbehaves according to a FaultPlan, and either
device may crash and restart from its last save.
"""

import random
from dataclasses import dataclass, field

from link_relay import CableEnd, FaultCounts, FaultPlan, FaultyCable

from device.link.events import LinkStateName, PeerMove
from device.link.game import LinkGame
from device.link.session import LinkSession
from engine.notation import format_move
from engine.record import result_of

STEP = 0.05
"""Simulated seconds between two polls (the device polls every frame)."""


@dataclass
class LinkedGameOutcome:
    finished: bool
    """Both devices hold the whole game and know the other holds it too."""
    moves: tuple[list[str], list[str]]
    chains: tuple[int, int]
    results: tuple[str, str]
    lost_moves: int
    """Plies of the longer history missing from the other device."""
    doubled_moves: int
    """Peer moves an app was told about more than once."""
    errors: list[str]
    seconds: float
    restarts: int
    faults: FaultCounts
    frames_rejected: int
    moves_resent: int


class SaveSlot:
    """A device's save file: the game a crash leaves behind."""

    def __init__(self) -> None:
        self.game: LinkGame | None = None

    def __call__(self, game: LinkGame) -> None:
        self.game = game.copy()


@dataclass
class _Device:
    end: CableEnd
    slot: SaveSlot
    session: LinkSession
    told: list[int] = field(default_factory=list)
    """Plies delivered to the app as PeerMove events."""
    rejected: int = 0
    resent: int = 0

    def restart(self, clock: "_Clock") -> None:
        """Kill the session and start a new one from the save, as after a crash."""
        self.rejected += self.session.stats.rejected
        self.resent += self.session.stats.resent
        self.end.reopen()
        assert self.slot.game is not None, "a device restarts only once it has a game"
        self.session = LinkSession.resume(self.end, self.slot.game.copy(), self.slot, clock)


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def play_linked_game(
    seed: int,
    rng: random.Random,
    plan: FaultPlan,
    restart_chance: float = 0.0,
    limit_seconds: float = 20_000.0,
) -> LinkedGameOutcome:
    """Play one game to its end (or until ``limit_seconds`` of simulated time)."""
    cable = FaultyCable(rng, plan)
    clock = _Clock()
    host_end, guest_end = cable.ends
    host_slot, guest_slot = SaveSlot(), SaveSlot()
    devices = [
        _Device(
            host_end,
            host_slot,
            LinkSession.host(host_end, seed, rng.randrange(2), host_slot, clock),
        ),
        _Device(guest_end, guest_slot, LinkSession.guest(guest_end, guest_slot, clock)),
    ]
    restarts = 0
    errors: list[str] = []
    while clock.now < limit_seconds:
        clock.now += STEP
        cable.step(clock.now)
        for device in devices:
            if restart_chance and device.slot.game and rng.random() < restart_chance:
                restarts += 1
                device.restart(clock)
            for event in device.session.poll():
                if isinstance(event, PeerMove):
                    device.told.append(event.ply)
                elif event.state.name == LinkStateName.ERROR:
                    errors.append(str(event.state.problem))
            _play_if_my_turn(device.session, rng)
        if errors or all(_settled(device.session) for device in devices):
            break
    return _outcome(devices, clock.now, restarts, errors, cable)


def _play_if_my_turn(session: LinkSession, rng: random.Random) -> None:
    game = session.game
    if game is None or session.state.name == LinkStateName.ERROR:
        return
    position = session.position
    if position.side != game.local_colour:
        return
    moves = position.legal_moves()
    if moves:
        session.send_move(len(game.moves) + 1, format_move(rng.choice(moves)))


def _settled(session: LinkSession) -> bool:
    game = session.game
    return (
        game is not None
        and session.state.name == LinkStateName.LINKED
        and session.peer_plies == len(game.moves)
        and session.position.is_over()
    )


def _outcome(
    devices: list[_Device], seconds: float, restarts: int, errors: list[str], cable: FaultyCable
) -> LinkedGameOutcome:
    sessions = [device.session for device in devices]
    moves = tuple(list(s.game.moves) if s.game else [] for s in sessions)
    longest = max(len(m) for m in moves)
    told = [device.told for device in devices]
    return LinkedGameOutcome(
        finished=all(_settled(s) for s in sessions),
        moves=(moves[0], moves[1]),
        chains=(sessions[0].chain, sessions[1].chain),
        results=(result_of(sessions[0].position), result_of(sessions[1].position)),
        lost_moves=sum(longest - len(m) for m in moves),
        doubled_moves=sum(len(t) - len(set(t)) for t in told),
        errors=errors,
        seconds=seconds,
        restarts=restarts,
        faults=cable.faults,
        frames_rejected=sum(d.rejected + d.session.stats.rejected for d in devices),
        moves_resent=sum(d.resent + d.session.stats.resent for d in devices),
    )
