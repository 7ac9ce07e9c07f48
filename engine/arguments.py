"""The command lines of ``python -m engine``: argparse, with every error one line.

argparse prints a usage block and exits on a bad command line; the engine's
commands promise exit status 2 and one ``error:`` line on stderr instead, so a
command's parser raises UsageError and the command line's ``main`` reports it.
``--help`` works as argparse makes it.
"""

import argparse
from typing import NoReturn

from engine.notation import parse_position
from engine.position import Position
from engine.text import shown, whole_number

POSITION_HELP = "a position: one argument in quotes, or its four fields as four arguments"


class UsageError(Exception):
    """A command line the engine cannot run; its message is the one line shown."""


class CommandParser(argparse.ArgumentParser):
    """The parser of one command, ``python -m engine COMMAND``."""

    def __init__(self, command: str, summary: str, usage: str | None = None) -> None:
        super().__init__(
            prog=f"python -m engine {command}",
            usage=usage,
            description=summary[:1].upper() + summary[1:] + ".",
            allow_abbrev=False,
        )
        self.summary = summary
        """What the command does, in a few words: the overview of every command shows it."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)

    def synopsis(self) -> str:
        """The command and its arguments, without ``usage:`` and the program's name."""
        usage = " ".join(self.format_usage().split()).replace(" [-h]", "")
        return usage.removeprefix("usage: python -m engine ")


def count(text: str) -> int:
    """An argparse type: a whole number in ASCII digits (0 included)."""
    value = whole_number(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {shown(text)}")
    return value


def positive_count(text: str) -> int:
    """An argparse type: a whole number above 0."""
    value = whole_number(text)
    if not value:
        raise argparse.ArgumentTypeError(f"must be a whole number above 0, not {shown(text)}")
    return value


def position_parser(command: str, summary: str, more: str = "") -> CommandParser:
    """A command that takes a POSITION (one or four arguments), then ``more``."""
    parser = CommandParser(command, summary, f"%(prog)s POSITION{more}")
    parser.add_argument("words", nargs="+", metavar="POSITION", help=POSITION_HELP)
    return parser


def take_position(words: list[str]) -> tuple[Position, list[str]]:
    """The position at the front of ``words`` (quoted, or as four fields), and the rest."""
    if " " in words[0]:
        return parse_position(words[0]), words[1:]
    if len(words) < 4:
        raise UsageError("a POSITION has four fields: BOARD SIDE GRACE QUIET")
    return parse_position(" ".join(words[:4])), words[4:]
