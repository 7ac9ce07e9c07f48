"""Arrow jumps: an arrow takes the cursor to the nearest cell that can be chosen that way."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from device.play.navigation import Direction, ahead, in_cone, jump, nearness
from device.play.selection import Selection, Stage
from engine.geometry import cell_at, file_of, rank_of
from engine.moves import PASS, origin_of
from engine.playout import random_move
from engine.start import starting_position

ARROWS: list[Direction] = [(0, 1), (0, -1), (-1, 0), (1, 0)]
cells = st.integers(0, 99)
choice_sets = st.sets(cells, min_size=1, max_size=30)
arrows = st.sampled_from(ARROWS)


def opposite(direction: Direction) -> Direction:
    return (-direction[0], -direction[1])


@settings(deadline=None)
@given(cells, choice_sets, arrows)
def test_a_jump_lands_on_a_choice_ahead_or_stays_when_there_is_none(
    start: int, choices: set[int], direction: Direction
) -> None:
    landed = jump(start, choices, direction)
    if any(ahead(start, cell, direction) for cell in choices):
        assert landed in choices and ahead(start, landed, direction)
    else:
        assert landed == start


@settings(deadline=None)
@given(cells, choice_sets, arrows)
def test_no_choice_that_way_is_nearer_than_where_the_jump_lands(
    start: int, choices: set[int], direction: Direction
) -> None:
    landed = jump(start, choices, direction)
    if landed == start:
        return
    closer_in_cone = [
        c
        for c in choices
        if in_cone(start, c, direction)
        and nearness(start, c, direction) < nearness(start, landed, direction)
    ]
    assert not closer_in_cone
    if not in_cone(start, landed, direction):
        assert not any(in_cone(start, c, direction) for c in choices), "the cone comes first"


@settings(deadline=None)
@given(choice_sets, arrows)
def test_the_opposite_arrow_comes_back_or_stops_nearer(
    choices: set[int], direction: Direction
) -> None:
    for start in choices:
        landed = jump(start, choices, direction)
        if landed == start or not in_cone(start, landed, direction):
            continue
        back = jump(landed, choices, opposite(direction))
        assert back == start or nearness(landed, back, opposite(direction)) <= nearness(
            landed, start, opposite(direction)
        )


@settings(deadline=None)
@given(st.integers(0, 9), st.sets(st.integers(0, 9), min_size=1), arrows)
def test_along_a_line_of_choices_the_opposite_arrow_always_comes_back(
    line: int, places: set[int], direction: Direction
) -> None:
    along_a_rank = direction[1] == 0
    choices = {cell_at(p, line) if along_a_rank else cell_at(line, p) for p in places}
    for start in choices:
        landed = jump(start, choices, direction)
        assert jump(landed, choices, opposite(direction)) == start or landed == start


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10_000), st.integers(0, 80), st.lists(arrows, max_size=12))
def test_in_a_real_game_arrows_keep_the_cursor_on_what_can_be_chosen(
    seed: int, plies: int, presses: list[Direction]
) -> None:
    position = starting_position(seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if position.is_over():
            break
        position.make(random_move(position, rng))
    moves = position.legal_moves()
    if moves == [PASS]:
        return
    selection = Selection(moves)
    selection.cursor = selection.choices[0]
    for direction in presses:
        selection.jump(direction)
        assert selection.cursor in selection.choices
    move = rng.choice([m for m in moves if origin_of(m) == selection.cursor])
    selection.confirm()
    assert selection.stage is Stage.TARGET and selection.cursor == origin_of(move)
    for direction in presses:
        selection.jump(direction)
        assert selection.cursor in selection.choices or selection.cursor == origin_of(move)
    if selection.cursor in selection.choices:
        assert selection.move_to(selection.cursor) is not None, "every destination is a legal move"
    selection.back()
    seen = set()
    for _ in selection.choices:
        selection.cycle(1)
        seen.add(selection.cursor)
    assert seen == set(selection.choices), "the next-choice button visits every satellite"


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 10_000), st.integers(0, 60))
def test_next_goes_round_the_chosen_satellite_nearest_destinations_first(
    seed: int, plies: int
) -> None:
    position = starting_position(seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if position.is_over():
            break
        position.make(random_move(position, rng))
    if position.legal_moves() == [PASS]:
        return
    selection = Selection(position.legal_moves())
    origin = selection.cursor = selection.choices[-1]
    selection.confirm()
    visited = []
    for _ in selection.choices:
        selection.cycle(1)
        visited.append(selection.cursor)
    rings = [
        max(abs(file_of(c) - file_of(origin)), abs(rank_of(c) - rank_of(origin))) for c in visited
    ]
    assert rings == sorted(rings), "nearer destinations come first"
    selection.back()
    selection.cursor = origin
    selection.confirm()
    selection.cycle(-1)
    assert selection.cursor == visited[-1], "previous starts from the farthest"
