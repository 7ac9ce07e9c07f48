"""Power cuts right after the install and after an update (the long form).

A customer pulls the plug as soon as the installer says it is done, or while an
update restarts the game. The harness cuts the power (QEMU killed: the card keeps
only what the guest had written) at a random moment 0-3 s after the command
returned, powers on again, and the game must come up, with the boot partition's
files whole (a torn ``config.txt`` leaves a Pi that does not boot, which QEMU,
loading the kernel itself, would not show) and the saved game kept.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from deploy.vm.machine import PanelLayout

if TYPE_CHECKING:
    from deploy.vm.firstboot import FirstBoot, Machine

CUT_WINDOW_S = (0.0, 3.0)
"""How long after the command returned the power is cut, drawn uniformly."""
DEPLOY_DIR = Path(__file__).resolve().parents[1]


def config_txt_after_install(original: str, profile: str) -> str:
    """``config.txt`` as the installer leaves a card's first one: as it was, then the
    profile's lines between the game's two markers."""
    block = (DEPLOY_DIR / f"boot-{profile}.txt").read_text(encoding="utf-8")
    return f"{original}# >>> satellites >>>\n{block}# <<< satellites <<<\n"


def cut_soon_after(run: FirstBoot, machine: Machine, what: str) -> Machine:
    """Cut the power 0-3 s from now (``what`` just returned) and power on again."""
    delay = run.random.uniform(*CUT_WINDOW_S)
    time.sleep(delay)
    machine.cut()
    run.report.power_cuts += 1
    booted = run.boot(PanelLayout.BESIDE_CONSOLE)
    run.report.boots[-1]["after"] = f"power cut {delay:.1f} s after the {what} returned"
    return booted


def update_then_cut(run: FirstBoot, machine: Machine) -> Machine:
    """The update from the stick, the power cut right after it, and the game back with
    its saved game and whole boot files."""
    plies = run.saved_plies(machine)
    result = machine.console.run(run.update_command(), timeout_s=3600)
    (run.out / "update.log").write_text(result.output, encoding="utf-8")
    if not result.ok:
        run.report.cut_after_update_ok = False
        run.report.failures.append(f"the update failed (exit {result.status}); see update.log")
        return machine
    machine = cut_soon_after(run, machine, "update")
    run.back_to_the_title(machine)
    machine.panel().save_png(run.out / "after-update-cut.png")
    kept = run.saved_plies(machine) == plies
    if not kept:
        run.report.failures.append("the saved game changed across the update and the power cut")
    run.report.cut_after_update_ok = run.boot_files_whole(machine) and kept
    return machine
