"""Fuzz: ``python -m engine.lab`` (the engine's commands and the lab's) with hostile arguments.

Promise: exit status 0, or 2 with nothing on stdout and exactly one line on
stderr starting with "error: "; never an exception, whatever the arguments.
"""

import contextlib
import io

from budget import cases
from hypothesis import given
from hypothesis import strategies as st
from mutations import HOSTILE_TEXT, damaged_text
from valid_inputs import move_texts, position_texts

from engine.lab.cli import main

COMMANDS = ["start", "moves", "perft", "score", "play", "selfplay", "hint", "arena", "help", ""]
SMALL_NUMBERS = st.sampled_from(["0", "1", "2", "11", "-1", "1.5", "0" * 30, "9" * 19])
SELFPLAY_OPTIONS = st.sampled_from(["--games", "--seed", "--red", "--blue", "--record"])
FAST_ARGUMENTS = st.one_of(
    position_texts(),
    position_texts().flatmap(damaged_text),
    move_texts(),
    HOSTILE_TEXT,
    SMALL_NUMBERS,
    SELFPLAY_OPTIONS,
)
"""Valid pieces and damaged ones, with numbers small enough to keep every case quick."""


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    command = draw(st.one_of(st.sampled_from(COMMANDS), HOSTILE_TEXT))
    if command in ("hint", "arena"):  # valid input would think for a while: damage it
        pieces = st.one_of(HOSTILE_TEXT, position_texts().flatmap(damaged_text))
    else:
        pieces = FAST_ARGUMENTS
    args = draw(st.lists(pieces, max_size=6))
    if command == "selfplay":  # at most one quick game
        args = ["1" if a.isascii() and a.isdigit() and int(a) > 1 else a for a in args]
    if command == "perft" and args and args[-1] in ("2", "11"):
        args[-1] = "1"
    return [command, *args]


def run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(args)
    return status, out.getvalue(), err.getvalue()


@cases(300)
@given(command_lines())
def test_any_command_line_exits_0_or_2_with_one_line_of_error(args: list[str]) -> None:
    status, out, err = run(args)
    assert status in (0, 2)
    if status == 2:
        assert out == ""
        assert len(err.splitlines()) == 1 and err.startswith("error: "), err
    else:
        assert err == ""
