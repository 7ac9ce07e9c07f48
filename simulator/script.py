"""Timed button scripts for the simulator and the tests.

One command per line; ``#`` starts a comment::

    press A          # press and release a physical button of the profile
    hold B 800       # hold it for 800 ms (long press)
    wait 500         # let 500 ms pass
    shot title       # screenshot: title.png in the output folder
    repeat 3 press X # any command, several times

Bounds, each refused with a message naming the line: a ``hold`` or ``wait`` of at
most MAX_MILLIS ms, a ``repeat`` of at most MAX_REPEAT times, and in all at most
MAX_STEPS steps and MAX_SCRIPT_MILLIS ms (nested repeats multiply).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.text import shown, whole_number

TAP_MS = 40
"""How long a ``press`` holds the button down."""
MAX_MILLIS = 600_000
"""The longest ``hold`` or ``wait``: ten minutes."""
MAX_REPEAT = 10_000
MAX_STEPS = 100_000
"""The most steps a script makes, repeats unrolled."""
MAX_SCRIPT_MILLIS = 3_600_000
"""The longest a script runs, in the simulator's time: an hour."""


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


def _whole(text: str, number: int, high: int, what: str) -> int:
    value = whole_number(text)
    if value is None or value > high:
        raise ScriptError(f"line {number}: {what} must be 0 to {high:,}, not {shown(text)}")
    return value


def _millis(text: str, number: int) -> int:
    return _whole(text, number, MAX_MILLIS, "the milliseconds")


def _parse_command(words: list[str], number: int, buttons: set[str]) -> list[Step]:
    match words:
        case ["repeat", count, *rest] if rest:
            times = _whole(count, number, MAX_REPEAT, "a repeat count")
            steps = _parse_command(rest, number, buttons)
            if len(steps) * times > MAX_STEPS:
                raise ScriptError(f"line {number}: more than {MAX_STEPS:,} steps")
            return steps * times
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
    millis = 0
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if words:
            more = _parse_command(words, number, buttons)
            steps += more
            millis += sum(step.millis for step in more)
        if len(steps) > MAX_STEPS:
            raise ScriptError(f"line {number}: more than {MAX_STEPS:,} steps in the script")
        if millis > MAX_SCRIPT_MILLIS:
            raise ScriptError(f"line {number}: the script runs longer than an hour")
    return steps
