"""The search: legal moves always, wins taken, losses avoided, budgets and determinism."""

import random

from boards import position_with
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import blockade, finish_or_wait, fortress, tiebreak_finale

from engine.ai.evaluation import (
    TERM_NAMES,
    WIN_THRESHOLD,
    connection_threats,
    evaluate,
    evaluation_terms,
    stall_first_mover,
    winner_now,
    wins_by_connecting,
)
from engine.ai.levels import LEVELS, choose_move, hint
from engine.ai.search import CHECK_EVERY, Limits, Search
from engine.moves import DISPLACEMENT, PASS, kind_of
from engine.notation import format_move, format_position, parse_position
from engine.pieces import BLUE, NOBODY, RED
from engine.playout import random_move
from engine.position import Position
from engine.rules import SEED, STANDARD
from engine.scoring import score
from engine.start import starting_position


def played_out(seed: int, plies: int) -> Position:
    """The position after up to ``plies`` random moves from the start of ``seed``,
    preferring connections so that colonies and displacements turn up."""
    rng = random.Random(seed)
    position = starting_position(seed)
    for _ in range(plies):
        moves = position.legal_moves()
        if not moves:
            break
        lively = [m for m in moves if kind_of(m) in (1, 2)]
        position.make(rng.choice(lively) if lively else random_move(position, rng))
    return position


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 160), level=st.integers(1, 5))
def test_every_level_returns_a_legal_move(seed: int, plies: int, level: int) -> None:
    position = played_out(seed, plies)
    if position.is_over():
        return
    limits = Limits(nodes=300, max_depth=LEVELS[level - 1].limits.max_depth)
    move = Search(position, limits, seed).run().move
    assert move in position.legal_moves()


def test_the_search_leaves_the_callers_position_alone() -> None:
    position = played_out(7, 20)
    before = position.key(), position.quiet, position.board[:]
    Search(position, Limits(nodes=500)).run()
    assert (position.key(), position.quiet, position.board) == before


def test_passes_when_passing_is_the_only_move() -> None:
    # Red's only satellites are connected (locked); Blue still has a free satellite.
    position = position_with({"e5": "r2", "e6": "b1", "a1": "b3", "j10": "r1", "j9": "b4"})
    assert position.legal_moves() == [PASS]
    assert choose_move(position, 5).move == PASS


def test_plays_a_displacement_with_its_landing_cell() -> None:
    # RULES.md 9: the red 3 on g2 can take g5 and push the blue 2 away; North is
    # empty.  The red 4 on c8 keeps Red moving afterwards (with no satellite of
    # its own left free, Red could only pass while Blue's 4s build colonies, and
    # keeping the 3 back would be the better move).
    position = position_with(
        {
            "e5": "r1", "f5": "b3", "f6": "r1", "g5": "b2", "g2": "r3", "a3": "b4",
            "j4": "b4", "c8": "r4",
        }
    )  # fmt: skip
    move = hint(position).move
    # Only the displacement turns Blue's colony (red 2, blue 3) into Red's.
    assert kind_of(move) == DISPLACEMENT
    assert move in position.legal_moves()
    position.make(move)
    assert score(position).counts == (1, 0)


def test_takes_the_connection_that_wins_the_tiebreak() -> None:
    position = tiebreak_finale()
    losing = [m for m in position.legal_moves() if format_move(m) in ("e8-i8", "e8-e4")]
    assert len(losing) == 2  # the test is only meaningful while a losing ending exists
    for level in LEVELS:
        move = choose_move(position, level.number, seed=3).move
        position.make(move)
        assert position.is_over(), f"{level.name} played {format_move(move)}"
        assert score(position).winner == RED, f"{level.name} played {format_move(move)}"
        position.unmake()


def wins_at_once(position: Position, winner: int) -> bool:
    """Some move of the player to move ends the game with ``winner`` winning."""
    for move in position.legal_moves():
        position.make(move)
        won = position.is_over() and score(position).winner == winner
        position.unmake()
        if won:
            return True
    return False


def test_avoids_a_move_that_lets_the_opponent_win_at_once() -> None:
    position = blockade()
    assert not position.is_over() and score(position).winner == RED
    losing = []
    for move in position.legal_moves():
        position.make(move)
        if wins_at_once(position, BLUE):
            losing.append(move)
        position.unmake()
    assert losing  # the test is only meaningful while losing moves exist
    for level in LEVELS[1:]:  # level 1 does not look at replies (engine.ai.levels)
        move = choose_move(position, level.number, seed=3).move
        assert move not in losing, f"{level.name} played {format_move(move)}"


def test_same_seed_and_node_budget_give_the_same_move() -> None:
    position = played_out(11, 20)
    first = Search(position, Limits(nodes=2_000, noise=200), seed=5).run()
    second = Search(position, Limits(nodes=2_000, noise=200), seed=5).run()
    assert (first.move, first.nodes, first.value) == (second.move, second.nodes, second.value)


def test_the_node_budget_is_respected() -> None:
    position = starting_position(3)
    result = Search(position, Limits(nodes=3_000)).run()
    assert result.depth >= 1
    assert result.nodes <= 3_000 + CHECK_EVERY


def test_a_time_budget_stops_an_otherwise_endless_search() -> None:
    result = Search(starting_position(3), Limits(seconds=0.05)).run()
    assert result.depth >= 1
    assert result.seconds < 5.0  # without the clock this search would run for hours


def test_a_finished_game_has_no_move_to_search() -> None:
    position = tiebreak_finale()
    position.make(position.legal_moves()[0])
    while not position.is_over():
        position.make(position.legal_moves()[0])
    try:
        Search(position, Limits(nodes=100)).run()
    except ValueError as error:
        assert "over" in str(error)
    else:
        raise AssertionError("searching a finished game must fail clearly")


def test_the_evaluation_is_antisymmetric_in_the_side_to_move() -> None:
    # Under the seed rules no stall opens connections, so who is to move
    # changes nothing but the point of view.
    position = parse_position(
        "..r3r4.r3.r3../....r1.r2.../.b2.......b3/.b1......b1./.b1.......b3/"
        ".b2.......b4/b4........b4/b3.......b2./..r2.r2r1.r1../...r4..r4... r 0 0 0",
        SEED,
    )
    red_view = evaluate(position)
    position.side = 1
    assert evaluate(position) == -red_view


def test_the_player_to_move_when_a_stall_opens_connections_moves_first() -> None:
    # Every edge occupied, nothing connecting: connections open for the player
    # to move once both counts reach 20 (RULES.md 6.5), so the player to move
    # now moves first then when an even number of plies remains.
    for quiet, closed, first in ((18, 18, BLUE), (19, 19, RED), (2, 30, BLUE), (40, 5, RED)):
        assert stall_first_mover(fortress(STANDARD, quiet, closed)) == first
    assert stall_first_mover(fortress(STANDARD, 20, 20)) == NOBODY  # open now: searched
    assert stall_first_mover(fortress(SEED, 18, 18)) == NOBODY
    free_edge = fortress(STANDARD)
    free_edge.make(next(m for m in free_edge.legal_moves() if format_move(m) == "c3-d4"))
    free_edge.make(next(m for m in free_edge.legal_moves() if format_move(m) == "e10-f9"))
    assert free_edge.free_edges() == [0] and stall_first_mover(free_edge) == NOBODY
    # The evaluation counts the first move for its player (+1 Red, -1 Blue) when
    # that player has a connection in reach; here both have.
    for counts, first, sign in ((18, BLUE, -1), (19, RED, 1)):
        position = fortress(STANDARD, counts, counts)
        assert connection_threats(position, first) > 0
        assert evaluation_terms(position)[TERM_NAMES.index("stall's first move")] == sign


def test_a_connection_that_would_turn_the_game_at_a_stall_opening_counts_as_winning_now() -> None:
    # In the fortress Red wins as it stands (its colony d7-d8-e7, 4 against 2),
    # but Blue's 4 on c3 can land on c7 and take that colony (4 against 6) the
    # moment connections open.  When Blue moves first at the opening, the
    # evaluation reads the game as Blue's; when Red does, as Red's.
    blue_first, red_first = fortress(STANDARD, 18, 18), fortress(STANDARD, 19, 19)
    assert winner_now(blue_first) == winner_now(red_first) == RED
    assert wins_by_connecting(blue_first, BLUE)
    winning = TERM_NAMES.index("winning now")
    assert evaluation_terms(blue_first)[winning] == -1
    assert evaluation_terms(red_first)[winning] == 1
    # Without the stall opening (the seed rules), nothing opens: Red's game.
    closed_for_good = fortress(SEED, 18, 18)
    assert evaluation_terms(closed_for_good)[winning] == 1
    assert evaluate(blue_first) > evaluate(closed_for_good)  # both from Blue's side
    # Looking leaves the position as it was.
    before = format_position(blue_first)
    wins_by_connecting(blue_first, BLUE)
    assert format_position(blue_first) == before and blue_first.history == []


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 200))
def test_the_evaluations_quick_winner_is_the_scorings_winner(seed: int, plies: int) -> None:
    position = played_out(seed, plies)
    assert winner_now(position) == score(position).winner


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 200), colour=st.sampled_from((RED, BLUE)))
def test_a_deciding_connection_is_one_that_played_would_turn_the_game(
    seed: int, plies: int, colour: int
) -> None:
    # The evaluation reads each connection's merged groups without playing it;
    # playing each one and asking who wins must agree.
    position = played_out(seed, plies)
    if winner_now(position) == colour:
        return  # asked only of a player who is not winning as it stands
    connections: list[int] = []
    position.generate_connections(colour, connections)
    turning = False
    for move in connections:
        position.make(move)
        turning = turning or winner_now(position) == colour
        position.unmake()
    assert wins_by_connecting(position, colour) == turning


# Red controls a colony and one red satellite on each edge keeps connections
# closed (for good under the seed rules).
RED_AHEAD_AND_CLOSED = {
    "a5": "r3", "j6": "r3", "e10": "r2", "g1": "r2", "d7": "r4", "d8": "b1", "e7": "b1",
    "f4": "b2", "c3": "b4", "h8": "b3", "g5": "r1",
}  # fmt: skip


def test_master_ahead_counts_the_no_progress_clock_against_itself() -> None:
    # Running down the clock is no plan: the longer nothing has connected, the
    # less Master's lead is worth to it, so it is drawn to finish the game.
    master = LEVELS[4].limits
    fixed = Limits(nodes=3_000, contempt=master.contempt, hurry=master.hurry)
    unhurried = Limits(nodes=3_000, contempt=master.contempt)

    def value(limits: Limits, quiet: int) -> int:
        position = position_with(RED_AHEAD_AND_CLOSED, quiet=quiet, closed=quiet, rules=SEED)
        return Search(position, limits, seed=1).run().value

    assert value(unhurried, 0) == value(unhurried, 60) > 0
    assert 0 < value(fixed, 60) < value(fixed, 0)
    assert value(fixed, 90) < value(fixed, 60)


def test_of_two_wins_the_search_values_the_sooner_one_higher() -> None:
    # Connecting at g8 wins at once by one colony; stepping onto the last free
    # edge wins a ply later, by the no-progress rule, by two.  Each root move
    # searched alone (as a worker of the parallel search does) must rate the
    # game ended now above the clock run down for a wider win.
    position = finish_or_wait()
    moves = {format_move(m): m for m in position.legal_moves()}
    waits = [m for name, m in moves.items() if name.endswith(("c10", "e10", "g10"))]
    assert len(waits) == 3
    for wait in waits:
        position.make(wait)
        for reply in position.legal_moves():  # the test needs the wait to win too
            position.make(reply)
            assert position.is_over() and score(position).counts == (2, 0)
            position.unmake()
        position.unmake()
    limits = LEVELS[4].limits
    finish = Search(position, limits, seed=1, root_moves=[moves["e8-g8"]]).run()
    for wait in waits:
        waited = Search(position, limits, seed=1, root_moves=[wait]).run()
        assert waited.value >= WIN_THRESHOLD, "waiting wins too"
        assert finish.value > waited.value, f"{format_move(wait)} rated above finishing"
