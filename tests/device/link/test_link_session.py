"""The link session: agreement, validation of every received frame, saves, link loss."""

import errno
import random

import pytest
from link_relay import CableEnd, FaultPlan, FaultyCable, frames_on_the_wire, on_the_wire

from device.link.events import (
    LinkEvent,
    LinkProblem,
    LinkState,
    LinkStateName,
    PeerMove,
    StateChanged,
)
from device.link.frames import Frame, Kind
from device.link.game import LinkGame
from device.link.history import chain_next, chain_start
from device.link.messages import hash_frame, move_frame
from device.link.session import LinkSession
from engine.notation import format_move
from engine.pieces import BLUE, RED
from engine.rules import STANDARD, Rules
from engine.start import starting_position


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Saves:
    """What the session handed its store, each time: a snapshot of the game."""

    def __init__(self) -> None:
        self.copies: list[LinkGame] = []

    def __call__(self, game: LinkGame) -> None:
        self.copies.append(game.copy())

    @property
    def last(self) -> LinkGame:
        return self.copies[-1]


class Pair:
    """A host (Red) and a guest joined by a clean in-memory cable, each set to play
    its rules."""

    def __init__(
        self,
        seed: int = 1,
        plan: FaultPlan | None = None,
        host_rules: Rules = STANDARD,
        guest_rules: Rules = STANDARD,
    ) -> None:
        self.clock = Clock()
        self.cable = FaultyCable(random.Random(seed), plan or FaultPlan())
        self.host_saves, self.guest_saves = Saves(), Saves()
        host_end, guest_end = self.cable.ends
        clock = self.clock
        self.host = LinkSession.host(host_end, seed, RED, self.host_saves, clock, rules=host_rules)
        self.guest = LinkSession.guest(guest_end, self.guest_saves, clock, rules=guest_rules)
        self.events: dict[str, list[LinkEvent]] = {"host": [], "guest": []}

    def run(self, seconds: float) -> None:
        for _ in range(round(seconds / 0.05)):
            self.clock.now += 0.05
            self.cable.step(self.clock.now)
            self.events["host"] += self.host.poll()
            self.events["guest"] += self.guest.poll()

    def states(self, side: str) -> list[LinkState]:
        return [e.state for e in self.events[side] if isinstance(e, StateChanged)]


def first_move_text(seed: int = 1) -> str:
    return format_move(starting_position(seed).legal_moves()[0])


def test_the_guest_adopts_the_hosts_game_with_the_other_colour() -> None:
    pair = Pair(seed=9)
    pair.run(1)
    assert pair.host.state.name == pair.guest.state.name == "linked"
    assert pair.guest.seed == 9 and pair.guest.local_colour == BLUE
    assert pair.guest.game is not None and pair.host.game is not None
    assert pair.guest.game.game_id == pair.host.game.game_id != 0
    assert pair.guest_saves.last.seed == 9, "the guest saves the agreed game at once"


def test_a_move_reaches_the_peer_once_and_is_acknowledged() -> None:
    pair = Pair()
    pair.run(1)
    text = first_move_text()
    pair.host.send_move(1, text)
    pair.run(1)
    moves = [(e.ply, e.move_text) for e in pair.events["guest"] if isinstance(e, PeerMove)]
    assert moves == [(1, text)]
    assert pair.host.peer_plies == 1
    assert pair.host.chain == pair.guest.chain


def test_a_move_is_saved_before_it_is_sent() -> None:
    pair = Pair()
    pair.run(1)
    text = first_move_text()
    pair.host.send_move(1, text)
    assert pair.cable.ends[0].outbox, "sent at once"
    assert pair.host_saves.last.moves == [text]


def _kinds(chunks: list[bytes]) -> list[Kind]:
    return [frame.kind for frame in frames_on_the_wire(b"".join(chunks))]


def test_a_received_move_is_saved_before_it_is_acknowledged() -> None:
    pair = Pair()
    pair.run(1)
    guest_end = pair.cable.ends[1]
    guest_end.outbox.clear()
    kinds_sent_at_save: list[list[Kind]] = []
    saves = pair.guest_saves

    def save_and_look(game: LinkGame) -> None:
        kinds_sent_at_save.append(_kinds(guest_end.outbox))
        saves(game)

    pair.guest._save = save_and_look
    text = first_move_text()
    game = pair.host.game
    assert game is not None
    chain = chain_next(chain_start(game.game_id, 1, STANDARD), text)
    _inject(pair.guest, guest_end, move_frame(game.game_id, 1, chain, text))
    assert kinds_sent_at_save == [[]]
    assert _kinds(guest_end.outbox) == [Kind.ACK]
    assert saves.last.moves == [text]


def _inject(session: LinkSession, end: CableEnd, frame: Frame) -> list[LinkEvent]:
    end.inbox += on_the_wire(frame)
    return session.poll()


def test_a_received_move_that_cannot_be_stored_is_not_acknowledged_and_comes_again() -> None:
    """A full card: the session keeps nothing it could not store, so the peer's resend
    is stored, acknowledged and reported once the card has room."""
    pair = Pair()
    pair.run(1)
    guest_end = pair.cable.ends[1]
    guest_end.outbox.clear()
    saves = pair.guest_saves

    def full_card(game: LinkGame) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    pair.guest._save = full_card
    text = first_move_text()
    game = pair.host.game
    assert game is not None
    chain = chain_next(chain_start(game.game_id, 1, STANDARD), text)
    frame = move_frame(game.game_id, 1, chain, text)
    with pytest.raises(OSError):
        _inject(pair.guest, guest_end, frame)
    assert pair.guest.game is not None and pair.guest.game.moves == []
    assert _kinds(guest_end.outbox) == [], "nothing acknowledged"
    pair.guest._save = saves
    (arrived,) = _inject(pair.guest, guest_end, frame)
    assert isinstance(arrived, PeerMove) and (arrived.ply, arrived.move_text) == (1, text)
    assert saves.last.moves == [text] and _kinds(guest_end.outbox) == [Kind.ACK]


def test_a_repeated_move_is_harmless() -> None:
    pair = Pair()
    pair.run(1)
    text = first_move_text()
    game = pair.host.game
    assert game is not None
    chain = chain_next(chain_start(game.game_id, 1, STANDARD), text)
    frame = move_frame(game.game_id, 1, chain, text)
    first = _inject(pair.guest, pair.cable.ends[1], frame)
    again = _inject(pair.guest, pair.cable.ends[1], frame)
    assert [(e.ply, e.move_text) for e in first if isinstance(e, PeerMove)] == [(1, text)]
    assert len(first) == 1 and again == []
    assert pair.guest.game is not None and pair.guest.game.moves == [text]
    assert pair.guest.state.name == "linked"


def test_a_frame_of_another_game_changes_nothing() -> None:
    pair = Pair()
    pair.run(1)
    game = pair.host.game
    assert game is not None
    text = first_move_text()
    other = game.game_id ^ 1
    foreign = move_frame(other, 1, chain_next(chain_start(other, 1, STANDARD), text), text)
    assert _inject(pair.guest, pair.cable.ends[1], foreign) == []
    assert pair.guest.game is not None and pair.guest.game.moves == []
    assert pair.guest.stats.ignored == 1
    assert pair.guest.state.name == "linked"


def test_a_corrupt_frame_changes_nothing() -> None:
    pair = Pair()
    pair.run(1)
    game = pair.host.game
    assert game is not None
    text = first_move_text()
    chain = chain_next(chain_start(game.game_id, 1, STANDARD), text)
    data = bytearray(on_the_wire(move_frame(game.game_id, 1, chain, text)))
    # Flip one bit, never into a 0x00 (that would cut the frame in two: two rejections).
    data[5] ^= 0x10 if data[5] != 0x10 else 0x20
    pair.cable.ends[1].inbox += data
    assert pair.guest.poll() == []
    assert pair.guest.game is not None and pair.guest.game.moves == []
    assert pair.guest.stats.rejected == 1


def _stopped_by(pair: Pair, text: str, ply: int = 1) -> LinkState:
    game = pair.host.game
    assert game is not None
    chain = chain_next(chain_start(game.game_id, 1, STANDARD), text)
    events = _inject(pair.guest, pair.cable.ends[1], move_frame(game.game_id, ply, chain, text))
    assert not any(isinstance(e, PeerMove) for e in events)
    assert pair.guest.game is not None and pair.guest.game.moves == []
    return pair.guest.state


def test_an_illegal_move_stops_the_game_with_a_message_and_changes_nothing() -> None:
    pair = Pair()
    pair.run(1)
    state = _stopped_by(pair, "a1-a2")
    assert state == LinkState(LinkStateName.ERROR, LinkProblem.DISAGREE)


def test_a_move_out_of_turn_stops_the_game() -> None:
    """Ply 2 is Blue's, and the guest plays Blue: the host cannot send it."""
    pair = Pair()
    pair.run(1)
    game = pair.host.game
    assert game is not None
    text = first_move_text()
    chain1 = chain_next(chain_start(game.game_id, 1, STANDARD), text)
    _inject(pair.guest, pair.cable.ends[1], move_frame(game.game_id, 1, chain1, text))
    position = starting_position(1)
    position.make(position.legal_moves()[0])
    blue_text = format_move(position.legal_moves()[0])
    frame = move_frame(game.game_id, 2, chain_next(chain1, blue_text), blue_text)
    events = _inject(pair.guest, pair.cable.ends[1], frame)
    assert pair.guest.state == LinkState(LinkStateName.ERROR, LinkProblem.DISAGREE)
    assert events == [StateChanged(pair.guest.state)]
    assert pair.guest.game is not None and pair.guest.game.moves == [text]


def test_the_app_cannot_play_out_of_turn_or_an_illegal_move() -> None:
    pair = Pair()
    pair.run(1)
    attempts = [
        (pair.guest, 1, first_move_text()),
        (pair.host, 1, "a1-a2"),
        (pair.host, 2, first_move_text()),
    ]
    for session, ply, text in attempts:
        try:
            session.send_move(ply, text)
        except ValueError:
            continue
        raise AssertionError(f"{text} accepted")


def test_a_move_beyond_a_gap_asks_for_a_resync_and_changes_nothing() -> None:
    pair = Pair()
    pair.run(1)
    game = pair.host.game
    assert game is not None
    guest_end = pair.cable.ends[1]
    guest_end.outbox.clear()
    _inject(pair.guest, guest_end, move_frame(game.game_id, 3, 0, first_move_text()))
    resync = frames_on_the_wire(b"".join(guest_end.outbox))
    assert [(f.kind, f.ply) for f in resync] == [(Kind.RESYNC, 0)]
    assert pair.guest.game is not None and pair.guest.game.moves == []
    assert pair.guest.state.name == "linked"


def test_silence_means_link_lost_and_the_link_comes_back_by_itself() -> None:
    pair = Pair()
    pair.run(1)
    clean = pair.cable
    pair.cable = FaultyCable(random.Random(2), FaultPlan(drop=1.0))
    pair.cable.ends = clean.ends
    pair.run(4)
    assert pair.host.state == LinkState(LinkStateName.LOST)
    pair.cable = clean
    pair.run(2)
    assert pair.host.state.name == "linked" and pair.guest.state.name == "linked"
    assert [s.name for s in pair.states("host")] == ["linked", "lost", "linked"]


def test_two_hosts_refuse_each_other_with_a_clear_message() -> None:
    clock = Clock()
    cable = FaultyCable(random.Random(1), FaultPlan())
    a = LinkSession.host(cable.ends[0], 1, RED, Saves(), clock)
    b = LinkSession.host(cable.ends[1], 1, RED, Saves(), clock)
    for _ in range(20):
        clock.now += 0.05
        cable.step(clock.now)
        a.poll()
        b.poll()
    assert a.state == b.state == LinkState(LinkStateName.ERROR, LinkProblem.BOTH_HOSTS)


def test_a_peer_with_another_protocol_version_is_refused() -> None:
    pair = Pair()
    pair.run(1)
    game = pair.host.game
    assert game is not None
    old = hash_frame(Kind.PING, game.game_id, 0, 0)
    future = Frame(old.kind, old.game_id, old.ply, old.payload, version=9)
    _inject(pair.guest, pair.cable.ends[1], future)
    assert pair.guest.state == LinkState(LinkStateName.ERROR, LinkProblem.UPDATE_BOTH)
