"""The device's loop sleeps until a key device has something, or it is woken."""

import os
import threading
from pathlib import Path

from drivers.input_wait import LONG_BITS, ButtonDevices, FdWaiter, is_button_device


def test_a_key_event_ends_the_wait_and_is_taken_off_the_descriptor() -> None:
    read, write = os.pipe2(os.O_NONBLOCK)
    waiter = FdWaiter([read])
    assert not waiter.wait(0), "nothing pending"
    os.write(write, bytes(24))  # one struct input_event
    assert waiter.wait(5_000)
    assert not waiter.wait(0), "the event was drained: the next wait sleeps again"
    waiter.close()
    os.close(write)


def test_another_thread_wakes_the_loop() -> None:
    waiter = FdWaiter()
    thread = threading.Thread(target=waiter.wake)
    thread.start()
    assert waiter.wait(5_000)
    thread.join()
    waiter.wake()
    waiter.wake()  # two wakes before a wait end one wait
    assert waiter.wait(5_000)
    assert not waiter.wait(0)
    waiter.close()


def kernel_bitmap(*bits: int) -> str:
    """A capability bitmap as sysfs prints it: longs in hex, the highest first."""
    value = sum(1 << bit for bit in bits)
    words: list[str] = []
    while value or not words:
        words.append(f"{value & (1 << LONG_BITS) - 1:x}")
        value >>= LONG_BITS
    return " ".join(reversed(words)) + "\n"


def fake_input(sysfs: Path, dev: Path, name: str, ev_bits: int, keys: tuple[int, ...] = ()) -> None:
    caps = sysfs / "class" / "input" / name / "device" / "capabilities"
    caps.mkdir(parents=True)
    (caps / "ev").write_text(f"{ev_bits:x}\n")
    (caps / "key").write_text(kernel_bitmap(*keys))
    (dev / name).write_bytes(b"")


KEY_ENTER, BTN_LEFT, BTN_TRIGGER, BTN_SOUTH, BTN_TOUCH = 28, 0x110, 0x120, 0x130, 0x14A


def test_keys_and_gamepads_are_watched_pointers_are_not(tmp_path: Path) -> None:
    sysfs, dev = tmp_path / "sys", tmp_path / "dev"
    dev.mkdir()
    fake_input(sysfs, dev, "event0", 0b100011, (KEY_ENTER,))  # gpio-keys: EV_SYN, EV_KEY, EV_REP
    fake_input(sysfs, dev, "event1", 0b111, (BTN_LEFT,))  # a mouse: EV_KEY and EV_REL
    fake_input(sysfs, dev, "event2", 0b1011, (BTN_TOUCH,))  # a touch panel: EV_KEY and EV_ABS
    fake_input(sysfs, dev, "event3", 0b1011, (BTN_SOUTH, BTN_SOUTH + 1))  # a gamepad
    fake_input(sysfs, dev, "event4", 0b1011, (BTN_TRIGGER,))  # a plain USB pad, a "joystick"
    fake_input(sysfs, dev, "event5", 0b1001)  # an accelerometer: EV_ABS only
    watched = [
        name for name in sorted(p.name for p in dev.iterdir()) if is_button_device(name, sysfs)
    ]
    assert watched == ["event0", "event3", "event4"]
    assert not is_button_device("event9", sysfs)
    fds = ButtonDevices(dev, sysfs).scan()
    assert len(fds) == 3
    for fd in fds:
        os.close(fd)


def test_a_capability_bitmap_of_many_words_is_read_whole(tmp_path: Path) -> None:
    """A pad's buttons sit in the fifth long on a 64-bit kernel, the tenth on 32 bits."""
    sysfs, dev = tmp_path / "sys", tmp_path / "dev"
    dev.mkdir()
    fake_input(sysfs, dev, "event0", 0b1011, (KEY_ENTER, BTN_SOUTH))
    caps = sysfs / "class" / "input" / "event0" / "device" / "capabilities" / "key"
    assert len(caps.read_text().split()) == BTN_SOUTH // LONG_BITS + 1
    assert is_button_device("event0", sysfs)
    caps.write_text("garbage\n")
    assert not is_button_device("event0", sysfs)


def test_a_pad_plugged_in_wakes_the_wait_and_one_pulled_out_stops_waking_it(
    tmp_path: Path,
) -> None:
    """The nodes are FIFOs: readable when written, hung up when the writer goes, as an
    input device is when unplugged."""
    sysfs, dev = tmp_path / "sys", tmp_path / "dev"
    dev.mkdir()
    waiter = FdWaiter(devices=ButtonDevices(dev, sysfs))
    try:
        assert not waiter.wait(0), "no device yet"
        fake_input(sysfs, dev, "event3", 0b1011, (BTN_SOUTH,))  # its sysfs entry comes first
        (dev / "event3").unlink()
        os.mkfifo(dev / "event3")  # the kernel makes its node: the wait wakes and opens it
        assert waiter.wait(5_000)
        assert not waiter.wait(0)
        pad = os.open(dev / "event3", os.O_WRONLY | os.O_NONBLOCK)
        os.write(pad, b"press")
        assert waiter.wait(5_000), "a press on the new pad wakes the wait"
        assert not waiter.wait(0), "the press was drained"
        os.close(pad)  # pulled out
        assert waiter.wait(5_000)
        assert not waiter.wait(0), "a pad gone no longer wakes the wait"
    finally:
        waiter.close()
