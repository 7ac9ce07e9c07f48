"""Properties that hold over random games (hypothesis draws the seeds and plies)."""

import random

import pytest
from games import lively_move, positions_of_a_game
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.geometry import CELLS, ORTHOGONAL
from engine.moves import CONNECTION, kind_of
from engine.notation import format_move, format_position, parse_position
from engine.pieces import colour_of
from engine.position import MAX_GROUP, Position
from engine.rules import SEED, STALL_PLIES, STANDARD, Rules
from engine.scoring import groups
from engine.start import starting_position

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def assert_section_5_holds(position: Position, colonies_before: list[frozenset[int]]) -> None:
    for cell in range(CELLS):
        if not position.is_connected(cell):
            continue
        for n in ORTHOGONAL[cell]:
            same = position.board[n] and colour_of(position.board[n]) == colour_of(
                position.board[cell]
            )
            assert not (same and position.is_connected(n)), "rule 5.1"
    for group in groups(position):
        assert group.size <= MAX_GROUP, "rule 5.2"
        cells = set(group.cells)
        assert sum(1 for colony in colonies_before if colony & cells) <= 1, "rule 5.3"


def colonies(position: Position) -> list[frozenset[int]]:
    return [frozenset(g.cells) for g in groups(position) if g.is_colony]


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_section_5_holds_after_every_move(seed: int) -> None:
    rng = random.Random(seed)
    position = starting_position(seed)
    while not position.is_over():
        before = colonies(position)
        position.make(lively_move(position, rng))
        assert_section_5_holds(position, before)


def assert_make_then_unmake_restores_every_position_of_a_game(seed: int) -> None:
    for position in positions_of_a_game(seed):
        text = format_position(position)
        key = position.key()
        for move in position.legal_moves():
            position.make(move)
            position.unmake()
            assert format_position(position) == text, format_move(move)
            assert position.key() == key


@settings(max_examples=8, deadline=None)
@given(seeds)
def test_make_then_unmake_restores_the_position_exactly(seed: int) -> None:
    """Every legal move of every position of 8 games, made then unmade (25 under --long)."""
    assert_make_then_unmake_restores_every_position_of_a_game(seed)


@pytest.mark.long
@settings(max_examples=25, deadline=None)
@given(seeds)
def test_make_then_unmake_restores_the_position_exactly_in_25_games(seed: int) -> None:
    assert_make_then_unmake_restores_every_position_of_a_game(seed)


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_incremental_state_matches_a_position_rebuilt_from_its_text(seed: int) -> None:
    for position in positions_of_a_game(seed):
        rebuilt = parse_position(format_position(position))
        assert position.adjacent == rebuilt.adjacent
        assert position.connected_count == rebuilt.connected_count
        assert position.edge_count == rebuilt.edge_count
        assert position.board_key == rebuilt.board_key
        assert sorted(map(sorted, (g.cells for g in groups(position)))) == sorted(
            map(sorted, (g.cells for g in groups(rebuilt)))
        )


@settings(max_examples=40, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=300))
def test_format_of_parse_is_the_identity(seed: int, plies: int) -> None:
    for ply, position in enumerate(positions_of_a_game(seed, plies)):
        if ply == plies:
            text = format_position(position)
            assert format_position(parse_position(text)) == text


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_the_move_list_has_no_duplicates(seed: int) -> None:
    for position in positions_of_a_game(seed):
        moves = position.legal_moves()
        assert len(moves) == len(set(moves))
        texts = [format_move(m) for m in moves]
        assert len(texts) == len(set(texts))


EDGE_CELLS = (
    tuple(90 + f for f in range(1, 9)),  # North: b10..i10
    tuple(f for f in range(1, 9)),  # South: b1..i1
    tuple(10 * r for r in range(1, 9)),  # West: a2..a9
    tuple(10 * r + 9 for r in range(1, 9)),  # East: j2..j9
)
"""RULES.md 1: each edge is its 8 cells between the corners."""
CORNERS = (0, 9, 90, 99)


def edges_free_by_the_book(board: list[int]) -> list[int]:
    return [i for i, cells in enumerate(EDGE_CELLS) if not any(board[c] for c in cells)]


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_an_edge_is_free_exactly_when_its_8_cells_are_empty(seed: int) -> None:
    for position in positions_of_a_game(seed):
        free = edges_free_by_the_book(position.board)
        assert position.free_edges() == free


@settings(max_examples=25, deadline=None)
@given(seeds, st.sampled_from([STANDARD, SEED]))
def test_connections_are_open_exactly_as_rules_3_and_6_5_say(seed: int, rules: Rules) -> None:
    # Counted here from the plies themselves, not from the position's counters.
    rng = random.Random(seed)
    position = starting_position(seed, rules)
    quiet = closed = 0
    while True:
        free = bool(edges_free_by_the_book(position.board))
        stalled = rules == STANDARD and quiet >= STALL_PLIES and closed >= STALL_PLIES
        assert position.connections_open() == (free or stalled)
        assert (position.quiet, position.closed) == (quiet, closed)
        if position.is_over():
            return
        before = position.connected_total()
        position.make(lively_move(position, rng))
        quiet = 0 if position.connected_total() > before else quiet + 1
        closed = 0 if edges_free_by_the_book(position.board) else min(closed + 1, 100)


@settings(max_examples=25, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=200), st.sampled_from(CORNERS))
def test_a_satellite_on_a_corner_occupies_no_edge(seed: int, plies: int, corner: int) -> None:
    for ply, position in enumerate(positions_of_a_game(seed, plies)):
        if ply < plies and not position.is_over():
            continue
        if position.board[corner]:
            return
        with_corner = position.copy()
        with_corner.place(corner, 1 if position.side else 5)  # a red or blue 1
        with_corner.rebuild_groups()
        assert with_corner.free_edges() == position.free_edges()
        assert with_corner.connections_open() == position.connections_open()
        return


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_the_connections_a_stall_would_open_are_the_connections_open_now(seed: int) -> None:
    # What the evaluation asks of a closed position (which connections an
    # opening would allow) is what move generation gives wherever they are open.
    for position in positions_of_a_game(seed):
        if position.is_over() or not position.connections_open():
            continue
        legal = {m for m in position.legal_moves() if kind_of(m) == CONNECTION}
        would: list[int] = []
        position.generate_connections(position.side, would)
        assert set(would) == legal and len(would) == len(legal)
