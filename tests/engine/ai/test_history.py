"""The search knows the game's history: a repeated position is scored as the
no-progress rule's result, so the side behind does not walk into a loop."""

from positions import fortress

from engine.ai.levels import choose_move
from engine.notation import format_move
from engine.pieces import RED
from engine.position import Position
from engine.scoring import score


def reverse(position: Position, move: int) -> int:
    """The legal move that takes ``move`` (just played) back, as a normal move."""
    for candidate in position.legal_moves():
        if format_move(candidate) == "-".join(reversed(format_move(move).split("-"))):
            return candidate
    raise AssertionError(f"{format_move(move)} cannot be taken back")


def test_behind_the_search_steers_away_from_a_position_the_game_has_seen() -> None:
    start = fortress()
    assert score(start).winner == RED and not start.connections_open()
    # The move Master plays here when the position is new ...
    favourite = choose_move(start, 5, seed=1).move
    # ... is made to return to a position already played: the game went
    # favourite, a red step, favourite taken back, the red step taken back.
    game = start.copy()
    game.make(favourite)
    looped_to = game.key()
    red_step = next(m for m in game.legal_moves() if format_move(m) == "j6-j5")
    game.make(red_step)
    game.make(reverse(game, favourite))
    game.make(reverse(game, red_step))
    assert game.key() == start.key() and game.board == start.board
    repeating = []
    for move in game.legal_moves():
        game.make(move)
        if game.key() == looped_to:
            repeating.append(move)
        game.unmake()
    assert repeating == [favourite]
    chosen = choose_move(game, 5, seed=1)
    assert chosen.move != favourite, "the side behind walked back into a loop"
    assert chosen.value > -10_000, "the other moves are ordinary, not losing"
