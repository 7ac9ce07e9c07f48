"""Notation of RULES.md section 8: strict parsing with messages that name the bad part."""

import pytest
from boards import position_text

from engine.moves import DISPLACEMENT, PASS, kind_of
from engine.notation import (
    IllegalMoveError,
    NotationError,
    format_cell,
    format_move,
    format_position,
    parse_cell,
    parse_move,
    parse_position,
)
from engine.start import starting_position

START = "..r3r4.r3.r3../....r1.r2.../.b2.......b3/.b1......b1./.b1.......b3/.b2.......b4/b4........b4/b3.......b2./..r2.r2r1.r1../...r4..r4... r 0 0 0"  # noqa: E501


@pytest.mark.parametrize("name", ["a1", "j1", "a10", "j10", "e5", "c10"])
def test_cells_round_trip(name: str) -> None:
    assert format_cell(parse_cell(name)) == name


@pytest.mark.parametrize("text", ["", "a", "k1", "a0", "a11", "a01", "A1", "b-1", "c1x"])
def test_malformed_cells_are_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_cell(text)


def test_moves_are_written_from_to_with_the_displaced_destination_after_a_colon() -> None:
    position = parse_position(
        position_text({"e5": "r1", "f5": "b1", "f6": "r2", "g5": "b2", "g2": "r3", "a1": "r4"})
    )
    texts = {format_move(m) for m in position.legal_moves()}
    assert "g2-g5:h4" in texts and "g2-g3" in texts
    assert kind_of(parse_move(position, "g2-g5:h4")) == DISPLACEMENT
    assert format_move(PASS) == "pass"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("d9d7", NotationError),
        ("d9-", NotationError),
        ("d9-d7:", NotationError),
        ("z9-d7", NotationError),
        ("d9-d9", NotationError),
        ("c10-c6", IllegalMoveError),  # four cells for a red 3
        ("pass", IllegalMoveError),
        ("a5-b5", IllegalMoveError),
    ],
)
def test_bad_moves_raise_a_clear_error(text: str, error: type[Exception]) -> None:
    position = starting_position(1)
    with pytest.raises(error):
        parse_move(position, text)


def test_the_rules_example_position_parses_and_formats_back() -> None:
    assert format_position(parse_position(START)) == START


def test_a_position_of_four_fields_reads_closed_as_quiet_when_every_edge_is_held() -> None:
    # RULES.md 8: written before the stall ruling, CLOSED was not kept.
    every_edge_held = START.removesuffix(" 0 0 0") + " 0 37"
    assert parse_position(every_edge_held).closed == 37
    assert format_position(parse_position(every_edge_held)) == every_edge_held + " 37"
    an_edge_free = position_text({"a5": "r1"}, quiet=37).removesuffix(" 0")
    assert parse_position(an_edge_free).closed == 0


BAD_POSITIONS = [
    (START.replace(" r 0 0 0", " r 0"), "5 fields"),
    (START.replace(" r 0 0 0", "  r 0 0 0"), "5 fields"),
    (START + " 0", "5 fields"),
    (START.replace(" r 0 0 0", " x 0 0 0"), "side to move"),
    (START.replace(" r 0 0 0", " r 4 0 0"), "grace"),
    (START.replace(" r 0 0 0", " r 0 101 0"), "quiet"),
    (START.replace(" r 0 0 0", " r 0 07 0"), "quiet"),
    (START.replace(" r 0 0 0", " r -1 0 0"), "grace"),
    (START.replace(" r 0 0 0", " r 0 0 101"), "closed"),
    (START.replace(" r 0 0 0", " r 0 0 x"), "closed"),
    (position_text({"a5": "r1"}, closed=3), "closed-ply count must be 0 while an edge is free"),
    (START.replace("../....r1", "./....r1", 1), "rank 10 has 9 cells"),
    (START.replace("/", "//", 1), "ranks"),
    (START.replace("r3", "r5", 1), "rank 10"),
    (START.replace("r3", "g3", 1), "rank 10"),
    (position_text({"a1": "r1", "b1": "r1", "c1": "r1", "d1": "r1"}), "more than 3"),
    (position_text({"a5": "r1", "b5": "b1", "b6": "b2", "c6": "r1"}), "rule 5.1"),
    (
        position_text(
            {"a5": "r1", "b5": "b1", "c5": "r2", "d5": "b2", "e5": "r3", "f5": "b3", "g5": "r4"}
        ),
        "more than 6",
    ),
    (position_text({"a5": "r1"}, grace=2), "grace moves are left"),
]


@pytest.mark.parametrize(("text", "named"), BAD_POSITIONS)
def test_malformed_positions_are_refused_with_a_message_naming_the_part(
    text: str, named: str
) -> None:
    with pytest.raises(NotationError) as raised:
        parse_position(text)
    assert named in str(raised.value)
