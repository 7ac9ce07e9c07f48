"""``python -m engine.lab arena A B``: paired games between two agents, with statistics.

Every seed's start position is played twice with the colours swapped, so a
lucky draw favours nobody.  The score's 95% interval comes from the spread of
the pair scores (the pentanomial view used by engine testers), and the Elo
difference and its interval follow from the score by the logistic model.
Pairs can be spread over worker processes (``--workers``).
"""

import json
import math
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from random import Random

from engine.arguments import (
    MAX_GAMES,
    MAX_SEED,
    MAX_WORKERS,
    CommandParser,
    add_rules_option,
    whole_number_in,
)
from engine.lab import PROGRAM
from engine.lab.agents import AGENT_FORMS, Agent, parse_agent
from engine.moves import Move
from engine.pieces import BLUE, NOBODY, RED, other
from engine.position import VARIANT_END_REASON_NAMES
from engine.rules import STANDARD, Rules, rules_named
from engine.scoring import game_winner, score
from engine.start import starting_position

Z_95 = 1.96


@dataclass(frozen=True)
class GameResult:
    """One finished game, seen from agent A."""

    seed: int
    a_is_red: bool
    a_points: float
    """1 win, 0.5 draw, 0 loss."""
    plies: int
    end_reason: int
    a_thinking: "Thinking"
    b_thinking: "Thinking"
    keys: tuple[int, ...] = ()
    """The key of every position of the game, the start first and the end last."""
    colonies: int = 0
    """Colonies on the board at the end, controlled or disputed."""
    moves: tuple[Move, ...] = ()
    """Every move of the game, so it can be replayed (the balance lab does)."""


@dataclass(frozen=True)
class Thinking:
    """One agent's thinking over one game."""

    moves: int
    seconds: float
    longest: float


def play_game(a: Agent, b: Agent, seed: int, a_is_red: bool, rules: Rules = STANDARD) -> GameResult:
    """Play one game from the start position ``seed`` draws, under ``rules``."""
    position = starting_position(seed, rules)
    played: list[Move] = []
    red, blue = (a, b) if a_is_red else (b, a)
    agents = (red, blue)
    rngs = (Random(seed * 4 + 1), Random(seed * 4 + 2))
    totals = [0.0, 0.0]
    longest = [0.0, 0.0]
    moves = [0, 0]
    plies = 0
    while not position.is_over():
        side = position.side
        started = time.perf_counter()
        move = agents[side].choose(position, rngs[side])
        spent = time.perf_counter() - started
        totals[side] += spent
        longest[side] = max(longest[side], spent)
        moves[side] += 1
        position.make(move)
        played.append(move)
        plies += 1
    final = score(position)
    winner = game_winner(position)
    a_colour = RED if a_is_red else BLUE
    points = 0.5 if winner == NOBODY else float(winner == a_colour)
    b_colour = other(a_colour)
    return GameResult(
        seed,
        a_is_red,
        points,
        plies,
        position.end_reason(),
        Thinking(moves[a_colour], totals[a_colour], longest[a_colour]),
        Thinking(moves[b_colour], totals[b_colour], longest[b_colour]),
        (*position.history, position.key()),
        len(final.colonies),
        tuple(played),
    )


PairTask = tuple[Agent, Agent, int, Rules]


def play_pair(task: PairTask) -> tuple[GameResult, GameResult]:
    """Both games of one seed: A as Red, then A as Blue."""
    a, b, seed, rules = task
    return play_game(a, b, seed, True, rules), play_game(a, b, seed, False, rules)


def run_arena(
    a: Agent,
    b: Agent,
    pairs: int,
    first_seed: int,
    workers: int,
    progress: bool = False,
    rules: Rules = STANDARD,
    record: Path | None = None,
) -> list[GameResult]:
    """Play ``pairs`` seeds from ``first_seed``; results in seed order.  With
    ``record``, each game is added to that file as it ends, a line of the
    balance lab's results (``result_line``)."""
    tasks = [(a, b, seed, rules) for seed in range(first_seed, first_seed + pairs)]
    results: list[GameResult] = []
    if workers <= 1:
        for task in tasks:
            _finish_pair(play_pair(task), results, a, b, pairs, progress, rules, record)
        return results
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for pair in pool.map(play_pair, tasks):
            _finish_pair(pair, results, a, b, pairs, progress, rules, record)
    return results


def result_line(base: Rules, variant: str, players: str, result: GameResult) -> str:
    """One game as a JSON line of a results file (the balance lab's format)."""
    return json.dumps(
        {
            "base": base.id,
            "variant": variant,
            "players": players,
            "seed": result.seed,
            "a_is_red": result.a_is_red,
            "a_points": result.a_points,
            "moves": list(result.moves),
        }
    )


def _finish_pair(
    pair: tuple[GameResult, GameResult],
    results: list[GameResult],
    a: Agent,
    b: Agent,
    pairs: int,
    progress: bool,
    rules: Rules,
    record: Path | None,
) -> None:
    results.extend(pair)
    if record is not None:
        players = f"{a.spec},{b.spec}"
        with record.open("a", encoding="utf-8") as out:
            out.write("".join(result_line(rules, rules.name, players, r) + "\n" for r in pair))
    if progress:
        points = sum(r.a_points for r in results)
        print(
            f"{a.spec} vs {b.spec}: {len(results) // 2}/{pairs} pairs, {points:g}/{len(results)}",
            file=sys.stderr,
            flush=True,
        )


def elo_difference(fraction: float) -> float:
    """The logistic Elo difference for a score fraction (infinite at 0 and 1)."""
    if fraction <= 0.0:
        return -math.inf
    if fraction >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / fraction - 1.0)


def score_interval(results: list[GameResult]) -> tuple[float, float, float]:
    """A's score fraction and its 95% interval, from the pair scores."""
    pair_scores = [
        (results[i].a_points + results[i + 1].a_points) / 2 for i in range(0, len(results), 2)
    ]
    mean = statistics.fmean(pair_scores)
    spread = statistics.stdev(pair_scores) if len(pair_scores) > 1 else 0.0
    margin = Z_95 * spread / math.sqrt(len(pair_scores))
    return mean, max(0.0, mean - margin), min(1.0, mean + margin)


def summarize(a: Agent, b: Agent, results: list[GameResult], first_seed: int) -> list[str]:
    """The report: score, Elo, game lengths, end reasons and thinking times."""
    wins = sum(r.a_points == 1.0 for r in results)
    draws = sum(r.a_points == 0.5 for r in results)
    losses = len(results) - wins - draws
    fraction, low, high = score_interval(results)
    plies = [r.plies for r in results]
    reasons = Counter(r.end_reason for r in results)
    as_red = [r.a_points for r in results if r.a_is_red]
    as_blue = [r.a_points for r in results if not r.a_is_red]
    last_seed = first_seed + len(results) // 2 - 1
    lines = [
        f"{a.spec} vs {b.spec}: {len(results)} games, seeds {first_seed}..{last_seed} "
        "each played with both colours",
        f"{a.spec}: {wins} wins, {draws} draws, {losses} losses; score {fraction:.1%} "
        f"(95% interval {low:.1%} .. {high:.1%})",
        f"Elo difference: {_signed(elo_difference(fraction))} "
        f"(95% interval {_signed(elo_difference(low))} .. {_signed(elo_difference(high))})",
        f"{a.spec} scores {statistics.fmean(as_red):.1%} as Red, "
        f"{statistics.fmean(as_blue):.1%} as Blue",
        f"plies: mean {statistics.fmean(plies):.0f}, median {statistics.median(plies):g}, "
        f"min {min(plies)}, max {max(plies)}",
        "ended by: "
        + ", ".join(f"{VARIANT_END_REASON_NAMES[k]} {n}" for k, n in sorted(reasons.items())),
    ]
    a_thinking = [r.a_thinking for r in results]
    b_thinking = [r.b_thinking for r in results]
    for agent, thinking in ((a, a_thinking), (b, b_thinking)):
        moves = sum(t.moves for t in thinking)
        total = sum(t.seconds for t in thinking)
        longest = max(t.longest for t in thinking)
        lines.append(
            f"thinking, {agent.spec}: mean {total / max(1, moves):.3f} s a move, "
            f"longest {longest:.3f} s"
        )
    return lines


def _signed(elo: float) -> str:
    """Elo with its sign, rounded; an even match is 0, never "-0"."""
    if math.isinf(elo):
        return "+inf" if elo > 0 else "-inf"
    rounded = round(elo)
    return f"{rounded:+d}" if rounded else "0"


def arena_parser() -> CommandParser:
    parser = CommandParser(
        "arena",
        "paired games between two agents, with a score and an interval",
        "%(prog)s A B [--rules NAME] [--games N] [--seed S] [--workers W] [--progress] "
        "[--results FILE]",
        program=PROGRAM,
    )
    parser.add_argument("a", metavar="A", help=f"an agent: {AGENT_FORMS}")
    parser.add_argument("b", metavar="B", help="the other agent")
    add_rules_option(parser, "the rules the games are played under")
    parser.add_argument(
        "--games",
        default=100,
        metavar="N",
        **whole_number_in(
            1, MAX_GAMES, "even: each seed is played twice, the colours swapped (default 100)"
        ),
    )
    parser.add_argument(
        "--seed", default=1, metavar="S", **whole_number_in(1, MAX_SEED, "the first seed")
    )
    parser.add_argument(
        "--workers", default=1, metavar="W", **whole_number_in(1, MAX_WORKERS, "processes")
    )
    parser.add_argument("--progress", action="store_true", help="a line on stderr per game")
    parser.add_argument(
        "--results",
        type=Path,
        metavar="FILE",
        help="add every game to FILE as it ends (the balance lab's results format)",
    )
    return parser


def cmd_arena(args: list[str]) -> list[str]:
    """The ``arena`` command of ``python -m engine.lab`` (ValueError for bad input)."""
    options = arena_parser().parse_args(args)
    a, b = parse_agent(options.a), parse_agent(options.b)
    if options.games % 2:
        raise ValueError("--games must be even: each seed is played with both colours")
    rules = rules_named(options.rules)
    pairs = options.games // 2
    if options.results is not None:
        options.results.open("a").close()  # a file that cannot be written stops the run now
    results = run_arena(
        a, b, pairs, options.seed, options.workers, options.progress, rules, options.results
    )
    return summarize(a, b, results, options.seed)
