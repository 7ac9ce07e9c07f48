"""Positions for tests, written as a few satellites on an otherwise empty board."""

from engine.notation import parse_position
from engine.position import Position
from engine.rules import STANDARD, Rules

FILES = "abcdefghij"


def position_text(
    satellites: dict[str, str], side: str = "r", grace: int = 0, quiet: int = 0, closed: int = 0
) -> str:
    """RULES.md notation for ``{"c4": "r3", "f5": "b2"}`` and the four counters."""
    rows = []
    for rank in range(10, 0, -1):
        rows.append("".join(satellites.get(f"{f}{rank}", ".") for f in FILES))
    return f"{'/'.join(rows)} {side} {grace} {quiet} {closed}"


def position_with(
    satellites: dict[str, str],
    side: str = "r",
    grace: int = 0,
    quiet: int = 0,
    closed: int = 0,
    rules: Rules = STANDARD,
) -> Position:
    return parse_position(position_text(satellites, side, grace, quiet, closed), rules)


CLOSING_EDGES = {"a5": "b1", "j6": "b1", "e10": "r1", "f1": "r1"}
"""One satellite on each edge (corners belong to none): connections closed."""
