"""The engine agrees with the plain implementation in plain_rules.py, position by position."""

import random

import plain_rules as plain
import pytest
from games import lively_move

from engine.notation import format_move, format_position
from engine.start import starting_position


@pytest.mark.parametrize("seed", range(40))
def test_engine_and_plain_rules_agree_over_a_whole_game(seed: int) -> None:
    rng = random.Random(seed)
    position = starting_position(seed)
    while True:
        text = format_position(position)
        engine_moves = sorted(format_move(m) for m in position.legal_moves())
        assert engine_moves == sorted(plain.legal_moves(plain.parse(text))), text
        if not engine_moves:
            return
        move = lively_move(position, rng)
        position.make(move)
        expected = plain.show(plain.play(plain.parse(text), format_move(move)))
        assert format_position(position) == expected, (text, format_move(move))
