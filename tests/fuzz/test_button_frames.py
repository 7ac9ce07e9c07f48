"""Fuzz: the serial button controller's byte stream, and a stalling app.

Promise: the decoder never raises and never holds more than 16 bytes, and
only frames the board sent come out; presses and releases alternate for every
button; whatever the app's event queue refuses, the app ends with the board's
true state and never sees a key pressed twice without a release between.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
from budget import LONG_FACTOR, cases
from hypothesis import given
from hypothesis import strategies as st

from device.hardware.profiles import KEYS
from drivers.serial_buttons.protocol import (
    BUTTONS,
    ButtonChange,
    PressTracker,
    StateDecoder,
    StateFrame,
    encode_state,
)
from drivers.serial_buttons.reader import KeyDelivery, sdl_keys

DEFAULT_KEYS = sdl_keys(KEYS)
"""The keys the gpio-key overlay sends for each logical button."""

FRAMES = st.builds(StateFrame, st.integers(0, 255), st.integers(0, 0xFFFF))
PIECES = st.lists(st.one_of(FRAMES, st.binary(max_size=40)), max_size=40)


def stream_of(pieces: list[StateFrame | bytes]) -> bytes:
    return b"".join(encode_state(p) if isinstance(p, StateFrame) else p for p in pieces)


@cases(400)
@given(PIECES, st.lists(st.integers(1, 64), min_size=1))
def test_any_byte_stream_gives_only_sent_frames_and_a_bounded_buffer(
    pieces: list[StateFrame | bytes], chunk_sizes: list[int]
) -> None:
    data = stream_of(pieces)
    sent = {(p.seq, p.buttons & 0xFFFF) for p in pieces if isinstance(p, StateFrame)}
    decoder = StateDecoder()
    tracker = PressTracker()
    held: set[str] = set()
    at = 0
    while at < len(data):
        size = chunk_sizes[at % len(chunk_sizes)]
        for frame in decoder.feed(data[at : at + size]):
            assert (frame.seq, frame.buttons) in sent
            for change in tracker.update(frame):
                assert (change.button in held) != change.pressed, "presses and releases alternate"
                (held.add if change.pressed else held.discard)(change.button)
        assert decoder.buffered <= 16
        at += size
    assert {b for bit, b in enumerate(BUTTONS) if tracker.confirmed >> bit & 1} == held


@st.composite
def change_runs(draw: st.DrawFn) -> list[list[ButtonChange]]:
    """Confirmed changes in batches, as a tracker makes them (alternating per button)."""
    held: set[str] = set()
    runs = []
    for _ in range(draw(st.integers(0, 30))):
        run = []
        for button in draw(st.lists(st.sampled_from(BUTTONS), max_size=4)):
            run.append(ButtonChange(button, button not in held))
            (held.discard if button in held else held.add)(button)
        runs.append(run)
    return runs


@cases(150, long_run=400 * LONG_FACTOR)  # each case draws up to 150 changes: slow to make
@given(change_runs(), st.lists(st.booleans()))
def test_a_stalling_app_gets_the_true_state_and_never_a_doubled_key(
    runs: list[list[ButtonChange]], queue_full: list[bool]
) -> None:

    app_held: set[int] = set()
    refusals = iter(queue_full)

    def post(change: ButtonChange, key: int) -> None:
        if next(refusals, False):
            raise pygame.error("Event queue is full")
        assert (key in app_held) != change.pressed, "a key went down twice, or up twice"
        (app_held.add if change.pressed else app_held.discard)(key)

    delivery = KeyDelivery(DEFAULT_KEYS, post)
    board_held: set[str] = set()
    for run in runs:
        delivery.add(run)
        for change in run:
            (board_held.add if change.pressed else board_held.discard)(change.button)
        delivery.deliver()
        assert len(delivery.waiting) <= len(BUTTONS), "what waits is one change a button at most"
    for _ in queue_full:  # the app catches up
        delivery.deliver()
    delivery.deliver()
    assert app_held == {DEFAULT_KEYS[b] for b in board_held}
