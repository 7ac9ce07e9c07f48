"""How the app sleeps between frames: until input may be there, or its next deadline.

The app asks for events only after ``wait`` returns, so an idle handheld
wakes for nothing but its own timers (at most about once a second when
nothing moves).  On the device the wait blocks in ``poll`` on the input
devices' file descriptors and a self-pipe; anything that posts events or
finishes work from another thread (the serial buttons, the computer's
search) calls ``wake``.
"""

from __future__ import annotations

from typing import Protocol


class Waiter(Protocol):
    def wait(self, timeout_ms: int) -> bool:
        """Block until input may be pending, ``wake`` is called, or ``timeout_ms`` passed;
        True unless it timed out."""
        ...

    def wake(self) -> None:
        """From any thread: end the current wait, or the next one, at once."""
        ...
