"""Simple move choosers: uniform random and greedy one-ply (the CLI's self-play,
benchmarks and the arena's baselines)."""

import random

from engine.moves import Move
from engine.pieces import NOBODY, Colour, other
from engine.position import Position
from engine.scoring import score


def random_move(position: Position, rng: random.Random) -> Move:
    """A uniformly random legal move (the position must not be over)."""
    return rng.choice(position.legal_moves())


def greedy_move(position: Position, rng: random.Random) -> Move:
    """The move that leaves the best score for the mover one ply later.

    Ties (most moves in a quiet position) are broken at random.
    """
    mover = position.side
    best: list[Move] = []
    best_value = -(10**9)
    for move in position.legal_moves():
        position.make(move)
        value = score_margin(position, mover)
        position.unmake()
        if value > best_value:
            best_value, best = value, [move]
        elif value == best_value:
            best.append(move)
    return rng.choice(best)


def score_margin(position: Position, player: Colour) -> int:
    """Colonies controlled by ``player`` minus the opponent's, with the tiebreak as a half."""
    result = score(position)
    margin = 2 * (result.counts[player] - result.counts[other(player)])
    if result.winner == player:
        margin += 1
    elif result.winner != NOBODY:
        margin -= 1
    return margin


def play_out(position: Position, rng: random.Random) -> int:
    """Play random moves until the game ends; return the number of plies played."""
    moves: list[Move] = []
    plies = 0
    position.generate_moves(moves)
    while moves:
        position.make(moves[rng.randrange(len(moves))])
        plies += 1
        position.generate_moves(moves)
    return plies
