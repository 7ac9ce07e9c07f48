"""The simulator with its save folder's disk stopping the process at one chosen call.

    python tests/simulator/kill_at_call.py --calls FILE [--kill-at N] -- SIMULATOR ARGS

Every call to a method of ``device.journal.disk.Disk`` (the only way the app reaches
its save folder) is counted and written to FILE, one line each: its number,
the method, the file's name.  With ``--kill-at N`` the process SIGKILLs
itself just before call N: the state the folder is in is exactly the one a
crash at that point leaves.  Without it the run counts the calls of a script.
"""

from __future__ import annotations

import argparse
import functools
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from device.journal.disk import Disk
from simulator.cli import main as simulator_main

DISK_METHODS = tuple(
    name for name, value in vars(Disk).items() if callable(value) and not name.startswith("_")
)


def stop_at(calls: TextIO, kill_at: int | None) -> None:
    """Wrap every method of Disk: count each call, write it down, die before call ``kill_at``."""
    count = 0

    def wrap(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(method)
        def counted(self: Disk, *args: Any) -> Any:
            nonlocal count
            count += 1
            where = args[0].name if args and isinstance(args[0], Path) else ""
            calls.write(f"{count} {name} {where}\n")
            calls.flush()
            if count == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            return method(self, *args)

        return counted

    for name in DISK_METHODS:
        setattr(Disk, name, wrap(name, getattr(Disk, name)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=Path, required=True, help="where the calls are written")
    parser.add_argument("--kill-at", type=int, help="SIGKILL just before this call (from 1)")
    parser.add_argument("simulator", nargs=argparse.REMAINDER, help="-- and the simulator's own")
    args = parser.parse_args()
    simulator_args = args.simulator[1:] if args.simulator[:1] == ["--"] else args.simulator
    with open(args.calls, "a", encoding="utf-8") as calls:
        stop_at(calls, args.kill_at)
        return simulator_main(simulator_args)


if __name__ == "__main__":
    sys.exit(main())
