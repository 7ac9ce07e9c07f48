"""The board's marks stay apart for players with colour-vision deficiencies (measured)."""

import pytest
from colour_vision import (
    MIN_MARKER_DISTANCE,
    SIMULATIONS,
    ciede2000,
    closest_pairs,
    marker_colours,
    seen_distance,
)

from device.look.theme import COLOUR_BLIND, STANDARD


def test_ciede2000_matches_the_published_test_data() -> None:
    # Sharma, Wu and Dalal (2005), pairs 1 and 17 of their table
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


def test_the_simulations_make_red_and_green_alike_only_where_they_should() -> None:
    red, green = (220, 40, 40), (40, 160, 40)
    normal = seen_distance(red, green, "normal")
    assert seen_distance(red, green, "deuteranopia") < normal / 2
    assert seen_distance(red, green, "protanopia") < normal / 2
    assert seen_distance(red, green, "tritanopia") > normal / 2


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_every_pair_of_marks_stays_apart_in_the_colour_blind_palette(vision: str) -> None:
    distance, first, second = closest_pairs(COLOUR_BLIND, vision)[0]
    assert distance >= MIN_MARKER_DISTANCE, (vision, first, second, distance)


def test_every_pair_of_marks_stays_apart_in_the_standard_palette() -> None:
    distance, first, second = closest_pairs(STANDARD, "normal")[0]
    assert distance >= MIN_MARKER_DISTANCE, (first, second, distance)


def test_the_last_move_has_a_colour_of_its_own() -> None:
    for palette in (STANDARD, COLOUR_BLIND):
        others = [c for name, c in marker_colours(palette).items() if name != "last move"]
        assert palette.last_move not in others


def test_the_displacement_mark_is_one_of_the_checked_colours() -> None:
    for palette in (STANDARD, COLOUR_BLIND):
        assert marker_colours(palette)["displacement"] == palette.displacement_target
