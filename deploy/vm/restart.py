"""The game's own start, on a card that has finished booting.

At power-on the game starts beside the rest of the boot (on Raspberry Pi OS
NetworkManager and cloud-init's later stages), and the virtual machine's four
emulated cores share the host's two with whatever else runs there, so the start
measured at boot mixes the game's own work with everyone else's. Restarting the
service once the boot is over times the game alone (its files already in the
page cache, which a power-on does not have): the figure the calibration turns
into a Zero 2 W's. Where the seconds go is kept too: Python's import times of
what the launcher loads after the splash (``import-times.txt``).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from deploy.vm.boottime import GuestClock, unit_start_s
from deploy.vm.console import SerialConsole
from deploy.vm.pictures import Picture

if TYPE_CHECKING:
    from deploy.vm.firstboot import FirstBoot, Machine

UNIT = "satellites.service"
WAIT_S = 600.0
IMPORTS_KEPT = 40
"""The modules with the longest import times kept in import-times.txt."""


def restart_to_title(run: FirstBoot, machine: Machine) -> None:
    """Restart the service; seconds from its process start to the splash and the title."""
    splash = Picture.splash(*run.title_size)
    machine.console.check(f"systemctl restart {UNIT}")
    splash_seen = title_seen = None
    deadline = time.monotonic() + WAIT_S
    while title_seen is None and time.monotonic() < deadline:
        frame = machine.panel().unscaled(*run.title_size)
        now = time.monotonic()
        if splash_seen is None and frame.differing_pixels(splash) == 0:
            splash_seen = now
        elif splash_seen is not None and run.shows_the_title(frame):
            title_seen = now
        time.sleep(0.25)
    if title_seen is None:
        machine.panel().save_png(run.out / "after-restart.png")
        run.report.failures.append(
            f"the title did not come back within {WAIT_S:.0f} s of a restart"
        )
        return
    clock = GuestClock.read(machine.console)
    started = unit_start_s(machine.console)
    if started is not None and splash_seen is not None:
        run.report.restart_to_splash_s = round(clock.since_kernel_start(splash_seen) - started, 1)
        run.report.restart_to_title_s = round(clock.since_kernel_start(title_seen) - started, 1)


def keep_import_times(console: SerialConsole, path: Path) -> None:
    """What the launcher imports after the splash, as the game's user, slowest first."""
    text = console.run(
        "cd / && runuser -u satellites -- /opt/satellites/venv/bin/python -X importtime "
        f"-c 'import deploy.session' 2>&1 | sort -t '|' -k 2 -n -r | head -n {IMPORTS_KEPT}",
        timeout_s=600,
    ).output
    path.write_text(text, encoding="utf-8")
