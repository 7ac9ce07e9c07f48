""" "Power off" chosen in the game's title menu, as a player does it (the long form).

The game asks logind to power off as its own user, which the polkit rule the
installer put on the card allows (polkitd on the card, as on Raspberry Pi OS
Lite). The machine must be off within 30 s of the player's "Yes"; the card then
powers on again for the rest of the test.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from deploy.vm import keys

if TYPE_CHECKING:
    from deploy.vm.firstboot import FirstBoot, Machine


def power_off_from_the_menu(run: FirstBoot, machine: Machine) -> Machine:
    """From the title: the last item (Power off), then "Yes"; the seconds from the
    player's last press to the machine off; then the next power-on to the title.

    The pictures are the panel as the presses left it, not a settled one: the title's
    game moves on behind the question for a minute after a press, and the screen dims
    then (see ``FirstBoot.wake_the_screen``)."""
    question, yes, confirm = keys.power_off_from_the_title(run.profile)
    run.wake_the_screen(machine)
    machine.press(question)
    machine.panel().save_png(run.out / "power-off-question.png")
    machine.press(yes)
    machine.panel().save_png(run.out / "power-off-yes.png")
    seconds = run.until_off(machine, lambda: machine.press([confirm], gap_s=0.0))
    run.report.menu_power_off_s = seconds
    run.judge_power_off(seconds, '"Power off" in the menu')
    machine = run.boot()
    run.back_to_the_title(machine)
    keep_the_last_boots_end(machine, run.out / "shutdown.log")
    return machine


def keep_the_last_boots_end(machine: Machine, path: Path) -> None:
    """The previous boot's journal from logind's "powering down" on, on its clock: what
    the power-off waited for."""
    text = machine.console.run(
        "journalctl -b -1 -o short-monotonic --no-pager | sed -n '/powering down/,$p'",
        timeout_s=300,
    ).output
    path.write_text(text, encoding="utf-8")
