"""``python -m engine``: the engine's command line, on the device as in a checkout.

Every failure (malformed position, illegal move, unknown command, a file the
lab cannot write) exits with status 2 and one line on stderr, whatever the
input holds; never a traceback.  The balance lab's command line,
``python -m engine.lab``, runs these commands and its own the same way.
"""

import os
import random
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import NoReturn

from engine.ai.commands import cmd_hint, hint_parser
from engine.arguments import (
    MAX_GAMES,
    MAX_SEED,
    POSITION_HELP,
    PROGRAM,
    CommandParser,
    UsageError,
    add_rules_option,
    position_parser,
    take_position,
    whole_number_in,
)
from engine.geometry import cell_name
from engine.notation import (
    IllegalMoveError,
    NotationError,
    format_move,
    format_position,
    parse_move,
)
from engine.perft import perft
from engine.pieces import COLOUR_NAMES, NOBODY
from engine.playout import greedy_move, random_move
from engine.position import END_REASON_NAMES, NOT_OVER, Position
from engine.record import GameRecord, format_record
from engine.rules import Rules, rules_named
from engine.scoring import Score, score
from engine.start import starting_position
from engine.text import one_line, shown
from engine.text import whole_number as ascii_number

MAX_PERFT_DEPTH = 4
"""Deeper counts would run for days; the command refuses them before any work."""
SUMMARY_COLUMN = 30
"""Where the overview writes what a command does, after its arguments."""

Run = Callable[[list[str]], list[str]]
Command = tuple[Callable[[], CommandParser], Run]
"""A command's parser (for the overview) and what runs it on its arguments."""


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m engine``: the engine's own commands."""
    return run_command(PROGRAM, COMMANDS, argv)


def run_command(
    program: str, commands: Mapping[str, Command], argv: Sequence[str] | None = None
) -> int:
    """Run the command ``argv`` (default: this process's arguments) names; the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in {"-h", "--help", "help"}:
        print(overview(program, commands))
        return 0
    command = commands.get(args[0])
    try:
        if command is None:
            raise UsageError(f"unknown command {shown(args[0])} (try: {program} help)")
        _, run = command
        for line in run(args[1:]):
            print(line)
    except SystemExit as stop:  # argparse has printed a command's --help
        return stop.code if isinstance(stop.code, int) else 0
    except (UsageError, NotationError, IllegalMoveError, ValueError) as error:
        print(f"error: {one_line(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        sys.stderr.close()  # the reader stopped early (| head): not an error
    except OSError as error:  # a results or report file of the lab that cannot be written
        where = f"{error.filename}: " if error.filename else ""
        print(f"error: {one_line(where + (error.strerror or str(error)))}", file=sys.stderr)
        return 2
    return 0


def exit_with(main: Callable[[], int]) -> NoReturn:
    """Run a command line's ``main`` as the program and exit with its status."""
    try:
        sys.exit(main())
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, as other command-line tools do;
        # stdout goes to /dev/null so that flushing it at exit cannot raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)


def overview(program: str, commands: Mapping[str, Command]) -> str:
    """Every command, its arguments and what it does (each has its own --help)."""
    lines = [f"usage: {program} COMMAND ...   ({program} COMMAND --help: more)"]
    for make_parser, _ in commands.values():
        parser = make_parser()
        synopsis = textwrap.wrap(
            parser.synopsis(), 78, initial_indent="  ", subsequent_indent="    "
        )
        summary = textwrap.wrap(parser.summary, 78 - SUMMARY_COLUMN)
        if len(synopsis) == 1 and len(synopsis[0]) < SUMMARY_COLUMN:
            lines.append(synopsis[0].ljust(SUMMARY_COLUMN) + summary.pop(0))
        else:
            lines += synopsis
        lines += [" " * SUMMARY_COLUMN + line for line in summary]
    lines += textwrap.wrap(f"A POSITION is {POSITION_HELP.removeprefix('a position: ')}.", 78)
    return "\n".join(lines)


def only_position(words: list[str], rules: Rules) -> Position:
    position, rest = take_position(words, rules)
    if rest:
        raise UsageError(f"unexpected argument {shown(rest[0])}")
    return position


def start_parser() -> CommandParser:
    parser = CommandParser("start", "the start position drawn for SEED")
    add_rules_option(parser, "the rules of the game it starts")
    parser.add_argument("seed", metavar="SEED", **whole_number_in(0, MAX_SEED, "the seed"))
    return parser


def cmd_start(args: list[str]) -> list[str]:
    options = start_parser().parse_args(args)
    return [format_position(starting_position(options.seed, rules_named(options.rules)))]


def moves_parser() -> CommandParser:
    return position_parser("moves", "each legal move and the position after it")


def cmd_moves(args: list[str]) -> list[str]:
    options = moves_parser().parse_args(args)
    position = only_position(options.words, rules_named(options.rules))
    lines = []
    for move in position.legal_moves():
        position.make(move)
        lines.append(f"{format_move(move)} {format_position(position)}")
        position.unmake()
    return lines


def perft_parser() -> CommandParser:
    summary = f"the number of leaf positions DEPTH (1..{MAX_PERFT_DEPTH}) plies ahead"
    return position_parser("perft", summary, " DEPTH")


def cmd_perft(args: list[str]) -> list[str]:
    options = perft_parser().parse_args(args)
    position, rest = take_position(options.words, rules_named(options.rules))
    if len(rest) != 1:
        raise UsageError("perft takes a POSITION and a DEPTH")
    depth = ascii_number(rest[0])
    if depth is None or not 1 <= depth <= MAX_PERFT_DEPTH:
        raise UsageError(f"DEPTH must be 1 to {MAX_PERFT_DEPTH}, not {shown(rest[0])}")
    return [str(perft(position, depth))]


def score_parser() -> CommandParser:
    return position_parser("score", "the scoring breakdown")


def cmd_score(args: list[str]) -> list[str]:
    options = score_parser().parse_args(args)
    position = only_position(options.words, rules_named(options.rules))
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


def play_parser() -> CommandParser:
    return position_parser("play", "the position after the moves", " [MOVE ...]")


def cmd_play(args: list[str]) -> list[str]:
    options = play_parser().parse_args(args)
    position, moves = take_position(options.words, rules_named(options.rules))
    for ply, text in enumerate(moves, 1):
        try:
            position.make(parse_move(position, text))
        except (NotationError, IllegalMoveError) as error:
            raise UsageError(f"move {ply}: {error}") from None
    return [format_position(position)]


AGENTS = {"random": random_move, "greedy": greedy_move}
AGENT_NAMES = " or ".join(AGENTS)


def selfplay_parser() -> CommandParser:
    parser = CommandParser("selfplay", "play whole games between two simple agents")
    parser.add_argument(
        "--games", default=1, metavar="N", **whole_number_in(0, MAX_GAMES, "default 1")
    )
    parser.add_argument(
        "--seed", default=1, metavar="S", **whole_number_in(0, MAX_SEED, "the first seed")
    )
    for side, default in (("--red", "greedy"), ("--blue", "random")):
        parser.add_argument(
            side,
            choices=AGENTS,
            default=default,
            metavar="AGENT",
            help=f"{AGENT_NAMES} (default {default})",
        )
    parser.add_argument("--record", action="store_true", help="print each game's record")
    add_rules_option(parser, "the rules the games are played under")
    return parser


def cmd_selfplay(args: list[str]) -> list[str]:
    options = selfplay_parser().parse_args(args)
    rules = rules_named(options.rules)
    agents = [AGENTS[options.red], AGENTS[options.blue]]
    lines = []
    for seed in range(options.seed, options.seed + options.games):
        record = GameRecord.from_seed(seed, red=options.red, blue=options.blue, rules=rules)
        position = starting_position(seed, rules)
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
        if options.record:
            lines += [format_record(record), *describe_score(result), ""]
    return lines


COMMANDS: dict[str, Command] = {
    "start": (start_parser, cmd_start),
    "moves": (moves_parser, cmd_moves),
    "perft": (perft_parser, cmd_perft),
    "score": (score_parser, cmd_score),
    "play": (play_parser, cmd_play),
    "selfplay": (selfplay_parser, cmd_selfplay),
    "hint": (hint_parser, cmd_hint),
}
