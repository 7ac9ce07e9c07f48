"""Measurements taken inside the guest (and the speed benchmark, on both sides).

Runs with the guest's own python3 and the standard library only:

    python3 sample.py bench                 # seconds for the pure-Python benchmark
    python3 sample.py idle UNIT SECONDS     # the unit's wakeups, CPU and memory, as JSON
    python3 sample.py memwatch FILE         # MemAvailable and swap used (kB) every half second
    python3 sample.py pan /dev/fbN          # FBIOPAN_DISPLAY: the kernel shows the buffer
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import sys
import time
from pathlib import Path

CGROUP = Path("/sys/fs/cgroup/system.slice")


def bench(rounds: int = 200_000) -> float:
    """Seconds for a fixed mix of what Python code does: calls, dicts, lists, strings."""
    started = time.perf_counter()
    table: dict[int, int] = {}
    total = 0
    for number in range(rounds):
        key = (number * 7919) % 1009
        table[key] = table.get(key, 0) + number
        total += len(str(number)) + sum([key, number & 15])
    if total < 0 or not table:
        raise AssertionError("unreachable: keeps the loop's work alive")
    return time.perf_counter() - started


def _pids(unit: str) -> list[int]:
    procs = CGROUP / unit / "cgroup.procs"
    return [int(line) for line in procs.read_text().split()]


def _switches(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        for task in Path(f"/proc/{pid}/task").glob("*"):
            try:
                status = (task / "status").read_text()
            except OSError:
                continue
            for line in status.splitlines():
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
    return total


def _cpu_usec(unit: str) -> int:
    for line in (CGROUP / unit / "cpu.stat").read_text().splitlines():
        if line.startswith("usage_usec"):
            return int(line.split()[1])
    return 0


def _rss_kb(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def idle(unit: str, seconds: float) -> dict[str, float]:
    """Wakeups a second (context switches of every thread) and CPU % of one core."""
    pids = _pids(unit)
    switches, cpu, started = _switches(pids), _cpu_usec(unit), time.monotonic()
    time.sleep(seconds)
    elapsed = time.monotonic() - started
    pids = _pids(unit)
    return {
        "wakeups_per_s": round((_switches(pids) - switches) / elapsed, 2),
        "cpu_percent": round((_cpu_usec(unit) - cpu) / 1e4 / elapsed, 2),
        "rss_mb": round(_rss_kb(pids) / 1024, 1),
        "processes": len(pids),
    }


FBIOGET_VSCREENINFO = 0x4600
FBIOPAN_DISPLAY = 0x4606
VSCREENINFO_BYTES = 160


def pan(device: Path) -> None:
    """Ask the kernel to show the framebuffer as it is (FBIOPAN_DISPLAY to where it is).

    The DRM fbdev emulation sets the display's mode on this call: the diagnosis for a
    panel that stays dark although the app writes into its framebuffer.
    """
    descriptor = os.open(device, os.O_RDWR)
    try:
        screen = bytearray(VSCREENINFO_BYTES)
        fcntl.ioctl(descriptor, FBIOGET_VSCREENINFO, screen)
        fcntl.ioctl(descriptor, FBIOPAN_DISPLAY, screen)
    finally:
        os.close(descriptor)


def memory_line(meminfo: str) -> str:
    """ "MemAvailable SwapUsed" in kB, from /proc/meminfo's text."""
    values = {
        name.rstrip(":"): int(amount)
        for name, amount, *_ in (line.split() for line in meminfo.splitlines())
    }
    return f"{values['MemAvailable']} {values['SwapTotal'] - values['SwapFree']}"


def memwatch(path: Path) -> None:
    with path.open("a") as log:
        while True:
            log.write(memory_line(Path("/proc/meminfo").read_text()) + "\n")
            log.flush()
            time.sleep(0.5)


MAX_IDLE_S = 3600.0
"""The longest idle measurement asked for (the test takes 10 s)."""


def seconds(text: str) -> float:
    """An argparse type: a duration from 0.1 s to MAX_IDLE_S."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0.1 <= value <= MAX_IDLE_S:  # NaN too
        raise argparse.ArgumentTypeError(f"must be seconds from 0.1 to {MAX_IDLE_S:g}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python3 sample.py", description="Measurements taken inside the virtual Zero 2 W."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("bench", help="seconds for the pure-Python benchmark")
    unit = commands.add_parser("idle", help="a unit's wakeups, CPU and memory, as JSON")
    unit.add_argument("unit")
    unit.add_argument("seconds", type=seconds, help=f"0.1 to {MAX_IDLE_S:g}")
    watch = commands.add_parser(
        "memwatch", help="append MemAvailable and the swap used (kB) every half second"
    )
    watch.add_argument("file", type=Path)
    panning = commands.add_parser("pan", help="FBIOPAN_DISPLAY on a framebuffer (a diagnosis)")
    panning.add_argument("device", type=Path)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "bench":
        print(f"{bench():.3f}")
    elif args.command == "idle":
        print(json.dumps(idle(args.unit, args.seconds)))
    elif args.command == "pan":
        pan(args.device)
    else:
        memwatch(args.file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
