"""Timed button scripts for the simulator and the tests.

One command per line; ``#`` starts a comment::

    press A          # press and release a physical button of the profile
    hold B 800       # hold it for 800 ms (long press)
    wait 500         # let 500 ms pass
    shot title       # screenshot: title.png in the output folder
    repeat 3 press X # any command, several times
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

TAP_MS = 40
"""How long a ``press`` holds the button down."""


class ScriptError(ValueError):
    """A script line that cannot be understood; the message names the line."""


class Action(StrEnum):
    """What a step does (``press`` is a short HOLD)."""

    HOLD = "hold"
    WAIT = "wait"
    SHOT = "shot"


@dataclass(frozen=True)
class Step:
    action: Action
    argument: str = ""
    millis: int = 0


def _millis(text: str, number: int) -> int:
    if not text.isdigit():
        raise ScriptError(f"line {number}: {text!r} is not a number of milliseconds")
    return int(text)


def _parse_command(words: list[str], number: int, buttons: set[str]) -> list[Step]:
    match words:
        case ["repeat", count, *rest] if rest:
            return _parse_command(rest, number, buttons) * _millis(count, number)
        case ["press", button]:
            _check_button(button, number, buttons)
            return [Step(Action.HOLD, button, TAP_MS)]
        case ["hold", button, millis]:
            _check_button(button, number, buttons)
            return [Step(Action.HOLD, button, _millis(millis, number))]
        case ["wait", millis]:
            return [Step(Action.WAIT, "", _millis(millis, number))]
        case ["shot", name] if name.replace("-", "").replace("_", "").isalnum():
            return [Step(Action.SHOT, name)]
    raise ScriptError(f"line {number}: cannot understand {' '.join(words)!r}")


def _check_button(button: str, number: int, buttons: set[str]) -> None:
    if button not in buttons:
        known = ", ".join(sorted(buttons))
        raise ScriptError(f"line {number}: no button {button!r} on this device (it has {known})")


def parse_script(text: str, buttons: set[str]) -> list[Step]:
    """The steps of a script for a device with these physical ``buttons``."""
    steps: list[Step] = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if words:
            steps += _parse_command(words, number, buttons)
    return steps
