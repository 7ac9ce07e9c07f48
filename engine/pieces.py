"""Colours and the integer codes of satellites on the board.

A cell holds 0 when empty, ``value`` (1..4) for a red satellite and
``4 + value`` (5..8) for a blue one, so colour and value are one subtraction
away and the board is a plain list of small ints.
"""

from typing import Final, TypeAlias

Colour: TypeAlias = int
"""``RED`` or ``BLUE`` (``NOBODY`` where no player is meant)."""
Code: TypeAlias = int
"""What a cell holds: ``EMPTY`` or a satellite's code (``piece(colour, value)``)."""

RED: Final[Colour] = 0
BLUE: Final[Colour] = 1
NOBODY: Final[Colour] = -1
"""Used for a disputed colony, a draw or 'no player finished'."""

EMPTY: Final[Code] = 0
SATELLITES_PER_PLAYER: Final = 12
COPIES_PER_VALUE: Final = 3
VALUES: Final = (1, 2, 3, 4)

COLOUR_NAMES: Final = ("Red", "Blue")
COLOUR_LETTERS: Final = ("r", "b")


def piece(colour: Colour, value: int) -> Code:
    return colour * 4 + value


def colour_of(code: Code) -> Colour:
    """Colour of a non-empty cell code."""
    return (code - 1) >> 2


def value_of(code: Code) -> int:
    """Value (1..4) of a non-empty cell code."""
    return ((code - 1) & 3) + 1


def other(colour: Colour) -> Colour:
    return 1 - colour
