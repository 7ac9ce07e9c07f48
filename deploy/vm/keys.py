"""The profile's buttons as QEMU key names, for QMP ``send-key``.

A button of the profile sends a Linux key (``device/hardware/profiles.py``); the
virtual keyboard sends that key when QEMU is given its name here.
"""

from __future__ import annotations

from dataclasses import dataclass

from device.hardware.buttons import LONG_PRESS_MS, Button
from device.hardware.profiles import KEYS, PROFILES, ProfileName

QCODES = {
    "KEY_UP": "up",
    "KEY_DOWN": "down",
    "KEY_LEFT": "left",
    "KEY_RIGHT": "right",
    "KEY_ENTER": "ret",
    "KEY_BACKSPACE": "backspace",
    "KEY_ESC": "esc",
    "KEY_SPACE": "spc",
}
"""Linux key name -> QEMU's key name (its qcode)."""


@dataclass(frozen=True)
class Press:
    qcode: str
    hold_ms: int = 60


def qcode_of(profile: ProfileName, button_name: str) -> str:
    """The key the profile's physical button sends, as QEMU names it."""
    button = next(b for b in PROFILES[profile].buttons if b.name == button_name)
    return QCODES[KEYS[button.sends].linux]


def press(profile: ProfileName, *meanings: Button) -> Press:
    """A short press of the button giving the first of ``meanings`` the profile has."""
    return Press(qcode_of(profile, PROFILES[profile].pressing(*meanings)))


def menu(profile: ProfileName) -> Press:
    """The menu: its own button, or holding the one that opens it."""
    device = PROFILES[profile]
    held = [name for name, does in device.long_press.items() if does == Button.MENU]
    if held:
        return Press(qcode_of(profile, held[0]), LONG_PRESS_MS + 200)
    return press(profile, Button.MENU)


def new_game(profile: ProfileName) -> list[Press]:
    """From the title of a fresh card (on Tutorial, New game next) into a game: past
    the mode, the rules, the level and the colour to Start."""
    down, confirm = press(profile, Button.DOWN, Button.NEXT), press(profile, Button.A)
    return [down, confirm, *[down] * 4, confirm]


def one_move(profile: ProfileName) -> list[Press]:
    """A piece, then its destination: the next choice of each, confirmed."""
    choice, confirm = press(profile, Button.SELECT, Button.NEXT), press(profile, Button.A)
    return [choice, confirm, choice, confirm]


def power_off_from_the_title(profile: ProfileName) -> tuple[list[Press], list[Press], Press]:
    """From the title with its first item chosen: back over the top to the last item
    (Power off) and open it; then from "No" to "Yes"; then the press that confirms."""
    previous, confirm = press(profile, Button.UP, Button.PREV), press(profile, Button.A)
    return [previous, confirm], [press(profile, Button.DOWN, Button.NEXT)], confirm
