"""Simulator scripts have bounds: a huge repeat, wait or hold, or repeats that nest
into too many steps or too long a run, are one line naming the line, at once."""

import pytest

from simulator.script import (
    MAX_MILLIS,
    MAX_REPEAT,
    MAX_SCRIPT_MILLIS,
    MAX_STEPS,
    ScriptError,
    parse_script,
)

BUTTONS = {"A", "B"}


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ("repeat 99999999999999999999 press A", "a repeat count must be 0 to 10,000"),
        ("repeat 100000 repeat 100000 wait 1", "a repeat count must be 0 to 10,000"),
        ("repeat 10000 repeat 10000 wait 1", f"more than {MAX_STEPS:,} steps"),
        ("wait 99999999999999999999", "the milliseconds must be 0 to 600,000"),
        (f"hold A {MAX_MILLIS + 1}", "the milliseconds must be 0 to 600,000"),
        ("wait 1\n" * (MAX_STEPS + 1), f"line {MAX_STEPS + 1}: more than"),
        (f"repeat {MAX_REPEAT} wait {MAX_MILLIS}", "longer than an hour"),
        ("wait -5", "the milliseconds must be 0"),
        ("wait \uff15", "the milliseconds must be 0"),  # a full-width 5
    ],
)
def test_a_script_past_its_bounds_is_refused_with_one_line(script: str, message: str) -> None:
    with pytest.raises(ScriptError, match=message) as refused:
        parse_script(script, BUTTONS)
    assert "\n" not in str(refused.value)


def test_a_script_at_its_bounds_is_taken() -> None:
    runs = MAX_SCRIPT_MILLIS // MAX_MILLIS - 1
    steps = parse_script(f"repeat {runs} wait {MAX_MILLIS}\nrepeat 2 repeat 3 press A", BUTTONS)
    assert len(steps) == runs + 6
    assert len(parse_script(f"repeat {MAX_REPEAT} press B", BUTTONS)) == MAX_REPEAT
