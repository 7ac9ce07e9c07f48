"""The boot on the guest's own clock: moments seen from the host as seconds since the
kernel started, and what systemd made the game wait for.

The guest's ``/proc/uptime`` counts from the kernel's start. A moment the host saw
(the panel's first picture in a screendump) is placed on that clock by asking the
guest for its uptime and taking the middle of the question's round trip, the
shortest of a few, as the moment it answered.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from deploy.vm.console import SerialConsole

SAMPLES = 3
BOOT_END_WAIT_S = 600
"""How long systemd may take, after the title, to finish starting the rest of the boot."""
UNIT = "satellites.service"
CHAIN_OF = (UNIT, "systemd-user-sessions.service", "network-online.target")
"""The game's unit, and what it no longer waits for: the user sessions (which on
Raspberry Pi OS wait for cloud-init's network stage) and the network."""


@dataclass(frozen=True)
class GuestClock:
    """The host's monotonic clock minus the guest's uptime, within ``error_s``."""

    offset_s: float
    error_s: float

    @classmethod
    def read(cls, console: SerialConsole) -> GuestClock:
        readings = []
        for _ in range(SAMPLES):
            asked = time.monotonic()
            uptime = float(console.check("cat /proc/uptime").split()[0])
            answered = time.monotonic()
            readings.append(cls((asked + answered) / 2 - uptime, (answered - asked) / 2))
        return min(readings, key=lambda reading: reading.error_s)

    def since_kernel_start(self, host_moment: float) -> float:
        return round(host_moment - self.offset_s, 1)


def unit_start_s(console: SerialConsole, unit: str = UNIT) -> float | None:
    """When the unit's main process started, in seconds since the kernel's start."""
    value = console.check(f"systemctl show -p ExecMainStartTimestampMonotonic --value {unit}")
    microseconds = int(value.strip() or 0)
    return microseconds / 1e6 if microseconds > 0 else None


def active_at_s(console: SerialConsole, unit: str) -> float | None:
    """When the unit became active, in seconds since the kernel's start (None: never)."""
    value = console.check(f"systemctl show -p ActiveEnterTimestampMonotonic --value {unit}")
    microseconds = int(value.strip() or 0)
    return microseconds / 1e6 if microseconds > 0 else None


def keep_critical_chain(console: SerialConsole, path: Path) -> dict[str, float | None]:
    """systemd's account of the boot in ``path`` once the boot has finished: the time it
    took, the critical chain of the game's unit and of what it used to wait for; and
    when each became active, and when the boot finished."""
    text = console.run(
        f"timeout {BOOT_END_WAIT_S} systemctl is-system-running --wait; systemd-analyze time; "
        + "; ".join(f"systemd-analyze critical-chain --no-pager {unit}" for unit in CHAIN_OF),
        timeout_s=BOOT_END_WAIT_S + 300,
    ).output
    path.write_text(text, encoding="utf-8")
    chain = {unit: active_at_s(console, unit) for unit in CHAIN_OF}
    finished = console.check("systemctl show -p FinishTimestampMonotonic --value").strip()
    chain["boot finished"] = int(finished or 0) / 1e6 or None
    return chain
