"""The serial button controller: frames, garbage, press logic, unplug and replug."""

import binascii
import contextlib
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from waiting import DEADLINE_S, LOOK_EVERY_S, wait_until

from device.hardware.profiles import KEYS
from drivers.serial_buttons.emulator import HELD_FRAMES, EmulatedController, PtyController
from drivers.serial_buttons.protocol import (
    BUTTONS,
    ButtonChange,
    PressTracker,
    StateDecoder,
    StateFrame,
    encode_state,
)
from drivers.serial_buttons.reader import (
    ButtonReader,
    find_controller_port,
    post_key_event,
    sdl_keys,
)

DEFAULT_KEYS = sdl_keys(KEYS)
"""The keys the gpio-key overlay sends for each logical button."""


def test_crc16_check_value_is_pinned() -> None:
    assert binascii.crc_hqx(b"123456789", 0xFFFF) == 0x29B1


@given(st.integers(0, 255), st.integers(0, 0xFFFF))
def test_state_frames_round_trip(seq: int, buttons: int) -> None:
    assert StateDecoder().feed(encode_state(StateFrame(seq, buttons))) == [StateFrame(seq, buttons)]


@settings(max_examples=300)
@given(st.binary(max_size=500), st.integers(0, 0xFF))
def test_garbage_is_ignored_and_the_next_frames_decode(garbage: bytes, buttons: int) -> None:
    decoder = StateDecoder()
    frames = [StateFrame(seq, buttons) for seq in range(3)]
    received = decoder.feed(garbage + b"".join(encode_state(f) for f in frames))
    assert decoder.buffered <= 16
    assert received[-2:] == frames[-2:], "at most the first frame after garbage is lost"


def test_every_single_bit_flip_is_rejected() -> None:
    encoded = encode_state(StateFrame(7, 0b10110))
    for bit in range((len(encoded) - 1) * 8):
        damaged = bytearray(encoded)
        damaged[bit // 8] ^= 1 << (bit % 8)
        assert StateDecoder().feed(bytes(damaged)) == [], bit


def press(tracker: PressTracker, frames: list[tuple[int, int]]) -> list[ButtonChange]:
    changes: list[ButtonChange] = []
    for seq, buttons in frames:
        changes += tracker.update(StateFrame(seq, buttons))
    return changes


A = 1 << BUTTONS.index("A")


def test_a_press_counts_only_when_two_consecutive_frames_agree() -> None:
    tracker = PressTracker()
    assert press(tracker, [(0, 0), (1, A)]) == []
    assert press(tracker, [(2, A)]) == [ButtonChange("A", True)]
    assert press(tracker, [(3, A), (4, 0), (5, 0)]) == [ButtonChange("A", False)]


def test_a_single_glitched_frame_and_a_repeated_frame_press_nothing() -> None:
    tracker = PressTracker()
    assert press(tracker, [(0, 0), (1, A), (2, 0), (3, 0)]) == []
    assert press(tracker, [(4, A), (4, A)]) == [], "a duplicate is not a second opinion"


def test_silence_releases_held_buttons() -> None:
    tracker = PressTracker()
    press(tracker, [(0, A), (1, A)])
    assert tracker.release_all() == [ButtonChange("A", False)]
    assert tracker.release_all() == []


class Recorder:
    def __init__(self) -> None:
        self.changes: list[tuple[str, bool, int]] = []

    def __call__(self, change: ButtonChange, key: int) -> None:
        self.changes.append((change.button, change.pressed, key))


def wait_for(condition: Callable[[], bool], reader: ButtonReader) -> None:
    """Step the reader (one read, up to ``READ_WAIT``) until ``condition`` holds."""
    deadline = time.monotonic() + DEADLINE_S
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        reader.step()
        time.sleep(LOOK_EVERY_S)  # an unplugged port reads nothing at once


Wired = tuple[PtyController, ButtonReader, Recorder]


@pytest.fixture
def wired(tmp_path: Path) -> Iterator[Wired]:
    """An emulated board on a pty, and a reader (stepped by the test) recording its changes."""
    board = PtyController(tmp_path / "buttons", period=0.005)
    board.start()
    recorder = Recorder()
    reader = ButtonReader(str(board.path), DEFAULT_KEYS, post=recorder)
    yield board, reader, recorder
    board.stop()
    reader.stop()


def test_the_reader_presses_keys_and_survives_unplug_garbage_and_replug(wired: Wired) -> None:
    board, reader, recorder = wired
    wait_for(lambda: reader.connected, reader)
    board.controller.press("A")
    wait_for(lambda: ("A", True, pygame.K_RETURN) in recorder.changes, reader)
    board.unplug()
    wait_for(lambda: not reader.connected, reader)
    wait_for(lambda: ("A", False, pygame.K_RETURN) in recorder.changes, reader)
    board.controller.release("A")
    board.plug_in()
    wait_for(lambda: reader.connected, reader)
    board.garbage = random.Random(1).randbytes(200)
    board.controller.press("LEFT")
    wait_for(lambda: ("LEFT", True, pygame.K_LEFT) in recorder.changes, reader)
    board.controller.release("LEFT")
    wait_for(lambda: ("LEFT", False, pygame.K_LEFT) in recorder.changes, reader)
    assert recorder.changes == [
        ("A", True, pygame.K_RETURN),
        ("A", False, pygame.K_RETURN),
        ("LEFT", True, pygame.K_LEFT),
        ("LEFT", False, pygame.K_LEFT),
    ]


def test_key_events_reach_the_sdl_queue() -> None:
    pygame.display.init()
    try:
        pygame.event.clear()
        post_key_event(ButtonChange("B", True), DEFAULT_KEYS["B"])
        events = [e for e in pygame.event.get() if e.type == pygame.KEYDOWN]
        assert [e.key for e in events] == [pygame.K_BACKSPACE]
    finally:
        pygame.display.quit()


def test_emulator_frames_count_up_and_carry_the_held_buttons() -> None:
    board = EmulatedController()
    board.press("UP")
    board.press("SELECT")
    frames = StateDecoder().feed(board.next_frame() + board.next_frame())
    expected = 1 << BUTTONS.index("UP") | 1 << BUTTONS.index("SELECT")
    assert frames == [StateFrame(0, expected), StateFrame(1, expected)]


def test_a_tap_shorter_than_a_frame_is_held_for_the_frames_the_reader_needs() -> None:
    board = EmulatedController()
    board.press("A")
    board.release("A")  # before the board sent a frame
    frames = StateDecoder().feed(b"".join(board.next_frame() for _ in range(HELD_FRAMES + 2)))
    assert [frame.buttons for frame in frames] == [A] * HELD_FRAMES + [0, 0]
    tracker = PressTracker()
    assert press(tracker, [(f.seq, f.buttons) for f in frames]) == [
        ButtonChange("A", True),
        ButtonChange("A", False),
    ]


def test_a_press_again_before_the_held_frames_keeps_the_button_down() -> None:
    board = EmulatedController()
    board.press("A")
    board.release("A")
    board.next_frame()
    board.press("A")  # a second tap while the first one is still held
    frames = StateDecoder().feed(b"".join(board.next_frame() for _ in range(2 * HELD_FRAMES)))
    assert all(frame.buttons == A for frame in frames)


def test_the_first_stable_name_present_is_chosen(tmp_path: Path) -> None:
    present = tmp_path / "serial0"
    present.touch()
    missing = str(tmp_path / "satellites-buttons")
    assert find_controller_port((missing, str(present))) == str(present)
    assert find_controller_port((missing,)) is None


def test_a_frozen_board_releases_every_button(wired: Wired) -> None:
    board, reader, recorder = wired
    board.controller.press("A")
    wait_for(lambda: ("A", True, pygame.K_RETURN) in recorder.changes, reader)
    board.controller.frozen = True  # the same frame, the same sequence number, for ever
    wait_for(lambda: ("A", False, pygame.K_RETURN) in recorder.changes, reader)
    board.controller.frozen = False
    wait_for(lambda: ("A", True, pygame.K_RETURN) in recorder.changes[2:], reader)


def fill_the_event_queue() -> None:
    with contextlib.suppress(pygame.error):
        while True:
            pygame.event.post(pygame.event.Event(pygame.USEREVENT))


def key_events() -> list[tuple[int, int]]:
    return [(e.type, e.key) for e in pygame.event.get((pygame.KEYDOWN, pygame.KEYUP))]


def gather_key_events(seen: list[tuple[int, int]]) -> bool:
    """Add the key events waiting in the queue to ``seen``; True once it holds any."""
    seen += key_events()
    return bool(seen)


def test_the_reader_outlives_a_full_event_queue_and_never_leaves_a_key_down(
    tmp_path: Path,
) -> None:
    """A chattering board while the app stalls: the changes wait, coalesced, and arrive."""
    pygame.display.init()
    board = PtyController(tmp_path / "buttons", period=0.002)
    board.start()
    reader = ButtonReader(str(board.path), DEFAULT_KEYS)
    reader.start(period=0.002)
    try:
        pygame.event.clear()
        board.controller.press("A")
        seen: list[tuple[int, int]] = []
        wait_until(lambda: gather_key_events(seen), "A pressed")
        assert seen[0] == (pygame.KEYDOWN, pygame.K_RETURN)
        fill_the_event_queue()  # the app stalls
        for _ in range(40):  # chattering A and LEFT at USB speed
            board.controller.release("A")
            board.controller.press("LEFT")
            time.sleep(0.01)
            board.controller.press("A")
            board.controller.release("LEFT")
            time.sleep(0.01)
        board.controller.release("A")
        held_back = [ButtonChange("A", False)]  # coalesced: LEFT's ups and downs cancel out
        wait_until(lambda: reader.waiting == held_back, "the changes held back")
        assert reader.running
        assert pygame.event.get(pygame.USEREVENT)  # the app catches up
        seen.clear()
        wait_until(lambda: gather_key_events(seen) and not reader.waiting, "all delivered")
        seen += key_events()  # the board holds still: nothing more comes
    finally:
        reader.stop()
        board.stop()
        pygame.display.quit()
    for key, held in ((pygame.K_RETURN, True), (pygame.K_LEFT, False)):
        kinds = [kind for kind, k in seen if k == key]
        expected = [pygame.KEYUP, pygame.KEYDOWN] if held else [pygame.KEYDOWN, pygame.KEYUP]
        assert kinds == (expected * len(kinds))[: len(kinds)], "downs and ups alternate"
        assert kinds[-1:] in ([], [pygame.KEYUP]), "no key is left down"
    assert seen[-1] == (pygame.KEYUP, pygame.K_RETURN)


def test_the_reader_thread_survives_any_exception_with_a_message(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    board = PtyController(tmp_path / "buttons", period=0.005)
    board.start()
    recorder = Recorder()
    failures = [RuntimeError("a bug in the app's key handling")]

    def post(change: ButtonChange, key: int) -> None:
        if failures:
            raise failures.pop()
        recorder(change, key)

    reader = ButtonReader(str(board.path), DEFAULT_KEYS, post=post)
    reader.start()
    try:
        board.controller.press("B")
        wait_until(lambda: ("B", True, pygame.K_BACKSPACE) in recorder.changes, "B pressed")
        assert reader.running
    finally:
        reader.stop()
        board.stop()
    assert "a bug in the app's key handling" in caplog.text
