"""Fuzz: what arrives on the link cable during a linked game.

Promise: whatever bytes arrive (garbage, damaged frames, well-formed frames
with wrong games, plies, hashes or moves), the session never raises, and the game only
ever moves on by whole plies that are saved and reported to the app; a frame
it refuses changes nothing in memory or in what is saved.
"""

from budget import cases
from hypothesis import given
from hypothesis import strategies as st
from link_relay import on_the_wire
from mutations import damaged_bytes
from test_link_refusals import frames_for, linked_pair, snapshot

from device.link.events import PeerMove


@cases(100)
@given(st.data(), st.integers(0, 10_000), st.integers(0, 30), st.booleans())
def test_any_bytes_on_the_cable_move_the_game_by_saved_plies_only(
    data: st.DataObject, seed: int, plies: int, to_guest: bool
) -> None:
    pair = linked_pair(seed, plies)
    side, saves = (pair.guest, pair.guest_saves) if to_guest else (pair.host, pair.host_saves)
    frames = frames_for(pair, side).map(on_the_wire)
    pieces = data.draw(
        st.lists(
            st.one_of(frames, frames.flatmap(damaged_bytes), st.binary(max_size=600)),
            max_size=6,
        )
    )
    stream = b"".join(pieces)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=5)))
    before, saved = snapshot(side), len(saves.copies)
    moved: list[str] = []
    for start, end in zip([0, *cuts], [*cuts, len(stream)], strict=True):
        pair.cable.ends[1 if to_guest else 0].inbox += stream[start:end]
        moved += [e.move_text for e in side.poll() if isinstance(e, PeerMove)]
    assert snapshot(side)[2] == [*before[2], *moved]
    assert len(saves.copies) == saved + len(moved)
