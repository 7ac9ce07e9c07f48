"""Grace moves are searched to the end of the phase: the search keeps a
satellite in reserve when finishing itself would hand the opponent the game."""

from positions import finishing_loses

from engine.ai.evaluation import WIN_THRESHOLD
from engine.ai.levels import LEVELS, choose_move
from engine.ai.search import Limits, Search
from engine.notation import format_move
from engine.pieces import BLUE, RED
from engine.scoring import score


def test_the_grace_player_finds_a_three_move_win_with_a_quiet_move_in_it() -> None:
    position = finishing_loses()
    finish = next(m for m in position.legal_moves() if format_move(m) == "e5-i1")
    position.make(finish)
    assert position.finished_player() == RED and position.side == BLUE and position.grace == 3
    result = Search(position, Limits(nodes=2_000)).run()
    assert result.value >= WIN_THRESHOLD, "three grace moves win for Blue"
    for _ in range(3):
        move = Search(position, Limits(nodes=2_000)).run().move
        position.make(move)
    assert position.is_over() and score(position).winner == BLUE


def test_keeps_its_last_satellite_in_reserve_when_finishing_loses() -> None:
    position = finishing_loses()
    finishing = []
    for move in position.legal_moves():
        position.make(move)
        if position.finished_player() == RED:
            finishing.append(move)
        position.unmake()
    assert [format_move(m) for m in finishing] == ["e5-i1"]
    for level in LEVELS[1:]:  # level 1 does not look at replies
        chosen = choose_move(position, level.number, seed=2)
        assert chosen.move not in finishing, f"{level.name} finished itself and lost"
        assert chosen.value > -WIN_THRESHOLD
