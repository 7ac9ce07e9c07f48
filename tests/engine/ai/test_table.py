"""What makes two positions the same to the search: the board, the side, the
grace moves and the stall phase (RULES.md 6.5), so the position table and the
game's history never mix a position with connections about to open with the
same board far from it."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from positions import fortress

from engine.ai.levels import choose_move
from engine.ai.search import repetition_key, seen_before, stall_phase
from engine.notation import format_move
from engine.position import Position
from engine.rules import SEED, STALL_PLIES, STANDARD
from engine.start import starting_position


def fortress_counted(quiet: int, closed: int) -> Position:
    return fortress(STANDARD, quiet, closed)


def test_the_same_board_nearer_a_stall_opening_is_another_position() -> None:
    far, near = fortress_counted(5, 5), fortress_counted(6, 6)
    assert (stall_phase(far), stall_phase(near)) == (5, 6)
    assert repetition_key(far) != repetition_key(near)
    # Once the stall has opened connections, more stalled plies change nothing.
    assert repetition_key(fortress_counted(20, 20)) == repetition_key(fortress_counted(35, 40))
    # The phase is the smaller count: a connection or a free edge restarts it.
    assert repetition_key(fortress_counted(30, 6)) == repetition_key(near)
    assert repetition_key(fortress_counted(6, 30)) == repetition_key(near)


def test_without_the_stall_opening_the_counts_do_not_matter() -> None:
    seed_far, seed_near = fortress(SEED, 5, 5), fortress(SEED, 6, 6)
    assert repetition_key(seed_far) == repetition_key(seed_near) == seed_far.key()


def played(seed: int, plies: int) -> tuple[Position, list[Position]]:
    """A game of random moves (stalls and free edges come and go in them) and a
    copy of each of its positions before the last."""
    rng = random.Random(seed)
    position = starting_position(seed, STANDARD)
    earlier = []
    for _ in range(plies):
        moves = position.legal_moves()
        if not moves:
            break
        earlier.append(position.copy())
        position.make(rng.choice(moves))
    return position, earlier


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(1, 150))
def test_the_games_earlier_positions_are_known_with_their_stall_phase(
    seed: int, plies: int
) -> None:
    game, earlier = played(seed, plies)
    seen = seen_before(game)
    since = min(game.quiet, len(earlier))
    assert repetition_key(game) in seen and len(seen) <= since + 1
    for back in range(1, since + 1):
        position = earlier[-back]
        if back <= game.closed or position.free_edges():
            assert repetition_key(position) in seen, f"{back} plies back"
        else:
            # Before the last ply that ended with an edge free the phase is not
            # known: the plain key stands, which only a position with an edge
            # free (phase 0) and the same board can match.
            assert position.key() in seen
    for position in earlier[: len(earlier) - since]:
        assert repetition_key(position) not in seen  # before the last connection


def test_a_shuffle_with_every_edge_occupied_is_no_loop_under_the_stall_ruling() -> None:
    # test_history's loop: Blue's favourite, a red step, both taken back.  Under
    # the seed rules the game is then back where it was, and Master steers away
    # from the loop; under the standard rules the stall has run four plies on,
    # so the position is a new one and the history changes nothing.
    start = fortress(STANDARD)
    favourite = choose_move(start, 5, seed=1).move
    game = start.copy()
    game.make(favourite)
    steps = {format_move(m): m for m in game.legal_moves()}
    game.make(steps["j6-j5"])
    game.make(next(m for m in game.legal_moves() if format_move(m) == back(favourite)))
    game.make(next(m for m in game.legal_moves() if format_move(m) == "j5-j6"))
    assert game.board == start.board and stall_phase(game) == 4 < STALL_PLIES
    fresh = fortress(STANDARD, quiet=4, closed=4)
    assert fresh.board == game.board
    with_history, without = choose_move(game, 5, seed=1), choose_move(fresh, 5, seed=1)
    assert (with_history.move, with_history.value) == (without.move, without.value)


def back(move: int) -> str:
    return "-".join(reversed(format_move(move).split("-")))
