"""Waiting in a test for what a thread, a process or the kernel does: on the condition
itself, with a deadline that only guards against a hang. Never for a guessed time: on a
loaded machine a guess passes without reaching the path the test names, or fails."""

import time
from collections.abc import Callable

DEADLINE_S = 20.0
"""Generous: a loaded machine is slow, not wrong."""
LOOK_EVERY_S = 0.002
"""Between two looks at the condition the other threads get the interpreter."""


def wait_until(condition: Callable[[], bool], what: str, seconds: float = DEADLINE_S) -> None:
    """Return once ``condition()`` holds; fail, naming ``what``, after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"never happened within {seconds} s: {what}"
        time.sleep(LOOK_EVERY_S)
