"""Valid inputs the fuzz tests start from: positions and moves of real games."""

import random

from games import lively_move
from hypothesis import strategies as st

from engine.notation import format_move, format_position
from engine.position import Position
from engine.start import starting_position


@st.composite
def game_positions(draw: st.DrawFn, max_plies: int = 80) -> Position:
    """A position of a lively game: any seed, any number of plies in."""
    position = starting_position(draw(st.integers(0, 2**32)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, max_plies))):
        if position.is_over():
            break
        position.make(lively_move(position, rng))
    return position


def position_texts() -> st.SearchStrategy[str]:
    return game_positions().map(format_position)


@st.composite
def move_texts(draw: st.DrawFn) -> str:
    """A move written out: legal in some position, maybe not in the one it meets."""
    moves = draw(game_positions()).legal_moves()
    return format_move(draw(st.sampled_from(moves))) if moves else "pass"
