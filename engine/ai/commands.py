"""``python -m engine hint POSITION [LEVEL]``: the move a level would play, and why."""

from engine.ai.levels import HINT_LEVEL, level
from engine.ai.search import Search
from engine.arguments import CommandParser, UsageError, position_parser, take_position
from engine.notation import format_move
from engine.rules import rules_named
from engine.text import shown, whole_number

HINT_SEED = 0


def hint_parser() -> CommandParser:
    summary = f"the move a computer level would play (LEVEL 1-5, default {HINT_LEVEL})"
    return position_parser("hint", summary, " [LEVEL]")


def cmd_hint(args: list[str]) -> list[str]:
    """The best move for the player to move (ValueError for bad input)."""
    options = hint_parser().parse_args(args)
    position, rest = take_position(options.words, rules_named(options.rules))
    number = HINT_LEVEL
    if rest:
        given = whole_number(rest[0]) if len(rest) == 1 else None
        if given is None:
            raise UsageError(f"LEVEL must be a whole number, not {shown(' '.join(rest))}")
        number = given
    chosen = level(number)
    if position.is_over():
        raise ValueError("the game is over: there is nothing to hint")
    result = Search(position, chosen.limits, HINT_SEED).run()
    return [
        format_move(result.move),
        f"level {chosen.number} ({chosen.name}): value {result.value}, depth {result.depth}, "
        f"{result.nodes} nodes, {result.seconds:.2f} s",
    ]
