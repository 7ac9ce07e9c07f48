"""A frame the session refuses changes nothing: not the game in memory, not what is saved."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from link_relay import on_the_wire
from test_link_session import Pair, first_move_text

from device.link.events import LinkProblem, LinkState, LinkStateName, PeerMove
from device.link.frames import Frame, Kind
from device.link.game import Role
from device.link.history import chain_next, chain_start
from device.link.messages import Hello, ack_frame, error_frame, hash_frame, hello_frame, move_frame
from device.link.rules import PLAYABLE
from device.link.session import LinkSession
from engine.notation import format_move
from engine.rules import STANDARD


def snapshot(session: LinkSession) -> tuple[int, int, list[str]]:
    """The session's state hash (the position's key), its history hash and its moves."""
    game = session.game
    assert game is not None
    return session.position.key(), session.chain, list(game.moves)


def test_a_move_refused_for_a_wrong_history_hash_is_not_kept() -> None:
    pair = Pair()
    pair.run(1)
    game = pair.host.game
    assert game is not None
    text = first_move_text()
    wrong = chain_next(chain_start(game.game_id, 1, STANDARD), text) ^ 1
    before, saves = snapshot(pair.guest), len(pair.guest_saves.copies)
    pair.cable.ends[1].inbox += on_the_wire(move_frame(game.game_id, 1, wrong, text))
    pair.guest.poll()
    assert pair.guest.state == LinkState(LinkStateName.ERROR, LinkProblem.DISAGREE)
    assert snapshot(pair.guest) == before, "the refused move is not in memory"
    assert len(pair.guest_saves.copies) == saves, "nor on disk"


def linked_pair(seed: int, plies: int) -> Pair:
    """Host and guest linked, ``plies`` random plies into a game (fewer if it ends)."""
    pair = Pair(seed)
    pair.run(1)
    rng = random.Random(seed)
    for _ in range(plies):
        game = pair.host.game
        moves = pair.host.position.legal_moves()
        if game is None or not moves:
            break
        side = pair.host if pair.host.position.side == game.local_colour else pair.guest
        side.send_move(len(game.moves) + 1, format_move(rng.choice(moves)))
        pair.run(0.5)
    return pair


U32 = st.integers(0, 2**32 - 1)
U64 = st.integers(0, 2**64 - 1)


@st.composite
def frames_for(draw: st.DrawFn, pair: Pair, side: LinkSession) -> Frame:
    """A frame aimed at ``side``: right or wrong game, ply, hashes, move and fields."""
    game = side.game
    assert game is not None
    held = len(game.moves)
    game_id = draw(st.sampled_from([game.game_id] * 4 + [0, game.game_id ^ 1]))
    ply = draw(st.sampled_from([held + 1] * 3 + [0, held, held + 2]) | U32)
    moves = side.position.legal_moves()
    text = draw(
        st.one_of(
            st.sampled_from([format_move(m) for m in moves] or ["pass"]),
            st.sampled_from([format_move(m) for m in moves] or ["pass"]),
            st.sampled_from(["a1-a2", "pass", "", "c10-d9"]),
            st.text(max_size=16),
        )
    )
    good_chain = chain_next(side.chain, text) if text.isascii() else 0
    chain = draw(st.sampled_from([good_chain, side.chain, good_chain ^ 1]) | U64)
    kind = draw(st.sampled_from(Kind))
    if draw(st.booleans()):  # the next ply, a legal move: only the history hash may be wrong
        ply, kind, game_id = held + 1, Kind.MOVE, game.game_id
        text = format_move(draw(st.sampled_from(moves))) if moves else "pass"
        chain = draw(st.sampled_from([chain_next(side.chain, text)]) | U64)
    if kind == Kind.MOVE:
        frame = Frame(kind, game_id, ply, chain.to_bytes(8, "little") + text.encode("utf-8")[:20])
    elif kind == Kind.ACK:
        key = draw(st.sampled_from([side.position.key(), 0]) | U64)
        frame = ack_frame(game_id, ply, key, chain)
    elif kind in (Kind.PING, Kind.RESYNC):
        frame = hash_frame(kind, game_id, ply, chain)
    elif kind == Kind.ERROR:
        said = draw(st.text(max_size=40)).encode("utf-8")
        frame = draw(
            st.sampled_from([error_frame(game_id, ply, problem) for problem in LinkProblem])
            | st.just(Frame(Kind.ERROR, game_id, ply, said))
        )
    else:
        rules = draw(st.sampled_from([*PLAYABLE, "standard/3", "seed/0", "other/1"]))
        hello = Hello(
            draw(st.sampled_from(list(Role))),
            draw(st.booleans()),
            draw(st.sampled_from([game.seed]) | U32),
            draw(st.integers(0, 1)),
            chain,
            rules,
            draw(st.lists(st.sampled_from([*PLAYABLE, "x/1"]), max_size=3).map(tuple)),
        )
        frame = hello_frame(game_id, ply, hello)
    if draw(st.integers(0, 20)) == 0:
        frame = Frame(frame.kind, frame.game_id, frame.ply, draw(st.binary(max_size=40)))
    if draw(st.integers(0, 20)) == 0:
        version = draw(st.integers(0, 255))
        frame = Frame(frame.kind, frame.game_id, frame.ply, frame.payload, version)
    return frame


@settings(max_examples=60, deadline=None)
@given(st.data(), st.integers(0, 1000), st.integers(0, 24), st.integers(0, 3))
def test_a_refused_frame_changes_no_state(
    data: st.DataObject, seed: int, plies: int, aim: int
) -> None:
    """Whatever arrives, the game moves on by exactly one saved ply, or not at all.

    Mostly the frame goes to the device waiting for the other's move, where a
    MOVE can be accepted; now and then to the one whose turn it is.
    """
    pair = linked_pair(seed, plies)
    game = pair.host.game
    assert game is not None
    hosts_turn = pair.host.position.side == game.local_colour
    to_guest = hosts_turn != (aim == 0)
    side, saves = (pair.guest, pair.guest_saves) if to_guest else (pair.host, pair.host_saves)
    frame = data.draw(frames_for(pair, side))
    before, saved = snapshot(side), list(saves.copies)
    pair.cable.ends[1 if to_guest else 0].inbox += on_the_wire(frame)
    moved = [e for e in side.poll() if isinstance(e, PeerMove)]
    if not moved:
        assert snapshot(side) == before, "a refused frame changed the game in memory"
        assert saves.copies == saved, "a refused frame changed what is saved"
        return
    (move,) = moved
    assert snapshot(side)[2] == [*before[2], move.move_text] and move.ply == len(before[2]) + 1
    assert len(saves.copies) == len(saved) + 1 and saves.last.moves == snapshot(side)[2]
