"""Checks to run before opening SDL's kmsdrm video driver on the device.

Without read access to /dev/input/event* SDL still opens the screen but
reads no keys at all, and without /dev/dri access it fails with an obscure
error: the app then shows a dead screen with no way out.  ``kmsdrm_problems``
finds these cases first so the app can stop with a message that says what to
fix.
"""

import grp
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


class PreflightError(RuntimeError):
    """The device cannot run full screen; the message says how to fix it."""


def _current_groups() -> set[str]:
    names = set()
    for gid in os.getgroups():
        try:
            names.add(grp.getgrgid(gid).gr_name)
        except KeyError:
            continue
    return names


@dataclass
class System:
    """What the checks look at (replaceable in tests)."""

    dev: Path = Path("/dev")
    user_groups: Callable[[], set[str]] = _current_groups
    can_access: Callable[[Path, int], bool] = os.access


def kmsdrm_problems(system: System | None = None) -> list[str]:
    """Everything that would stop the kmsdrm driver from working, as sentences."""
    system = system or System()
    problems: list[str] = []
    cards = sorted((system.dev / "dri").glob("card*"))
    if not cards:
        problems.append(
            f"No display device in {system.dev / 'dri'}: enable the panel's overlay "
            "(dtoverlay=vc4-kms-v3d, or mipi-dbi-spi for an SPI panel) in config.txt."
        )
    elif not any(system.can_access(card, os.R_OK | os.W_OK) for card in cards):
        problems.append(_group_advice("video", f"cannot open {cards[0]}", system))
    events = sorted((system.dev / "input").glob("event*"))
    if not events:
        problems.append(
            f"No input device in {system.dev / 'input'}: check the gpio-key overlays "
            "in config.txt or plug in a keyboard."
        )
    elif not any(system.can_access(event, os.R_OK) for event in events):
        problems.append(_group_advice("input", f"cannot read {events[0]}", system))
    return problems


def _group_advice(group: str, what: str, system: System) -> str:
    if group in system.user_groups():
        return f"This user is in the {group} group but {what}: log out and back in, or reboot."
    return f"This user {what}: run `sudo usermod -aG {group} $USER`, then log out and back in."


def require_kmsdrm(system: System | None = None) -> None:
    """Raise PreflightError listing every problem, if there is any."""
    problems = kmsdrm_problems(system)
    if problems:
        raise PreflightError("The screen cannot start:\n- " + "\n- ".join(problems))
