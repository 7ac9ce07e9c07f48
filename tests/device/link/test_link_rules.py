"""The rules travel in the HELLO: two devices play together only under the same rules,
and otherwise both stop with the same words, whatever version either one runs."""

import struct

from hypothesis import given, settings
from hypothesis import strategies as st
from link_relay import CableEnd, frames_on_the_wire, on_the_wire
from test_link_session import Pair, Saves, first_move_text

from device.link.events import SHARED, LinkProblem, LinkState, LinkStateName
from device.link.frames import (
    PROTOCOL_VERSION,
    Frame,
    FrameError,
    Kind,
    decode_frame,
    encode_frame,
)
from device.link.game import Role
from device.link.messages import (
    MAX_RULES_ID,
    MAX_RULES_IDS,
    Hello,
    error_frame,
    hello_frame,
    read_error,
    read_hello,
)
from device.link.rules import PLAYABLE, rules_problem
from device.link.session import LinkSession
from engine.pieces import RED
from engine.rules import RULE_SETS, RULES_VERSION, SEED, STANDARD, Rules
from engine.start import starting_position

STOPPED = LinkStateName.ERROR
RULES_ID = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), min_size=1, max_size=32)
"""A rules id as a HELLO may carry one: printable ASCII, no space."""
HELLOS = st.builds(
    Hello,
    st.sampled_from(list(Role)),
    st.booleans(),
    st.integers(0, 2**32 - 1),
    st.integers(0, 1),
    st.integers(0, 2**64 - 1),
    RULES_ID,
    st.lists(RULES_ID, max_size=MAX_RULES_IDS - 1, unique=True).map(tuple),
).filter(lambda hello: hello.rules not in hello.also)


@settings(max_examples=300)
@given(HELLOS, st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_a_hello_reads_back_as_it_was_written(hello: Hello, game_id: int, plies: int) -> None:
    frame = hello_frame(game_id, plies, hello)
    assert read_hello(frame) == hello
    assert frame.version == PROTOCOL_VERSION == 2


@settings(max_examples=300)
@given(st.binary(max_size=250))
def test_any_hello_payload_reads_as_a_hello_or_is_refused(payload: bytes) -> None:
    try:
        hello = read_hello(Frame(Kind.HELLO, 0, 0, payload))
    except FrameError:
        return
    assert 1 <= len(hello.known) <= MAX_RULES_IDS
    assert all(0 < len(one) <= MAX_RULES_ID and one.isprintable() for one in hello.known)


ID_POOL = ["standard/1", "standard/2", "standard/3", "seed/1", "seed/2", "big/1"]


@st.composite
def device_rules(draw: st.DrawFn) -> tuple[str, frozenset[str]]:
    """What a device of some version plays (its choice) and knows (every id it can play)."""
    known = frozenset(draw(st.lists(st.sampled_from(ID_POOL), min_size=1, unique=True)))
    return draw(st.sampled_from(sorted(known))), known


@settings(max_examples=500)
@given(device_rules(), device_rules())
def test_two_devices_judge_their_rules_alike(
    a: tuple[str, frozenset[str]], b: tuple[str, frozenset[str]]
) -> None:
    """Each device judges with what it knows and what the other's HELLO says: the verdict
    is the same on both, None only for the same rules, "choose the same rules" only
    when each can play the other's choice."""
    (mine, known_here), (theirs, known_there) = a, b
    here = rules_problem(rules_of(mine), theirs, known_there, known_here)
    there = rules_problem(rules_of(theirs), mine, known_here, known_there)
    assert here == there
    assert (here is None) == (mine == theirs)
    if here is not None:
        both_know_both = mine in known_there and theirs in known_here
        assert here is (LinkProblem.SAME_RULES if both_know_both else LinkProblem.UPDATE_BOTH)


def rules_of(rules_id: str) -> Rules:
    """A rule set with that id (only the id matters to the verdict)."""
    name, _, version = rules_id.partition("/")
    return Rules(name, int(version))


def assert_both_stop_with(pair: Pair, problem: LinkProblem) -> None:
    assert pair.host.state == pair.guest.state == LinkState(STOPPED, problem)
    assert pair.guest.game is None and pair.guest_saves.copies == [], "the guest adopted nothing"
    assert pair.host_saves.copies[-1].moves == [], "no move was played under other rules"


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(RULE_SETS), st.sampled_from(RULE_SETS), st.integers(1, 10_000))
def test_devices_link_under_the_same_rules_and_stop_alike_under_others(
    host_rules: Rules, guest_rules: Rules, seed: int
) -> None:
    pair = Pair(seed, host_rules=host_rules, guest_rules=guest_rules)
    pair.run(1)
    if host_rules == guest_rules:
        assert pair.host.state.name == pair.guest.state.name == LinkStateName.LINKED
        assert pair.host.rules == pair.guest.rules == host_rules
        assert pair.guest.game is not None and pair.guest.game.rules == host_rules
        assert pair.guest.position.key() == starting_position(seed, host_rules).key()
    else:
        assert_both_stop_with(pair, LinkProblem.SAME_RULES)


def test_the_game_starts_under_its_rules_and_its_history_hash_names_them() -> None:
    seed_game, standard_game = Pair(4, host_rules=SEED, guest_rules=SEED), Pair(4)
    seed_game.run(1)
    standard_game.run(1)
    assert seed_game.guest.position.rules == SEED
    assert standard_game.guest.position.rules == STANDARD
    assert seed_game.host.chain != standard_game.host.chain, "a resume under other rules fails"


def test_a_stop_for_other_rules_reaches_a_guest_that_missed_the_hosts_hello() -> None:
    """The host answered and stopped; its answer was lost on the cable.  The guest says
    HELLO again, hears only the host's ERROR, and stops with the same words."""
    pair = Pair(host_rules=SEED)
    guest_end = pair.cable.ends[1]
    pair.guest.poll()  # the guest's HELLO
    pair.cable.step(0.05)
    pair.host.poll()  # the host's HELLO, its answer and its ERROR
    pair.cable.step(0.1)
    heard = frames_on_the_wire(bytes(guest_end.inbox))
    guest_end.inbox = bytearray(b"".join(on_the_wire(f) for f in heard if f.kind == Kind.ERROR))
    pair.guest.poll()
    assert_both_stop_with(pair, LinkProblem.SAME_RULES)


class Newer:
    """A device of a later version whose standard game is standard/3 (and that knows
    seed/1): its HELLOs, written as such a device writes them."""

    def __init__(self, role: Role) -> None:
        self.role = role

    def hello(self, game_id: int = 0, seed: int = 0, colour: int = 0) -> Frame:
        hello = Hello(self.role, False, seed, colour, 0, "standard/3", ("seed/1",))
        return hello_frame(game_id, 0, hello)


def test_a_newer_device_is_asked_to_update_both_and_nothing_is_adopted() -> None:
    end, saves = CableEnd(), Saves()
    guest = LinkSession.guest(end, saves)
    end.inbox += on_the_wire(Newer(Role.HOST).hello(game_id=77, seed=3, colour=RED))
    guest.poll()
    assert guest.state == LinkState(STOPPED, LinkProblem.UPDATE_BOTH)
    assert guest.game is None and saves.copies == []
    sent = frames_on_the_wire(b"".join(end.outbox))
    errors = [read_error(frame)[0] for frame in sent if frame.kind == Kind.ERROR]
    assert errors == [LinkProblem.UPDATE_BOTH], "the newer device is told why, in its words too"


V1_HELLO = struct.Struct("<BBBIBQ")
"""A version-1 HELLO's payload: rules version u8, role, answer, seed u32, colour, chain."""


def v1_hello(game_id: int, role: Role, seed: int, colour: int) -> Frame:
    """A HELLO as a device of link protocol 1 writes it (its rules were version 1)."""
    payload = V1_HELLO.pack(1, 0 if role is Role.HOST else 1, 0, seed, colour, 0)
    return Frame(Kind.HELLO, game_id, 0, payload, version=1)


def test_a_version_1_peer_is_told_to_update_both_and_hears_only_version_2_frames() -> None:
    """A v2 device stops with the same words for a v1 peer.  What it sends back is all
    of version 2: a v1 device stops on any frame of another version ("The other
    device speaks link protocol 2, this one 1: update both devices")."""
    for session, end, role in version_2_devices():
        end.inbox += on_the_wire(v1_hello(0 if role is Role.HOST else 99, role, 5, RED))
        session.poll()
        assert session.state == LinkState(STOPPED, LinkProblem.UPDATE_BOTH)
        sent = frames_on_the_wire(b"".join(end.outbox))
        assert sent and {frame.version for frame in sent} == {2}
        assert Kind.ERROR in {frame.kind for frame in sent}
        assert session.game is None or session.game.moves == []


def version_2_devices() -> list[tuple[LinkSession, CableEnd, Role]]:
    """A host with a new game and a guest without one, each on its own cable, the
    v1 peer's role being the other one."""
    host_end, guest_end = CableEnd(), CableEnd()
    return [
        (LinkSession.host(host_end, 5, RED, Saves()), host_end, Role.GUEST),
        (LinkSession.guest(guest_end, Saves()), guest_end, Role.HOST),
    ]


def test_a_stopped_linked_game_keeps_every_move_it_had() -> None:
    """A pair that played a move, then hears a peer that plays other rules (the guest
    restarted as a newer version): the game stops and keeps its move."""
    pair = Pair()
    pair.run(1)
    text = first_move_text()
    pair.host.send_move(1, text)
    pair.run(1)
    game = pair.host.game
    assert game is not None
    pair.cable.ends[0].inbox += on_the_wire(Newer(Role.GUEST).hello(game.game_id, 1, 1))
    pair.host.poll()
    assert pair.host.state == LinkState(STOPPED, LinkProblem.UPDATE_BOTH)
    assert pair.host_saves.last.moves == [text] == list(game.moves)


@settings(max_examples=100)
@given(st.sampled_from(LinkProblem), st.text(max_size=60), st.integers(0, 2**32 - 1))
def test_an_error_names_its_problem_for_the_other_device(
    problem: LinkProblem, detail: str, game_id: int
) -> None:
    frame = decode_frame(encode_frame(error_frame(game_id, 0, problem, detail)))
    heard, text = read_error(frame)
    assert heard is (problem if problem in SHARED else LinkProblem.STOPPED_THERE)
    assert text.startswith(problem.name)


@settings(max_examples=200)
@given(st.binary(max_size=200))
def test_any_error_text_is_heard_as_some_problem_and_never_shown(payload: bytes) -> None:
    problem, _ = read_error(Frame(Kind.ERROR, 1, 0, payload))
    assert problem in LinkProblem


def test_the_hello_names_every_rule_set_this_device_plays() -> None:
    end = CableEnd()
    session = LinkSession.host(end, 5, RED, Saves(), rules=SEED)
    session.poll()
    (frame,) = frames_on_the_wire(b"".join(end.outbox))
    hello = read_hello(frame)
    assert hello.rules == "seed/1" and set(hello.known) == set(PLAYABLE)
    assert PLAYABLE[0] == STANDARD.id == f"standard/{RULES_VERSION}"
