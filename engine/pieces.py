"""Colours and the integer codes of satellites on the board.

A cell holds 0 when empty, ``value`` (1..4) for a red satellite and
``4 + value`` (5..8) for a blue one, so colour and value are one subtraction
away and the board is a plain list of small ints.
"""

from typing import Final

RED: Final = 0
BLUE: Final = 1
NOBODY: Final = -1
"""Used for a disputed colony, a draw or 'no player finished'."""

EMPTY: Final = 0
SATELLITES_PER_PLAYER: Final = 12
COPIES_PER_VALUE: Final = 3
VALUES: Final = (1, 2, 3, 4)

COLOUR_NAMES: Final = ("Red", "Blue")
COLOUR_LETTERS: Final = ("r", "b")


def piece(colour: int, value: int) -> int:
    return colour * 4 + value


def colour_of(code: int) -> int:
    """Colour of a non-empty cell code."""
    return (code - 1) >> 2


def value_of(code: int) -> int:
    """Value (1..4) of a non-empty cell code."""
    return ((code - 1) & 3) + 1


def other(colour: int) -> int:
    return 1 - colour
