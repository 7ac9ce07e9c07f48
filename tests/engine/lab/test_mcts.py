"""The informed MCTS-solver baseline: legal moves, proven wins taken, proven
losses avoided, and a reused tree that stays correct."""

import random

from positions import blockade, tiebreak_finale

from engine.lab.mcts import mcts_move
from engine.notation import format_move
from engine.pieces import BLUE, RED
from engine.scoring import score
from engine.start import starting_position


def test_plays_the_proven_win() -> None:
    position = tiebreak_finale()
    move = mcts_move(position, random.Random(1), 300)
    position.make(move)
    assert position.is_over() and score(position).winner == RED, format_move(move)


def test_never_plays_a_move_proven_to_lose() -> None:
    position = blockade()
    losing = []
    for move in position.legal_moves():
        position.make(move)
        for reply in position.legal_moves():
            position.make(reply)
            if position.is_over() and score(position).winner == BLUE:
                losing.append(move)
            position.unmake()
            if losing and losing[-1] == move:
                break
        position.unmake()
    assert losing
    for seed in range(3):
        assert mcts_move(position, random.Random(seed), 3_000) not in losing


def test_a_whole_game_with_the_tree_kept_between_moves_stays_legal() -> None:
    position = starting_position(5)
    rng = random.Random(5)
    for _ in range(30):
        if position.is_over():
            break
        move = mcts_move(position, rng, 60)
        assert move in position.legal_moves()
        position.make(move)
