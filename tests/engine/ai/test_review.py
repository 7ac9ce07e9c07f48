"""The review of a game: what each move cost its player, read from Red's side."""

from boards import CLOSING_EDGES, position_text, position_with
from hypothesis import given
from hypothesis import strategies as st
from positions import blockade, finishing_loses, tiebreak_finale

from engine.ai.evaluation import WIN_THRESHOLD
from engine.ai.review import (
    BIG_LOSS,
    CERTAIN,
    EVEN,
    LIKELIEST,
    Assessment,
    assess,
    red_chance,
    review_game,
    review_of,
)
from engine.ai.search import Limits, Search
from engine.moves import PASS
from engine.notation import format_move, format_position, parse_move, parse_position
from engine.pieces import BLUE, NOBODY, RED
from engine.position import Position
from engine.record import GameRecord
from engine.rules import SEED, STANDARD
from engine.scoring import score

SMALL = Limits(nodes=2_000)
"""Enough to see these positions through, quick in pure Python."""


def record_of(position: Position, *moves: str) -> GameRecord:
    """A record from a position set up by hand, with ``moves`` played from it."""
    record = GameRecord(start=format_position(position))
    played = position.copy()
    for text in moves:
        move = parse_move(played, text)
        played.make(move)
        record.moves.append(move)
    return record


SAVING = {"f9-f8", "f9-e10", "f9-f10", "f9-g10"}
"""Red's moves in ``blockade()`` that do not lose at once: onto f8, or onto the North edge."""


def swapped(position: Position) -> Position:
    """``position`` with every satellite's colour and the side to move swapped."""
    board, side, *counters = format_position(position).split(" ")
    flip = str.maketrans("rb", "br")
    return parse_position(" ".join([board.translate(flip), side.translate(flip), *counters]))


def test_a_blunder_is_found_with_the_move_that_should_have_been_played() -> None:
    record = record_of(blockade(), "f9-e9", "j8-f8")
    review = review_game(record, SMALL)
    assert review.biggest_losses() == [1], "Red's step let Blue's 4 in"
    assert format_move(review.best_instead(1)) in SAVING
    assert review.loss(1) >= 4 * BIG_LOSS
    assert review.movers == (RED, BLUE)
    assert review.loss(2) == 0, "Blue took the game: the computer's move too"
    assert review.turning_point() == 1


def test_chances_are_red_s_whoever_is_to_move() -> None:
    record = record_of(blockade(), "f9-e9", "j8-f8")
    review = review_game(record, SMALL)
    assert review.chance(0) > EVEN, "Red to move leads, and can keep the lead"
    assert review.chances()[1:] == [0, 0], "Blue to move wins at once, and did"
    assert review.winner == BLUE


def test_the_same_position_with_the_colours_swapped_reads_the_other_way() -> None:
    position = blockade()
    value = assess(position, SMALL).value
    assert value > 0
    assert assess(swapped(position), SMALL).value == -value
    assert red_chance(-value) == CERTAIN - red_chance(value)


def test_the_line_starts_with_the_best_move_and_replays() -> None:
    position = blockade()
    assessment = assess(position, SMALL)
    assert format_move(assessment.best) in SAVING
    assert 2 <= len(assessment.line) <= 4
    played = position.copy()
    for move in assessment.line:
        assert move in played.legal_moves()
        played.make(move)
    assert format_position(position) == format_position(blockade()), "left as it was"


def test_a_forced_loss_is_certain_and_costs_no_move_anything() -> None:
    """Blue controls a colony; 99 plies without a connection, Red to move with quiet
    steps only: whatever Red plays is the 100th, and the game ends lost."""
    cells = {"e5": "b4", "f5": "r1", "e4": "r1", "h8": "r1", "b9": "b1"}
    position = position_with(cells, side="r", quiet=99)
    record = record_of(position, "h8-h9")
    review = review_game(record, SMALL)
    assert review.assessments[0].value <= -WIN_THRESHOLD, "the search proves the loss"
    assert review.chances() == [0, 0]
    assert review.loss(1) == 0
    assert review.biggest_losses() == []
    assert review.winner == BLUE
    assert review.turning_point() is None, "Blue was ahead for good from the start"


def test_a_grace_blunder_is_charged_to_the_player_who_made_it() -> None:
    """Red finishes itself with e5-i1 and hands Blue three grace moves that win;
    then Blue plays them (the moves the search finds)."""
    position = finishing_loses()
    record = record_of(position, "e5-i1")
    after = record.final_position()
    for _ in range(3):
        move = Search(after, SMALL).run().move
        after.make(move)
        record.moves.append(move)
    assert after.is_over()
    review = review_game(record, SMALL)
    assert review.movers == (RED, BLUE, BLUE, BLUE), "three grace moves in a row"
    assert review.biggest_losses()[0] == 1
    assert format_move(review.best_instead(1)) != "e5-i1"
    assert review.chance(1) == 0, "after the finishing move Blue wins by force"
    assert review.chance(4) == 0, "the end is judged exactly"
    assert all(review.loss(ply) == 0 for ply in (2, 3, 4)), "Blue played them well"
    assert review.turning_point() == 1


def test_the_last_grace_move_is_judged_by_the_end_it_leads_to() -> None:
    position = tiebreak_finale()
    record = record_of(position, "e8-i8")
    review = review_game(record, SMALL)
    assert review.chances() == [CERTAIN, 0], "j9 joining g8-h8 wins the tiebreak; i8 loses it"
    assert review.loss(1) == CERTAIN
    position.make(review.best_instead(1))
    assert position.is_over() and score(position).winner == RED


def test_a_pass_is_the_only_move_and_costs_nothing() -> None:
    """Red's only satellite is locked in a pair: Red must pass, then Blue's 2 joins
    the pair for a colony Blue controls, and neither player can move again."""
    position = position_with({"e5": "r1", "f5": "b1", "e8": "b2"}, side="r")
    assert position.legal_moves() == [PASS]
    record = record_of(position, "pass", "e8-e6")
    review = review_game(record, SMALL)
    assert review.best_instead(1) == PASS
    assert review.loss(1) == 0
    assert review.movers == (RED, BLUE)
    assert review.chances() == [0, 0, 0], "searched past the pass: Blue wins by force"


def test_the_turning_point_is_where_the_winner_went_ahead_for_good() -> None:
    record = GameRecord.from_seed(1)
    position = record.final_position()
    for _ in range(6):
        move = position.legal_moves()[0]
        position.make(move)
        record.moves.append(move)
    swinging = [0, 100, -200, -900, 900, 1_200, 2 * WIN_THRESHOLD]
    review = review_of(record, [Assessment(value, ()) for value in swinging], RED)
    assert review.turning_point() == 4
    draw = review_of(record, [Assessment(value, ()) for value in swinging], NOBODY)
    assert draw.turning_point() is None, "a draw has none"
    steady = [800, 900, 1_000, 1_100, 1_200, 1_300, 2 * WIN_THRESHOLD]
    ahead = review_of(record, [Assessment(value, ()) for value in steady], RED)
    assert ahead.turning_point() == 6, "ahead all along: the move that gained Red most"


@given(st.integers(min_value=-3 * WIN_THRESHOLD, max_value=3 * WIN_THRESHOLD))
def test_a_chance_is_certain_only_when_proven(value: int) -> None:
    chance = red_chance(value)
    assert red_chance(-value) == CERTAIN - chance
    if abs(value) >= WIN_THRESHOLD:
        assert chance in (0, CERTAIN)
    else:
        assert CERTAIN - LIKELIEST <= chance <= LIKELIEST
    assert red_chance(value + 50) >= chance


def test_each_game_is_reviewed_under_the_rules_it_was_played_by() -> None:
    """Every edge held for 30 plies without a connection: under the standard rules
    connections are open (a stall), and Red's best move connects (its 1 on e10
    steps to e9, beside Blue's 4, and frees the top edge; its 2 could join the
    pair e5-f5 at f4); under the seed's rules connections stay closed, and no
    move connects."""
    cells = {**CLOSING_EDGES, "e5": "r3", "f5": "b1", "f2": "r2", "d9": "b4"}
    text = position_text(cells, side="r", quiet=30, closed=30)
    reviews = {}
    connects = {}
    for rules in (STANDARD, SEED):
        record = GameRecord(start=text, rules=rules)
        reviews[rules.id] = review_game(record, SMALL)
        position = record.final_position()
        position.make(reviews[rules.id].assessments[0].best)
        connects[rules.id] = position.quiet == 0
    standard, seed = reviews[STANDARD.id], reviews[SEED.id]
    assert connects == {STANDARD.id: True, SEED.id: False}
    assert standard.chance(0) > seed.chance(0)
