"""The virtual Zero 2 W's calibration and its Zero 2 W bracket, and the guest's clock."""

import socket
import threading

import pytest

from deploy.vm.boottime import GuestClock
from deploy.vm.calibration import RUNS, ZERO2W_VS_HOST, Moment, measure, on_zero2w, vm_speed
from deploy.vm.console import SerialConsole


def test_each_side_runs_alternately_and_every_run_is_kept() -> None:
    calls: list[str] = []

    def guest() -> float:
        calls.append("guest")
        return 2.0

    def host() -> float:
        calls.append("host")
        return 0.1

    moment = measure("before", guest, host)
    assert calls == ["guest", "host"] * RUNS, "both sides see the same load"
    assert moment == Moment("before", (2.0,) * RUNS, (0.1,) * RUNS)


def test_the_slowdown_is_the_median_and_its_spread_shows_a_disturbed_run() -> None:
    quiet = Moment("before", (2.0, 2.2, 2.0), (0.1, 0.1, 0.12))
    disturbed = Moment("after", (2.0, 6.0, 2.1), (0.1, 0.1, 0.1))
    speed = vm_speed([quiet, disturbed])
    assert speed["slowdown"] == 20.5
    assert (speed["slowdown_min"], speed["slowdown_max"]) == (20.0, 60.0)
    assert speed["runs"] == {
        "before": {"guest_s": [2.0, 2.2, 2.0], "host_s": [0.1, 0.1, 0.12]},
        "after": {"guest_s": [2.0, 6.0, 2.1], "host_s": [0.1, 0.1, 0.1]},
    }
    assert vm_speed([]) == {}, "no calibration: nothing, never a made-up figure"


def test_the_zero2w_bracket_takes_the_fastest_and_the_slowest_slowdown_around_it() -> None:
    before = Moment("after the title", (2.0, 4.0), (0.1, 0.1))  # slowdowns 20 and 40
    after = Moment("after the restart", (3.0,), (0.1,))  # 30
    low, high = ZERO2W_VS_HOST
    assert on_zero2w(10.0, [before, after]) == [
        round(10.0 / 40 * low, 1),
        round(10.0 / 20 * high, 1),
    ]
    assert on_zero2w(10.0, []) == [], "no calibration: no estimate"


def test_a_moment_seen_on_the_host_is_placed_on_the_guests_clock() -> None:
    harness, guest = socket.socketpair()
    answers = iter(["1000.00", "1000.50", "1001.00"])

    def answer_uptime() -> None:
        buffer = b""
        for uptime in answers:
            while b"\n" not in buffer:
                buffer += guest.recv(4096)
            line, buffer = buffer.split(b"\n", 1)
            token = line.decode().split("'<<<' ")[1].split(";")[0]
            guest.sendall(f"<<<{token}\r\n{uptime} 3.0\r\n>>>{token} 0\r\n".encode())

    with harness, guest:
        answering = threading.Thread(target=answer_uptime)
        answering.start()
        clock = GuestClock.read(SerialConsole(harness))
        answering.join()
    assert clock.error_s < 1.0
    # The guest said 1000.x s since its kernel started at about the moment it answered.
    assert clock.since_kernel_start(clock.offset_s + 1000.0) == pytest.approx(1000.0)
