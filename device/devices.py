"""Everything the app is handed from outside, in one object: the device it runs on
(its profile, panel, speaker, power and light, what presses its buttons), where it
keeps its files, the link cable's ports, and the clocks.

The wiring (``simulator``, ``deploy``) and the tests build one from the drivers
they opened; what is left out is absent (no speaker, no power switch, no cable).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from device.hardware.display import Display
from device.hardware.input import ButtonInput
from device.hardware.power import Backlight, PowerSwitch, Supply
from device.hardware.profiles import Profile
from device.hardware.sound import Speaker
from device.hardware.wait import Waiter
from device.journal.disk import Disk
from device.link.interface import LinkCable


def monotonic_ms() -> int:
    """Milliseconds from a clock that never jumps (pygame's ticks need pygame.init)."""
    return int(time.monotonic() * 1000)


def local_date() -> str:
    """Today as a game record writes it."""
    return time.strftime("%Y.%m.%d")


@dataclass(frozen=True)
class Devices:
    profile: Profile
    display: Display
    save_dir: Path
    disk: Disk | None = None
    """What every file goes through (None: the real one; a test's may fail)."""
    waiter: Waiter | None = None
    """How the loop sleeps (None: in SDL's own event queue, as desktop drivers allow)."""
    speaker: Speaker | None = None
    power: PowerSwitch | None = None
    """None where the game cannot turn the device off (the simulator)."""
    backlight: Backlight | None = None
    supply: Supply | None = None
    link_cable: LinkCable | None = None
    """Opens a linked game on a port (None: a device without a cable)."""
    link_ports: Sequence[str] = ()
    """Where a link cable may be plugged, the configured one first."""
    inputs: Sequence[ButtonInput] = ()
    """What presses the buttons, read in turn (none: the app is pressed directly, as
    tests and scripts do)."""
    clock: Callable[[], int] = monotonic_ms
    today: Callable[[], str] = local_date
