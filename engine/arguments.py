"""The command lines of ``python -m engine``: argparse, with every error one line.

Every number any command of the project takes (the engine's, the simulator's, the
benchmarks') is read by WholeNumberIn or NumberIn: its range is in ``--help`` and a
value outside it is one line of error, never a traceback or hours of work.

argparse prints a usage block and exits on a bad command line; the engine's
commands promise exit status 2 and one ``error:`` line on stderr instead, so a
command's parser raises UsageError and the command line's ``main`` reports it.
``--help`` works as argparse makes it.
"""

import argparse
import math
from typing import Any, NoReturn

from engine.notation import parse_position
from engine.position import Position
from engine.rules import RULE_SETS, STANDARD, Rules
from engine.text import shown, whole_number

_NUMBER_CHARACTERS = 32
POSITION_HELP = (
    "a position: one argument in quotes (five fields, or the four written before "
    "the stall ruling), or its five fields as five arguments"
)


class UsageError(Exception):
    """A command line the engine cannot run; its message is the one line shown."""


PROGRAM = "python -m engine"
"""The engine's command line, as its usage lines name it."""


class CommandParser(argparse.ArgumentParser):
    """The parser of one command, ``PROGRAM COMMAND`` (``python -m engine COMMAND``)."""

    def __init__(
        self, command: str, summary: str, usage: str | None = None, program: str = PROGRAM
    ) -> None:
        super().__init__(
            prog=f"{program} {command}",
            usage=usage,
            description=summary[:1].upper() + summary[1:] + ".",
            allow_abbrev=False,
        )
        self.summary = summary
        """What the command does, in a few words: the overview of every command shows it."""
        self.program = program

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)

    def synopsis(self) -> str:
        """The command and its arguments, without ``usage:`` and the program's name."""
        usage = " ".join(self.format_usage().split()).replace(" [-h]", "")
        return usage.removeprefix(f"usage: {self.program} ")


MAX_SEED = 2**32 - 1
"""The largest seed a command takes."""
MAX_GAMES = 1_000_000
"""The most games one command plays."""
MAX_WORKERS = 256
"""The most worker processes one command starts."""


class OneLineParser(argparse.ArgumentParser):
    """A program's parser whose errors are one line on stderr (exit status 2), the
    usage being one ``--help`` away."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


class WholeNumberIn:
    """An argparse type: a whole number from ``low`` to ``high``, else one line saying so."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def __call__(self, text: str) -> int:
        value = whole_number(text)
        if value is None or not self.low <= value <= self.high:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {self.low} to {self.high:,}, not {shown(text)}"
            )
        return value


class NumberIn:
    """An argparse type: a decimal number from ``low`` to ``high``, else one line saying so."""

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high = low, high

    def __call__(self, text: str) -> float:
        try:
            value = float(text) if len(text) <= _NUMBER_CHARACTERS else math.nan
        except ValueError:
            value = math.nan
        if not self.low <= value <= self.high:  # NaN too
            raise argparse.ArgumentTypeError(
                f"must be a number from {self.low:g} to {self.high:g}, not {shown(text)}"
            )
        return value


def whole_number_in(low: int, high: int, about: str) -> dict[str, Any]:
    """``add_argument``'s type and help for a whole number from ``low`` to ``high``:
    the help shows the range, and a value outside it is refused with one line."""
    return {"type": WholeNumberIn(low, high), "help": _with_range(about, low, high)}


def number_in(low: float, high: float, about: str) -> dict[str, Any]:
    """``add_argument``'s type and help for a decimal number from ``low`` to ``high``."""
    return {"type": NumberIn(low, high), "help": _with_range(about, low, high)}


def _with_range(about: str, low: float, high: float) -> str:
    bounds = f"{low:,} to {high:,}" if isinstance(high, int) else f"{low:g} to {high:g}"
    return f"{about} ({bounds})" if about else bounds


def add_rules_option(parser: argparse.ArgumentParser, about: str) -> None:
    """``--rules NAME``: the rule set a command plays under (default standard)."""
    names = ", ".join(rules.name for rules in RULE_SETS)
    parser.add_argument(
        "--rules",
        default=STANDARD.name,
        metavar="NAME",
        help=f"{about}: {names}, or an id such as {STANDARD.id} (default {STANDARD.name})",
    )


def position_parser(command: str, summary: str, more: str = "") -> CommandParser:
    """A command that takes ``--rules`` and a POSITION (one or five arguments),
    then ``more``."""
    parser = CommandParser(command, summary, f"%(prog)s [--rules NAME] POSITION{more}")
    add_rules_option(parser, "the rules the position is played under")
    parser.add_argument("words", nargs="+", metavar="POSITION", help=POSITION_HELP)
    return parser


def take_position(words: list[str], rules: Rules = STANDARD) -> tuple[Position, list[str]]:
    """The position at the front of ``words`` (quoted, or as five fields), and the
    rest.  Four unquoted fields are not taken for a position written before the
    stall ruling: the word after them would be ambiguous."""
    if " " in words[0]:
        return parse_position(words[0], rules), words[1:]
    if len(words) < 5:
        raise UsageError("a POSITION has five fields: BOARD SIDE GRACE QUIET CLOSED")
    return parse_position(" ".join(words[:5]), rules), words[5:]
