"""The engine agrees with the plain implementation in plain_rules.py, position by position."""

import random

import plain_rules as plain
import pytest
from games import lively_move

from engine.notation import format_move, format_position
from engine.rules import SEED, STANDARD, Rules
from engine.start import starting_position

GAMES = [(STANDARD, seed) for seed in range(40)] + [(SEED, seed) for seed in range(20)]


@pytest.mark.parametrize(("rules", "seed"), GAMES, ids=lambda v: getattr(v, "id", str(v)))
def test_engine_and_plain_rules_agree_over_a_whole_game(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    position = starting_position(seed, rules)
    stalls_open = rules == STANDARD
    while True:
        text = format_position(position)
        engine_moves = sorted(format_move(m) for m in position.legal_moves())
        assert engine_moves == sorted(plain.legal_moves(plain.parse(text, stalls_open))), text
        if not engine_moves:
            return
        move = lively_move(position, rng)
        position.make(move)
        expected = plain.show(plain.play(plain.parse(text, stalls_open), format_move(move)))
        assert format_position(position) == expected, (text, format_move(move))


def test_the_plain_rules_open_connections_after_a_stall_in_these_games() -> None:
    # The games above would not test RULES.md 6.5 if none of them reached a stall.
    opened = 0
    for rules, seed in GAMES:
        rng = random.Random(seed)
        position = starting_position(seed, rules)
        while not position.is_over():
            state = plain.parse(format_position(position), rules == STANDARD)
            opened += not plain.edges_free(state.board) and plain.connections_open(state)
            position.make(lively_move(position, rng))
    assert opened > 0
