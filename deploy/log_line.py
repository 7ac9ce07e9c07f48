"""One line for the system log (the service's stderr, which systemd keeps): how the
launcher says what happened."""

from __future__ import annotations

import sys


def say(line: str) -> None:
    print(f"satellites: {line}", file=sys.stderr, flush=True)
