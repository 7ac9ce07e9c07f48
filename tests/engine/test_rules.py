"""Every rule and ruling of RULES.md, section by section, and the worked examples of section 9."""

import random

import pytest
from boards import CLOSING_EDGES, position_text, position_with

from engine.geometry import cell_name
from engine.moves import CONNECTION, DISPLACEMENT, NORMAL, PASS, kind_of
from engine.notation import format_move, format_position, parse_cell, parse_move, parse_position
from engine.pieces import BLUE, NOBODY, RED, colour_of, value_of
from engine.position import (
    ENDED_23_CONNECTED,
    ENDED_GRACE_SPENT,
    ENDED_NO_MOVES,
    ENDED_NO_PROGRESS,
    NOT_OVER,
)
from engine.rules import SEED
from engine.scoring import groups, score
from engine.start import starting_position

RULES_EXAMPLE_START = (
    "..r3r4.r3.r3../....r1.r2.../.b2.......b3/.b1......b1./.b1.......b3/"
    ".b2.......b4/b4........b4/b3.......b2./..r2.r2r1.r1../...r4..r4... r 0 0 0"
)


def moves_of(position_satellites: dict[str, str], side: str = "r") -> set[str]:
    return {format_move(m) for m in position_with(position_satellites, side).legal_moves()}


def moves_from(cell: str, satellites: dict[str, str], side: str = "r") -> set[str]:
    return {m for m in moves_of(satellites, side) if m.startswith(f"{cell}-")}


def kinds(satellites: dict[str, str], side: str = "r") -> dict[str, int]:
    position = position_with(satellites, side)
    return {format_move(m): kind_of(m) for m in position.legal_moves()}


# ----------------------------------------------------------- 1. board, pieces


def test_1_board_is_10_by_10_with_a1_south_west_and_j10_north_east() -> None:
    assert cell_name(0) == "a1"
    assert cell_name(9) == "j1"
    assert cell_name(99) == "j10"
    assert parse_cell("c10") == 92


def test_1_corner_cells_belong_to_no_edge() -> None:
    # Ruling (corners): an edge is its 8 cells between the corners.
    corners = {"a1": "r1", "j1": "b1", "a10": "b2", "j10": "r2"}
    assert position_with(corners).free_edges() == [0, 1, 2, 3]
    # The cells next to a corner belong to one edge each.
    assert position_with({"b1": "r1"}).free_edges() == [0, 2, 3]
    assert position_with({"a2": "r1"}).free_edges() == [0, 1, 3]
    assert position_with({"i10": "r1", "j9": "b1"}).free_edges() == [1, 2]


def test_1_each_player_owns_three_satellites_of_each_value() -> None:
    for seed in range(20):
        position = starting_position(seed)
        for colour in (RED, BLUE):
            values = sorted(value_of(position.board[c]) for c in position.cells_of[colour])
            assert values == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]


# ------------------------------------------------------------------ 2. setup


def test_2_setup_for_seed_1_is_the_rules_example() -> None:
    assert format_position(starting_position(1)) == RULES_EXAMPLE_START


def test_2_setup_places_red_on_north_and_south_central_files_values_1_2_one_inward() -> None:
    for seed in range(50):
        position = starting_position(seed)
        for cell in position.cells_of[RED]:
            name = cell_name(cell)
            value = value_of(position.board[cell])
            assert name[0] in "cdefgh"
            expected_ranks = {"9", "2"} if value <= 2 else {"10", "1"}
            assert name[1:] in expected_ranks
        north = [c for c in position.cells_of[RED] if c >= 80]
        assert len(north) == 6 and len({c % 10 for c in north}) == 6


def test_2_setup_places_blue_on_west_and_east_central_ranks_values_1_2_one_inward() -> None:
    for seed in range(50):
        position = starting_position(seed)
        for cell in position.cells_of[BLUE]:
            name = cell_name(cell)
            value = value_of(position.board[cell])
            assert 3 <= int(name[1:]) <= 8
            assert name[0] in ({"b", "i"} if value <= 2 else {"a", "j"})
        west = [c for c in position.cells_of[BLUE] if c % 10 <= 1]
        assert len(west) == 6 and len({c // 10 for c in west}) == 6


def test_2_ruling_no_starting_satellites_collide_or_touch_orthogonally() -> None:
    for seed in range(200):
        position = starting_position(seed)
        assert len(position.cells_of[RED]) + len(position.cells_of[BLUE]) == 24
        assert position.connected_total() == 0


def test_2_setup_is_reproducible_from_its_seed_and_seeds_differ() -> None:
    assert format_position(starting_position(7)) == format_position(starting_position(7))
    assert len({format_position(starting_position(s)) for s in range(30)}) == 30


def test_2_red_moves_first() -> None:
    assert starting_position(3).side == RED


# ------------------------------------------------------------ 3. definitions


def test_3_connected_means_an_orthogonal_neighbour_of_the_other_colour() -> None:
    position = position_with(
        {"c3": "r1", "c4": "b1", "e5": "r2", "f6": "b2", "h1": "r3", "h2": "r4"}
    )
    assert position.is_connected(parse_cell("c3")) and position.is_connected(parse_cell("c4"))
    assert not position.is_connected(parse_cell("e5"))  # diagonal only
    assert not position.is_connected(parse_cell("h1"))  # same colour only


def test_3_connected_satellites_are_locked() -> None:
    satellites = {"c3": "r2", "c4": "b1", "g7": "r1"}
    assert moves_from("c3", satellites) == set()
    assert moves_from("g7", satellites)


def test_3_groups_pairs_colonies_and_the_crowned_colony() -> None:
    position = position_with(
        {
            "a1": "r1",
            "b1": "b1",  # a pair
            "a5": "r2",
            "b5": "b2",
            "c5": "r3",  # a colony of 3
            "a8": "r1",
            "b8": "b3",
            "c8": "r4",
            "d8": "b4",
            "e8": "r3",
            "f8": "b2",
        }  # crowned
    )
    sizes = sorted(g.size for g in groups(position))
    assert sizes == [2, 3, 6]
    by_size = {g.size: g for g in groups(position)}
    assert not by_size[2].is_colony
    assert by_size[3].is_colony and not by_size[3].is_crowned
    assert by_size[6].is_crowned


def test_3_colony_total_sums_both_colours_and_the_greater_own_sum_controls() -> None:
    position = position_with({"a5": "r2", "b5": "b4", "c5": "r1"})
    (colony,) = groups(position)
    assert colony.total == 7
    assert colony.controller == BLUE  # blue 4 against red 3


def test_3_ruling_equal_sums_mean_a_disputed_colony() -> None:
    position = position_with({"a5": "r2", "b5": "b4", "c5": "r2"})
    (colony,) = groups(position)
    assert colony.controller == NOBODY


def test_3_connections_are_open_while_an_edge_is_free() -> None:
    assert position_with({"e5": "r1"}).connections_open()
    closed = position_with({"a5": "b1", "j6": "b1", "e10": "r1", "f1": "r1", "e5": "r1"})
    assert not closed.connections_open()
    corners = position_with({"a1": "b1", "j10": "b1", "a10": "r1", "j1": "r1", "e5": "r1"})
    assert corners.connections_open()


def test_3_an_edge_with_occupied_corners_is_free_while_its_8_cells_are_empty() -> None:
    # Every corner taken, and the South, West and East edges too: only North is free.
    satellites = {"a1": "b1", "j10": "b1", "a10": "r1", "j1": "r1", "e1": "r2", "a5": "b2",
                  "j6": "b2", "c4": "r3", "f5": "b3"}  # fmt: skip
    position = position_with(satellites)
    assert position.free_edges() == [0]
    assert kinds(satellites)["c4-f4"] == CONNECTION
    # A satellite stepping from the corner a10 onto b10 closes the North edge.
    position.make(parse_move(position, "a10-b10"))
    assert not position.connections_open()


def test_3_ruling_openness_is_judged_before_the_move_and_can_close_again() -> None:
    # Only the North edge is free.  A red 2 lands on it next to a blue: the
    # connection is legal (judged before the move) and closes connections.
    satellites = {"b1": "b2", "a3": "b1", "j2": "r2", "a8": "r2", "c9": "b1", "h5": "r3",
                  "h8": "b2"}  # fmt: skip
    position = position_with(satellites)
    assert position.free_edges() == [0]
    assert "h8-h6" in moves_of(satellites, "b")
    move = parse_move(position, "a8-c10")
    assert kind_of(move) == CONNECTION
    position.make(move)
    assert not position.connections_open()
    assert "h8-h6" not in {format_move(m) for m in position.legal_moves()}


def test_edge_free_then_occupied_again_by_a_normal_move() -> None:
    satellites = {"b1": "b2", "a3": "b1", "j2": "r2", "e8": "r2", "c4": "r3", "f5": "b2",
                  "h9": "b1"}  # fmt: skip
    position = position_with(satellites)
    assert position.connections_open()
    position.make(parse_move(position, "e8-e10"))  # onto the North edge: a normal move
    position.make(parse_move(position, "h9-h8"))
    assert not position.connections_open()
    assert "c4-f4" not in {format_move(m) for m in position.legal_moves()}
    position.make(parse_move(position, "e10-e8"))  # North is free again
    position.make(parse_move(position, "h8-h9"))
    assert "c4-f4" in {format_move(m) for m in position.legal_moves()}


# ------------------------------------------------------------------ 4. moves


def test_4_satellites_move_in_8_directions_up_to_their_value() -> None:
    assert moves_from("e5", {"e5": "r1"}) == {
        "e5-e6",
        "e5-f6",
        "e5-f5",
        "e5-f4",
        "e5-e4",
        "e5-d4",
        "e5-d5",
        "e5-d6",
    }
    assert len(moves_from("e5", {"e5": "r2"})) == 16


def test_4_satellites_jump_over_several_satellites_but_never_land_on_one() -> None:
    satellites = {"a5": "r4", "b5": "r1", "c5": "r2", "d5": "r3", "a1": "r1"}
    reachable = moves_from("a5", satellites)
    assert "a5-e5" in reachable
    assert not {"a5-b5", "a5-c5", "a5-d5"} & reachable


def test_4_1_a_normal_move_never_ends_connected_short_of_the_exact_value() -> None:
    # Section 9: a red 4 at c4 could not connect at f4 (distance 3).
    assert "c4-f4" not in moves_from("c4", {"c4": "r4", "f5": "b2"})


def test_9_connection_needs_the_exact_distance() -> None:
    satellites = {"c4": "r3", "f5": "b2"}
    found = kinds(satellites)
    assert found["c4-e4"] == NORMAL
    assert found["c4-f4"] == CONNECTION


def test_4_2_connection_moves_need_open_connections() -> None:
    closed = {"c4": "r3", "f5": "b2", "a5": "b1", "j6": "b1", "e10": "r1", "g1": "r1"}
    assert "c4-f4" not in moves_from("c4", closed)
    corners_only = {"c4": "r3", "f5": "b2", "a1": "b1", "j10": "b1", "a10": "r1", "j1": "r1"}
    assert "c4-f4" in moves_from("c4", corners_only)


def test_9_locked_after_connecting() -> None:
    position = position_with({"c4": "r3", "f5": "b2", "e8": "r1", "h2": "b1"})
    position.make(parse_move(position, "c4-f4"))
    assert position.is_connected(parse_cell("f4")) and position.is_connected(parse_cell("f5"))
    assert {format_move(m)[:2] for m in position.legal_moves()} == {"h2"}
    position.make(parse_move(position, "h2-h1"))
    assert {format_move(m)[:2] for m in position.legal_moves()} == {"e8"}


DISPLACEMENT_EXAMPLE = {"e5": "r1", "f5": "b1", "f6": "r2", "g5": "b2", "g2": "r3", "a1": "r4"}


def test_9_displacement_example() -> None:
    found = kinds(DISPLACEMENT_EXAMPLE)
    displacing = {m for m, k in found.items() if k == DISPLACEMENT}
    assert {"g2-g5:h4", "g2-g5:g7", "g2-g5:h5"} <= displacing
    assert all(m.startswith("g2-g5:") for m in displacing)


def test_9_displaced_satellite_joining_the_colony_grows_it_to_5() -> None:
    position = position_with(DISPLACEMENT_EXAMPLE)
    position.make(parse_move(position, "g2-g5:h5"))
    sizes = sorted(g.size for g in groups(position))
    assert sizes == [5]


def test_4_3_displacement_destinations_are_1_or_2_cells_in_a_straight_line() -> None:
    found = kinds(DISPLACEMENT_EXAMPLE)
    lands = {m.split(":")[1] for m, k in found.items() if k == DISPLACEMENT}
    for land in lands:
        df = abs(ord(land[0]) - ord("g"))
        dr = abs(int(land[1:]) - 5)
        assert max(df, dr) in (1, 2) and (df == 0 or dr == 0 or df == dr)


def test_4_3_displaced_satellite_may_land_on_the_cell_the_mover_left() -> None:
    # The red 2 on g3 moves 2 North onto g5; the blue may land on g3.
    satellites = {"e5": "r1", "f5": "b1", "f6": "r2", "g5": "b2", "g3": "r2", "a1": "r4"}
    assert "g3-g5:g3" in moves_of(satellites)


def test_4_3_displacement_needs_an_own_connected_satellite_next_to_the_target() -> None:
    # No red connected satellite near g5: plain occupied cell, no move there.
    satellites = {"a5": "r1", "b5": "b1", "g5": "b2", "g2": "r3", "j1": "r4"}
    assert not any(m.startswith("g2-g5") for m in moves_of(satellites))


def test_4_3_displacement_must_create_or_extend_a_colony() -> None:
    # The red arriving on g5 would only touch an unconnected blue: a pair at best.
    satellites = {"e7": "r1", "f7": "b1", "g5": "b2", "h5": "b3", "g2": "r3", "a1": "r4"}
    assert not any(m.startswith("g2-g5") for m in moves_of(satellites))


CORNER_DISPLACEMENT = {
    "a10": "b2",
    "b10": "b1",
    "c10": "r1",
    "b9": "r2",  # target a10 and red's colony
    "a8": "b3",
    "a7": "r1",  # a connected blue pair: the blue may not land on a9 beside it
    "c8": "r4",
    "d7": "r3",  # c8 fills the last landing cell; d7 is the mover
}


def test_4_3_ruling_displacement_without_a_legal_destination_is_illegal() -> None:
    assert not any(m.startswith("d7-a10") for m in moves_of(CORNER_DISPLACEMENT))
    without_blocker = {k: v for k, v in CORNER_DISPLACEMENT.items() if k not in ("a8", "a7")}
    assert {"d7-a10:a9", "d7-a10:a8"} <= moves_of(without_blocker)


def test_4_4_pass_only_when_no_legal_move() -> None:
    # Red's only satellite is locked; Blue can still move: Red must pass.
    position = position_with({"c3": "r1", "c4": "b1", "h8": "b2"})
    assert position.legal_moves() == [PASS]
    position.make(PASS)
    assert position.side == BLUE and position.quiet == 1
    assert PASS not in position.legal_moves()


# ---------------------------------------------------- 5. what every move keeps


def test_5_1_connected_satellites_of_one_colour_never_touch_orthogonally() -> None:
    # Section 9: red connected at f4; a red 2 arriving on g4 next to a blue g5 is illegal,
    # while an unconnected red may stand on g4.
    base = {"f4": "r3", "f5": "b2", "g5": "b1", "g2": "r2"}
    found = kinds(base)
    assert "g2-g4" not in found
    assert kinds({"f4": "r3", "f5": "b2", "g2": "r2"})["g2-g4"] == NORMAL


def test_5_1_a_newly_connected_enemy_may_not_touch_its_own_connected_colour() -> None:
    # The blue f6 would become connected by a red on g6, next to the connected blue f5.
    satellites = {"e5": "r1", "f5": "b1", "f6": "b2", "g3": "r3", "a1": "r4"}
    assert "g3-g6" not in moves_of(satellites)
    without_e5 = {k: v for k, v in satellites.items() if k != "e5"}
    assert "g3-g6" in moves_of(without_e5)


def test_5_2_no_group_above_6() -> None:
    crowned = {"a8": "r1", "b8": "b3", "c8": "r4", "d8": "b4", "e8": "r3", "f8": "b2"}
    mover = {"g5": "r3", "a1": "r4"}
    assert "g5-g8" not in moves_of(crowned | mover)  # a 7th satellite
    five = {k: v for k, v in crowned.items() if k != "a8"}
    assert "g5-g8" in moves_of(five | mover)  # a 6th is fine


def test_5_3_ruling_colonies_never_merge_but_pairs_may_join() -> None:
    two_colonies = {
        "a5": "r1",
        "b5": "b1",
        "c5": "r2",
        "e5": "r3",
        "f5": "b2",
        "g5": "r4",
        "d2": "b3",
    }
    assert "d2-d5" not in moves_of(two_colonies, "b")  # 3 + 3 + 1 = 7, and a merge
    two_pairs = {"b5": "b1", "c5": "r2", "e5": "r3", "f5": "b2", "d2": "b3"}
    assert "d2-d5" in moves_of(two_pairs, "b")  # pairs join into a colony of 5


# ---------------------------------------------------------- 6. end of the game


def colonies_row(rank: int, files: str, codes: list[str]) -> dict[str, str]:
    return {f"{f}{rank}": code for f, code in zip(files, codes, strict=True)}


def test_6_1_twenty_three_connected_ends_the_game_at_once() -> None:
    satellites = {
        **colonies_row(1, "abcdef", ["r1", "b1", "r1", "b1", "r1", "b1"]),
        **colonies_row(3, "abcdef", ["r2", "b2", "r2", "b2", "r2", "b2"]),
        **colonies_row(5, "abcdef", ["r3", "b3", "r3", "b3", "r3", "b3"]),
        **colonies_row(7, "abcd", ["r4", "b4", "r4", "b4"]),
        "i7": "r4",
    }
    position = position_with(satellites, "r")
    assert position.connected_total() == 22
    position.make(parse_move(position, "i7-e7"))
    assert position.connected_total() == 23
    assert position.end_reason() == ENDED_23_CONNECTED
    assert position.legal_moves() == []


def eleven_red_connected() -> dict[str, str]:
    """Red: 11 connected, 1 free on a8.  Blue: 6 connected, free b2 on d8 and b1 on j9."""
    return {
        **colonies_row(2, "abc", ["r1", "b1", "r1"]),
        **colonies_row(2, "efg", ["r2", "b2", "r2"]),
        **colonies_row(4, "abc", ["r3", "b3", "r3"]),
        **colonies_row(4, "efg", ["r4", "b4", "r4"]),
        **colonies_row(6, "abc", ["r1", "b1", "r2"]),
        **colonies_row(6, "ef", ["r3", "b3"]),
        "a8": "r4",
        "d8": "b2",
        "j9": "b1",
    }


def test_9_grace_started_by_the_opponents_move() -> None:
    position = position_with(eleven_red_connected(), "b")
    position.make(parse_move(position, "d8-b8"))
    assert position.finished_player() == RED
    assert (position.side, position.grace) == (BLUE, 3)
    for left in (2, 1, 0):
        position.make(position.legal_moves()[0])
        assert position.side == BLUE and position.grace == left
    assert position.end_reason() == ENDED_GRACE_SPENT


def test_6_2_grace_started_by_the_finishing_players_own_move() -> None:
    position = position_with(eleven_red_connected(), "r")
    move = parse_move(position, "a8-e8")  # next to the free blue on d8
    assert kind_of(move) == CONNECTION
    position.make(move)
    assert position.finished_player() == RED
    assert (position.side, position.grace) == (BLUE, 3)


def test_6_2_twenty_three_during_grace_ends_at_once() -> None:
    satellites = {
        **colonies_row(2, "abcd", ["r1", "b1", "r1", "b1"]),
        **colonies_row(2, "fghi", ["r2", "b2", "r2", "b2"]),
        **colonies_row(4, "abcd", ["r3", "b3", "r3", "b3"]),
        **colonies_row(4, "fghi", ["r4", "b4", "r4", "b4"]),
        **colonies_row(6, "abc", ["r1", "b1", "r2"]),
        **colonies_row(6, "fgh", ["r3", "b3", "r4"]),
        "i8": "b2",
    }
    position = position_with(satellites, "b", grace=3)
    assert position.connected_total() == 22
    position.make(parse_move(position, "i8-i6"))
    assert position.end_reason() == ENDED_23_CONNECTED
    assert position.grace == 2


def test_6_3_ruling_neither_player_able_to_move_ends_the_game() -> None:
    position = position_with({"c3": "r1", "c4": "b1"})
    assert position.legal_moves() == []
    assert position.end_reason() == ENDED_NO_MOVES


def test_6_4_ruling_100_quiet_plies_end_the_game() -> None:
    position = position_with({"c3": "r1", "h8": "b1"}, quiet=99)
    assert position.end_reason() == NOT_OVER
    position.make(parse_move(position, "c3-c2"))
    assert position.quiet == 100
    assert position.end_reason() == ENDED_NO_PROGRESS
    assert position.legal_moves() == []


def test_6_4_a_new_connection_resets_the_quiet_count() -> None:
    position = position_with({"c4": "r3", "f5": "b2"}, quiet=57)
    position.make(parse_move(position, "c4-f4"))
    assert position.quiet == 0


STALLED = {**CLOSING_EDGES, "c4": "r3", "f5": "b2", "h8": "b1"}
"""Every edge held (one satellite each); c4-f4 would connect."""


def test_6_5_ruling_connections_open_after_20_stalled_plies() -> None:
    assert "c4-f4" not in kinds(STALLED)
    stalled = position_with(STALLED, quiet=20, closed=20)
    assert stalled.connections_open()
    assert kind_of(parse_move(stalled, "c4-f4")) == CONNECTION


@pytest.mark.parametrize(("quiet", "closed"), [(19, 20), (20, 19), (100, 19), (19, 100)])
def test_6_5_both_counts_must_reach_20(quiet: int, closed: int) -> None:
    position = position_with(STALLED, quiet=quiet, closed=closed)
    assert not position.connections_open()
    assert "c4-f4" not in {format_move(m) for m in position.legal_moves()}


def test_6_5_the_20th_stalled_ply_opens_connections_for_the_next_player() -> None:
    position = position_with(STALLED, side="b", quiet=19, closed=19)
    assert not position.connections_open()
    position.make(parse_move(position, "h8-h7"))
    assert (position.quiet, position.closed) == (20, 20)
    assert position.plies_until_stall_opens() == 0
    assert "c4-f4" in {format_move(m) for m in position.legal_moves()}


def test_6_5_a_connection_closes_them_again() -> None:
    position = position_with(STALLED, quiet=30, closed=30)
    position.make(parse_move(position, "c4-f4"))
    assert position.quiet == 0 and not position.connections_open()
    assert position.plies_until_stall_opens() == 20


def test_6_5_a_ply_ending_with_an_edge_free_starts_the_count_afresh() -> None:
    # Blue's only satellite on the West edge steps off it and back.
    position = position_with(STALLED, side="b", quiet=40, closed=40)
    position.make(parse_move(position, "a5-b5"))
    assert position.closed == 0 and position.connections_open()  # West is free
    position.make(parse_move(position, "c4-c3"))
    position.make(parse_move(position, "b5-a5"))
    assert position.closed == 1 and position.quiet == 43
    assert not position.connections_open()
    assert position.plies_until_stall_opens() == 19


def test_6_5_the_counts_stop_at_100() -> None:
    position = position_with(STALLED, quiet=99, closed=100, rules=SEED)
    position.make(parse_move(position, "c4-c5"))
    assert position.closed == 100


def test_6_5_the_seed_rules_never_open_connections_by_a_stall() -> None:
    position = position_with(STALLED, quiet=99, closed=99, rules=SEED)
    assert not position.connections_open()
    assert position.plies_until_stall_opens() is None
    assert position.plies_until_no_progress() == 1


# ------------------------------------------------------------------ 7. scoring


def tiebreak_board(red_colonies: list[list[str]], blue_colonies: list[list[str]]) -> dict[str, str]:
    satellites: dict[str, str] = {}
    for rank, codes in zip((1, 3, 5, 7, 9), red_colonies + blue_colonies, strict=False):
        satellites |= colonies_row(rank, "abcdef"[: len(codes)], codes)
    return satellites


def test_7_more_controlled_colonies_wins_and_pairs_score_nothing() -> None:
    satellites = {
        **colonies_row(1, "abc", ["r4", "b1", "r4"]),
        **colonies_row(3, "ab", ["b4", "r1"]),  # a pair
        **colonies_row(5, "abc", ["b2", "r1", "b2"]),  # disputed? blue 4 against red 1
    }
    result = score(position_with(satellites))
    assert result.counts == (1, 1)
    satellites |= colonies_row(7, "abc", ["r3", "b1", "r3"])
    result = score(position_with(satellites))
    assert result.counts == (2, 1) and result.winner == RED and result.tiebreak_step == 0


def test_9_tiebreak_example_lowest_controlled_total_wins() -> None:
    satellites = tiebreak_board(
        [["r3", "b2", "r4"], ["r4", "b3", "r4", "b3"]],  # red totals 9 and 14
        [["b4", "r1", "b4", "r2"], ["b4", "r2", "b3", "r3"]],  # blue totals 11 and 12
    )
    result = score(position_with(satellites))
    assert result.controlled_totals == ((9, 14), (11, 12))
    assert result.winner == RED and result.tiebreak_step == 1


def test_7_ruling_equal_lowest_totals_compare_the_second_lowest() -> None:
    satellites = tiebreak_board(
        [["r3", "b2", "r4"], ["r4", "b3", "r4", "b3"]],  # 9 and 14
        [["b4", "r1", "b4"], ["b4", "r2", "b3", "r3"]],  # 9 and 12
    )
    result = score(position_with(satellites))
    assert result.controlled_totals == ((9, 14), (9, 12))
    assert result.winner == BLUE and result.tiebreak_step == 2


def test_7_ruling_all_totals_equal_is_a_draw() -> None:
    satellites = tiebreak_board([["r3", "b2", "r4"]], [["b3", "r2", "b4"]])
    result = score(position_with(satellites))
    assert result.controlled_totals == ((9,), (9,))
    assert result.winner == NOBODY and result.tiebreak_step == -1


def test_7_ruling_no_colonies_at_all_is_a_draw() -> None:
    result = score(position_with({"a1": "r1", "b1": "b1"}))
    assert result.counts == (0, 0) and result.winner == NOBODY


# ---------------------------------------------------------------- 8. notation


def test_8_position_example_round_trips() -> None:
    assert format_position(parse_position(RULES_EXAMPLE_START)) == RULES_EXAMPLE_START


def test_8_position_text_helper_matches_the_notation() -> None:
    text = position_text({"c4": "r3"})
    assert text.split(" ")[0].split("/")[6] == "..r3......."


def test_board_codes_decode_to_colour_and_value() -> None:
    position = position_with({"c4": "r3", "f5": "b2"})
    c4, f5 = position.board[parse_cell("c4")], position.board[parse_cell("f5")]
    assert (colour_of(c4), value_of(c4)) == (RED, 3)
    assert (colour_of(f5), value_of(f5)) == (BLUE, 2)


@pytest.mark.parametrize("seed", range(5))
def test_random_games_always_end(seed: int) -> None:
    position = starting_position(seed)
    rng = random.Random(seed)
    plies = 0
    while moves := position.legal_moves():
        position.make(rng.choice(moves))
        plies += 1
    assert position.end_reason() != NOT_OVER
    assert plies <= 24 * 100 + 100


def test_4_4_passes_repeat_while_only_one_side_can_move_and_count_as_quiet_plies() -> None:
    position = position_with({"c3": "r1", "c4": "b1", "h8": "b2"})
    for expected_quiet in (1, 2, 3, 4):
        if position.side == RED:
            assert position.legal_moves() == [PASS]
            position.make(PASS)
        else:
            position.make(position.legal_moves()[0])
        assert position.quiet == expected_quiet
    assert position.side == RED and position.legal_moves() == [PASS]
