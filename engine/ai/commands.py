"""``python -m engine hint POSITION [LEVEL]``: the move a level would play, and why."""

from engine.ai.levels import HINT_LEVEL, level
from engine.ai.search import Search
from engine.notation import format_move, parse_position
from engine.text import whole_number

HINT_SEED = 0


def cmd_hint(args: list[str]) -> list[str]:
    """The best move for the player to move (ValueError for bad input)."""
    if not args:
        raise ValueError("hint takes a POSITION (one quoted argument or four fields) and a LEVEL")
    number = HINT_LEVEL
    given = whole_number(args[-1]) if len(args) in (2, 5) else None
    if given is not None:
        number = given
        args = args[:-1]
    chosen = level(number)
    position = parse_position(" ".join(args))
    if position.is_over():
        raise ValueError("the game is over: there is nothing to hint")
    result = Search(position, chosen.limits, HINT_SEED).run()
    return [
        format_move(result.move),
        f"level {chosen.number} ({chosen.name}): value {result.value}, depth {result.depth}, "
        f"{result.nodes} nodes, {result.seconds:.2f} s",
    ]
