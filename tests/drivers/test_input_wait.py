"""The device's loop sleeps until a key device has something, or it is woken."""

import os
import threading
from pathlib import Path

from drivers.input_wait import FdWaiter, is_key_device, open_key_devices


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


def fake_input(sysfs: Path, dev: Path, name: str, ev_bits: int) -> None:
    caps = sysfs / "class" / "input" / name / "device" / "capabilities"
    caps.mkdir(parents=True)
    (caps / "ev").write_text(f"{ev_bits:x}\n")
    (dev / name).write_bytes(b"")


def test_only_key_devices_are_watched(tmp_path: Path) -> None:
    sysfs, dev = tmp_path / "sys", tmp_path / "dev"
    dev.mkdir()
    fake_input(sysfs, dev, "event0", 0b100011)  # gpio-keys: EV_SYN, EV_KEY, EV_REP
    fake_input(sysfs, dev, "event1", 0b111)  # a mouse: EV_KEY and EV_REL
    fake_input(sysfs, dev, "event2", 0b1011)  # a touch panel: EV_KEY and EV_ABS
    assert is_key_device("event0", sysfs)
    assert not is_key_device("event1", sysfs)
    assert not is_key_device("event2", sysfs)
    assert not is_key_device("event9", sysfs)
    fds = open_key_devices(dev, sysfs)
    assert len(fds) == 1
    for fd in fds:
        os.close(fd)
