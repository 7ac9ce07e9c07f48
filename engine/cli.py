"""``python -m engine``: the engine's command line.

Every failure (malformed position, illegal move, unknown command) exits with
status 2 and one line on stderr, whatever the input holds; never a traceback.
"""

import random
import sys
from collections.abc import Callable, Sequence

from engine.ai.arena import cmd_arena
from engine.ai.commands import cmd_hint
from engine.ai.lab import cmd_lab
from engine.geometry import cell_name
from engine.notation import (
    IllegalMoveError,
    NotationError,
    format_move,
    format_position,
    parse_move,
    parse_position,
)
from engine.perft import perft
from engine.pieces import COLOUR_NAMES, NOBODY
from engine.playout import greedy_move, random_move
from engine.position import END_REASON_NAMES, NOT_OVER, Position
from engine.record import GameRecord, format_record
from engine.scoring import Score, score
from engine.start import starting_position
from engine.text import one_line, shown
from engine.text import whole_number as ascii_number

USAGE = """usage: python -m engine COMMAND ...
  start SEED                  the start position drawn for SEED
  moves POSITION              each legal move and the position after it
  perft POSITION DEPTH        the number of leaf positions DEPTH (1..10) plies ahead
  score POSITION              the scoring breakdown
  play POSITION MOVE...       the position after the moves
  selfplay [--games N] [--seed S] [--red AGENT] [--blue AGENT] [--record]
                              play whole games (AGENT: random or greedy)
  hint POSITION [LEVEL]       the move a computer level would play (default 5)
  arena A B [--games N] [--seed S] [--workers W] [--progress]
                              paired games between agents (random, greedy,
                              uct:N, uct@S, level1..level5[:N|@S])
  lab --games N --players A,B [--workers W] [--variant NAME ...]
      [--backend processes|ray] [--ray-address ADDRESS]
                              self-play under rule variants, with a report
A POSITION is one argument in quotes, or its four fields as four arguments."""
MAX_PERFT_DEPTH = 10
"""Deeper counts would run for days; the command refuses them before any work."""


class UsageError(Exception):
    """A command line the engine cannot run; its message is the one line shown."""


Command = Callable[[list[str]], list[str]]


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in {"-h", "--help", "help"}:
        print(USAGE)
        return 0
    command = COMMANDS.get(args[0])
    try:
        if command is None:
            raise UsageError(f"unknown command {shown(args[0])} (try: python -m engine help)")
        for line in command(args[1:]):
            print(line)
    except (UsageError, NotationError, IllegalMoveError, ValueError) as error:
        print(f"error: {one_line(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        sys.stderr.close()  # the reader stopped early (| head): not an error
    return 0


def take_position(args: list[str]) -> tuple[Position, list[str]]:
    """The position at the front of ``args`` (quoted, or as four fields), and the rest."""
    if not args:
        raise UsageError("a POSITION is missing")
    if " " in args[0]:
        return parse_position(args[0]), args[1:]
    if len(args) < 4:
        raise UsageError("a POSITION has four fields: BOARD SIDE GRACE QUIET")
    return parse_position(" ".join(args[:4])), args[4:]


def whole_number(text: str, name: str) -> int:
    value = ascii_number(text)
    if value is None:
        raise UsageError(f"{name} must be a whole number, not {shown(text)}")
    return value


def no_more(args: list[str]) -> None:
    if args:
        raise UsageError(f"unexpected argument {shown(args[0])}")


def cmd_start(args: list[str]) -> list[str]:
    if len(args) != 1:
        raise UsageError("start takes one SEED")
    return [format_position(starting_position(whole_number(args[0], "SEED")))]


def cmd_moves(args: list[str]) -> list[str]:
    position, rest = take_position(args)
    no_more(rest)
    lines = []
    for move in position.legal_moves():
        position.make(move)
        lines.append(f"{format_move(move)} {format_position(position)}")
        position.unmake()
    return lines


def cmd_perft(args: list[str]) -> list[str]:
    position, rest = take_position(args)
    if len(rest) != 1:
        raise UsageError("perft takes a POSITION and a DEPTH")
    depth = whole_number(rest[0], "DEPTH")
    if not 1 <= depth <= MAX_PERFT_DEPTH:
        raise UsageError(f"DEPTH must be 1 to {MAX_PERFT_DEPTH}, not {depth}")
    return [str(perft(position, depth))]


def cmd_score(args: list[str]) -> list[str]:
    position, rest = take_position(args)
    no_more(rest)
    reason = position.end_reason()
    heading = (
        f"game over: {END_REASON_NAMES[reason]}"
        if reason != NOT_OVER
        else "game not over: the score if it ended now"
    )
    return [heading, *describe_score(score(position))]


def describe_score(result: Score) -> list[str]:
    lines = []
    for colony in result.colonies:
        cells = " ".join(cell_name(c) for c in colony.cells)
        owner = (
            f"controlled by {COLOUR_NAMES[colony.controller]}"
            if colony.controller != NOBODY
            else "disputed"
        )
        crown = ", crowned" if colony.is_crowned else ""
        lines.append(
            f"colony {cells}: total {colony.total} "
            f"(red {colony.red_sum}, blue {colony.blue_sum}), {owner}{crown}"
        )
    for colour, name in enumerate(COLOUR_NAMES):
        totals = " ".join(str(t) for t in result.controlled_totals[colour]) or "-"
        lines.append(f"{name}: {result.counts[colour]} colonies, totals {totals}")
    lines.append(f"result: {describe_result(result)}")
    return lines


def describe_result(result: Score) -> str:
    if result.winner == NOBODY:
        return "draw"
    winner = COLOUR_NAMES[result.winner]
    if not result.decided_by_tiebreak:
        return f"{winner} wins on colonies, {result.counts[0]} to {result.counts[1]}"
    step = result.tiebreak_step
    red, blue = (totals[step - 1] for totals in result.controlled_totals)
    return f"{winner} wins on the tiebreak (controlled totals, step {step}: red {red}, blue {blue})"


def cmd_play(args: list[str]) -> list[str]:
    position, moves = take_position(args)
    for ply, text in enumerate(moves, 1):
        try:
            position.make(parse_move(position, text))
        except (NotationError, IllegalMoveError) as error:
            raise UsageError(f"move {ply}: {error}") from None
    return [format_position(position)]


AGENTS = {"random": random_move, "greedy": greedy_move}


def cmd_selfplay(args: list[str]) -> list[str]:
    options = {"--games": "1", "--seed": "1", "--red": "greedy", "--blue": "random"}
    show_record = "--record" in args
    args = [a for a in args if a != "--record"]
    if len(args) % 2:
        raise UsageError("selfplay options come in pairs, like --games 10")
    for name, value in zip(args[::2], args[1::2], strict=True):
        if name not in options:
            raise UsageError(f"unknown selfplay option {shown(name)}")
        options[name] = value
    games = whole_number(options["--games"], "--games")
    first_seed = whole_number(options["--seed"], "--seed")
    agents = []
    for side in ("--red", "--blue"):
        if options[side] not in AGENTS:
            raise UsageError(f"{side} must be random or greedy, not {shown(options[side])}")
        agents.append(AGENTS[options[side]])
    lines = []
    for seed in range(first_seed, first_seed + games):
        record = GameRecord.from_seed(seed, red=options["--red"], blue=options["--blue"])
        position = starting_position(seed)
        rng = random.Random(seed)
        while not position.is_over():
            move = agents[position.side](position, rng)
            position.make(move)
            record.moves.append(move)
        result = score(position)
        lines.append(
            f"seed {seed}: {len(record.moves)} plies, {END_REASON_NAMES[position.end_reason()]}; "
            f"{describe_result(result)}"
        )
        if show_record:
            lines += [format_record(record), *describe_score(result), ""]
    return lines


COMMANDS: dict[str, Command] = {
    "start": cmd_start,
    "moves": cmd_moves,
    "perft": cmd_perft,
    "score": cmd_score,
    "play": cmd_play,
    "selfplay": cmd_selfplay,
    "arena": cmd_arena,
    "hint": cmd_hint,
    "lab": cmd_lab,
}
