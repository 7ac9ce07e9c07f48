"""Whether a login prompt can still be reached on the device while the game runs.

The game holds the first virtual console (``tty1``). A player who plugs in a
keyboard to log in presses Ctrl+Alt+F2: the kernel switches to the second console
and logind starts a login prompt there (``autovt@tty2``) — unless the game's input
keeps the keyboard from the console. The test presses it, reads which console is in
front, and switches back.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deploy.vm.firstboot import FirstBoot, Machine

ACTIVE = "/sys/class/tty/tty0/active"
SWITCH_WAIT_S = 60.0


def wait_for_console(machine: Machine, tty: str, timeout_s: float = SWITCH_WAIT_S) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if machine.console.check(f"cat {ACTIVE}").strip() == tty:
            return True
        time.sleep(1.0)
    return False


def reach_a_login_prompt(run: FirstBoot, machine: Machine) -> None:
    """Ctrl+Alt+F2 beside the game: the second console and its prompt; then back."""
    before = machine.settle()
    machine.qmp.send_key("ctrl", "alt", "f2")
    reached = wait_for_console(machine, "tty2")
    prompt = machine.console.run("systemctl is-active autovt@tty2.service").output.strip()
    machine.qmp.send_key("ctrl", "alt", "f1")
    back = wait_for_console(machine, "tty1")
    run.report.login_console = (
        f"Ctrl+Alt+F2: {'tty2' if reached else 'stayed on tty1'}, its login prompt {prompt}; "
        f"Ctrl+Alt+F1: {'back on tty1' if back else 'not back on tty1'}"
    )
    if reached and not back:
        run.report.failures.append("Ctrl+Alt+F1 did not bring the game's console back")
    if machine.settle() != before:
        machine.panel().save_png(run.out / "after-console-switch.png")
        run.report.failures.append("switching consoles changed the game's picture")
