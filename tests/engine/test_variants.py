"""Rule variants for the balance lab: off by default, each doing what it says."""

import pickle
from dataclasses import replace
from typing import Any

from boards import position_with

from engine.geometry import CELLS
from engine.notation import format_move, parse_position
from engine.pieces import NOBODY, RED
from engine.position import (
    ENDED_BLOCKADE,
    ENDED_NO_PROGRESS,
    ENDED_REPETITION,
    NOT_OVER,
    Position,
)
from engine.rules import SEED, STALL_PLIES, STANDARD, Rules
from engine.scoring import game_winner, score
from engine.start import starting_position


def lab_rules(**changes: Any) -> Rules:
    """The seed rules with ``changes``: a variant of the balance lab's kind."""
    return replace(SEED, name="variant", **changes)


def under(rules: Rules, position: Position) -> Position:
    """The same position played under ``rules``."""
    twin = Position(rules)
    for cell in range(CELLS):
        if position.board[cell]:
            twin.place(cell, position.board[cell])
    twin.rebuild_groups()
    twin.side, twin.grace, twin.quiet = position.side, position.grace, position.quiet
    twin.closed = position.closed
    return twin


def play(position: Position, *moves: str) -> None:
    for text in moves:
        position.make(next(m for m in position.legal_moves() if format_move(m) == text))


# Red controls a colony; one red satellite on each edge holds all four.
BLOCKADE = {"a5": "r3", "j6": "r3", "e10": "r2", "g1": "r2", "d7": "r4", "d8": "b1", "e7": "b1",
            "f4": "b2", "c3": "b4"}  # fmt: skip
# The same colony; red 3s on the corners a1 and j10 hold all four edges only
# when corners count for their edges.
FORTRESS = {"a1": "r3", "j10": "r3", "d7": "r4", "d8": "b1", "e7": "b1", "f4": "b2", "c3": "b4"}


def test_every_position_plays_the_standard_rules_unless_told_otherwise() -> None:
    assert starting_position(4).rules == STANDARD
    assert (
        parse_position(
            "..r3r4.r3.r3../....r1.r2.../.b2.......b3/.b1......b1./.b1.......b3/"
            ".b2.......b4/b4........b4/b3.......b2./..r2.r2r1.r1../...r4..r4... r 0 0 0"
        ).rules
        == STANDARD
    )
    assert replace(SEED, name="standard", version=2, opening_plies=STALL_PLIES) == STANDARD


def test_a_shorter_quiet_limit_ends_the_game_sooner() -> None:
    standard = position_with(BLOCKADE, side="b", quiet=29)
    variant = under(lab_rules(quiet_limit=30), standard)
    play(standard, "f4-f5")
    play(variant, "f4-f5")
    assert standard.end_reason() == NOT_OVER
    assert variant.end_reason() == ENDED_NO_PROGRESS


def test_with_corner_edges_two_corners_close_the_board() -> None:
    standard = position_with(FORTRESS)
    assert standard.connections_open() and standard.free_edges() == [0, 1, 2, 3]
    variant = under(lab_rules(corners_are_edges=True), standard)
    assert not variant.connections_open()
    play(variant, "a1-a2")  # a2 is on the West edge only: South is free again
    assert variant.free_edges() == [1]


def test_threefold_repetition_ends_the_game_on_the_third_visit() -> None:
    standard = position_with(BLOCKADE, side="b")
    variant = under(lab_rules(repetition_limit=3), standard)
    loop = ("f4-f5", "j6-j5", "f5-f4", "j5-j6")
    for position in (standard, variant):
        play(position, *loop)
        assert position.end_reason() == NOT_OVER and position.occurrences() == 2
        play(position, *loop[:3])
        assert position.end_reason() == NOT_OVER
        play(position, loop[3])
    assert standard.end_reason() == NOT_OVER
    assert variant.end_reason() == ENDED_REPETITION
    assert game_winner(variant) == score(variant).winner == RED


def test_a_long_blockade_ends_the_game_as_a_draw() -> None:
    standard = position_with({**BLOCKADE, "h5": "r1"}, side="b")
    variant = under(lab_rules(blockade_plies=4), standard)
    for position in (standard, variant):
        play(position, "f4-f5", "h5-h6", "f5-f6")
    assert variant.end_reason() == NOT_OVER
    play(variant, "h6-h7")
    play(standard, "h6-h7")
    assert variant.end_reason() == ENDED_BLOCKADE
    assert score(variant).winner == RED and game_winner(variant) == NOBODY
    assert standard.end_reason() == NOT_OVER and game_winner(standard) == RED
    variant.unmake()
    assert variant.end_reason() == NOT_OVER and variant.closed == 3


def test_rules_reach_worker_processes_unchanged() -> None:
    # The arena and the lab send the rules to worker processes, which unpickle
    # them; the compiled engine's frozen class once refused to be rebuilt.
    every_variant = lab_rules(quiet_limit=30, corners_are_edges=True, repetition_limit=3,
                              blockade_plies=20, opening_plies=7, own_edges=True)  # fmt: skip
    for rules in (STANDARD, SEED, every_variant):
        assert pickle.loads(pickle.dumps(rules)) == rules


def test_after_a_long_blockade_connections_open_until_the_next_connection() -> None:
    standard = position_with({**BLOCKADE, "h5": "r1", "c4": "b3"}, side="b")
    variant = under(lab_rules(opening_plies=4), standard)
    for position in (standard, variant):
        play(position, "f4-f5", "h5-h6", "f5-f6")
        assert not position.connections_open()
    play(standard, "h6-h7")
    play(variant, "h6-h7")
    assert not standard.connections_open()
    assert variant.connections_open() and variant.free_edges() == []
    play(variant, "c4-c7")  # the blue 3 joins red d7's colony: a connection
    assert variant.connected_total() == 4 and not variant.connections_open()


def test_with_own_edges_a_blockade_closes_connections_only_for_its_holder() -> None:
    standard = position_with({**BLOCKADE, "h5": "r1"}, side="b")
    variant = under(lab_rules(own_edges=True), standard)
    assert not standard.connections_open()
    assert variant.connections_open()  # Blue holds no edge
    assert "c3-c6" in {format_move(m) for m in variant.legal_moves()}
    play(variant, "f4-f5")
    assert not variant.connections_open()  # Red holds all four
