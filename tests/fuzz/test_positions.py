"""Fuzz: positions as text (RULES.md section 8), from the command line, records and the link.

Promise: ``parse_position`` returns a position or raises NotationError with
a one-line message; a position it accepts is written back the same way and
read again to the same position.
"""

from budget import cases
from hypothesis import given
from hypothesis import strategies as st
from mutations import HOSTILE_TEXT, damaged_text
from valid_inputs import move_texts, position_texts

from engine.notation import (
    IllegalMoveError,
    NotationError,
    format_position,
    parse_move,
    parse_position,
)

POSITION_INPUT = st.one_of(position_texts().flatmap(damaged_text), HOSTILE_TEXT)


@cases(500)
@given(POSITION_INPUT)
def test_any_text_is_a_position_or_a_one_line_notation_error(text: str) -> None:
    try:
        position = parse_position(text)
    except NotationError as error:
        assert len(str(error).splitlines()) == 1
        return
    written = format_position(position)
    assert format_position(parse_position(written)) == written
    assert parse_position(written).key() == position.key()


@cases(300)
@given(position_texts(), st.one_of(move_texts().flatmap(damaged_text), HOSTILE_TEXT))
def test_any_text_is_a_legal_move_or_a_one_line_error(position_text: str, move: str) -> None:
    position = parse_position(position_text)
    try:
        parse_move(position, move)
    except (NotationError, IllegalMoveError) as error:
        assert len(str(error).splitlines()) == 1
    assert format_position(position) == position_text, "reading a move changes nothing"
