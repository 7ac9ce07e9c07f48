"""The gentle levels: they take what they see and never hand over a colony."""

from boards import position_with

from engine.ai.levels import choose_move
from engine.moves import CONNECTION, kind_of
from engine.notation import format_move
from engine.pieces import BLUE
from engine.scoring import score

GENTLE = (1, 2)


def test_never_connects_into_a_colony_the_opponent_controls() -> None:
    # Red's 1 on c4 could join the pair e5-e6 at d5: a colony of red 2 against
    # blue 3, handed to Blue.  Red's other satellites have quiet moves.
    position = position_with(
        {"e5": "b3", "e6": "r1", "c4": "r1", "h3": "r2", "b8": "r4", "g8": "b2"}
    )
    gift = next(m for m in position.legal_moves() if format_move(m) == "c4-d5")
    assert kind_of(gift) == CONNECTION
    position.make(gift)
    assert score(position).winner == BLUE
    position.unmake()
    for level in GENTLE:
        for seed in range(20):
            move = choose_move(position, level, seed).move
            assert move != gift, f"level {level}, seed {seed}: handed Blue a colony"


def test_takes_a_colony_that_is_there_for_the_taking() -> None:
    # The same pair, and Red's 4 on d1 reaches d5 (exactly 4 cells North):
    # a colony of red 5 against blue 3, Red's.
    position = position_with(
        {"e5": "b3", "e6": "r1", "d1": "r4", "h3": "r2", "b8": "r1", "g8": "b2"}
    )
    take = next(m for m in position.legal_moves() if format_move(m) == "d1-d5")
    assert kind_of(take) == CONNECTION
    for level in GENTLE:
        for seed in range(20):
            move = choose_move(position, level, seed).move
            position.make(move)
            played = format_move(move)
            assert score(position).counts == (1, 0), f"level {level}, seed {seed}: {played}"
            position.unmake()
