"""``python -m engine.lab lab``: self-play games that measure the rules themselves.

Each game is played by the arena's match code (``engine.lab.arena``) and
appended, as one JSON line, to a results file as soon as it ends, so a long
run can stop at any moment and resume where it was: games already in the
file are not played again.  The report (Markdown) is rebuilt from the file.
The games run in worker processes, or with ``--backend ray`` as tasks on a Ray
cluster (``engine.lab.backends``); the results file is the same either way.

Rule variants are engine parameters (``engine.rules.Rules``), named on the
command line as changes to the rules ``--rules`` names (default ``standard``,
RULES.md); each ``--variant`` is measured separately.  Names join with ``+``:

``standard``          the rules of RULES.md (the stall ruling, 6.5, included)
``seed``              the seed's reading: connections only while an edge is free
``quiet=N``           N plies without a new connection end the game (not 100)
``corner-edges``      a corner cell counts for both of its edges (RULES.md before
                      the corner ruling of 2026-12-03)
``threefold``         a position's third occurrence ends the game
``blockade=N``        N plies with no edge free end the game as a draw
``open-after=N``      N plies with no edge free and no connection open connections,
                      until the next connection
``own-edges``         connections are open for the player to move while an edge
                      holds none of their own satellites
"""

import json
import math
import os
import statistics
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from engine.arguments import (
    MAX_GAMES,
    MAX_SEED,
    MAX_WORKERS,
    CommandParser,
    add_rules_option,
    whole_number_in,
)
from engine.lab import PROGRAM
from engine.lab.agents import parse_agent
from engine.lab.arena import result_line
from engine.lab.backends import Backend, games_per_seed, play_all
from engine.moves import DISPLACEMENT, Move, kind_of
from engine.pieces import NOBODY, RED
from engine.position import (
    ALL_EDGES,
    ENDED_BLOCKADE,
    ENDED_NO_PROGRESS,
    ENDED_REPETITION,
    VARIANT_END_REASON_NAMES,
)
from engine.rules import LEGACY, QUIET_LIMIT, SEED, STANDARD, Rules, rules_from_id, rules_named
from engine.scoring import game_winner, score
from engine.start import starting_position

Z_95 = 1.96
STALLED_ENDS = (ENDED_NO_PROGRESS, ENDED_REPETITION, ENDED_BLOCKADE)
"""End reasons where nothing connected for a long time (RULES.md 6.4, or a variant's)."""


VARIANT_FORMS = (
    "standard, seed, quiet=N, corner-edges, threefold, blockade=N, open-after=N, own-edges; "
    "join with +"
)


PLY_VARIANTS = ("quiet", "blockade", "open-after")
"""Variant names that take a number of plies."""


def with_plies(rules: Rules, key: str, plies: int) -> Rules:
    """``rules`` with the ply count of the variant ``key`` (one of PLY_VARIANTS) set."""
    if key == "quiet":
        return replace(rules, quiet_limit=plies)
    if key == "blockade":
        return replace(rules, blockade_plies=plies)
    return replace(rules, opening_plies=plies)


def parse_variant(name: str, base: Rules = STANDARD, standard: Rules = STANDARD) -> Rules:
    """The rules a variant name gives, as changes to ``base`` (ValueError with
    the reason otherwise); the result is named by the variant itself.  The words
    ``standard`` and ``seed`` start afresh from those rule sets, ``standard``
    being ``standard`` (for results of an earlier rule book, its standard)."""
    bases = {"standard": standard, "seed": SEED}
    rules = base
    text = name.strip().lower()
    for part in text.split("+"):
        key, _, number = part.partition("=")
        if key in bases and not number:
            rules = bases[key]
        elif key == "corner-edges" and not number:
            rules = replace(rules, corners_are_edges=True)
        elif key == "threefold" and not number:
            rules = replace(rules, repetition_limit=3)
        elif key == "own-edges" and not number:
            rules = replace(rules, own_edges=True)
        elif key in PLY_VARIANTS and number.isdigit() and number.isascii():
            plies = int(number)
            if not 1 <= plies <= QUIET_LIMIT:
                raise ValueError(f"variant '{part}': plies run from 1 to {QUIET_LIMIT}")
            rules = with_plies(rules, key, plies)
        else:
            raise ValueError(f"unknown variant '{part}' ({VARIANT_FORMS})")
    if rules in (base, *bases.values()):
        return rules
    return replace(rules, name=text, version=1)


def plays_like(a: Rules, b: Rules) -> bool:
    """Whether two rule sets allow exactly the same games (names aside)."""
    return replace(a, name="", version=0) == replace(b, name="", version=0)


def entry_rules(entry: dict[str, object]) -> Rules:
    """The rules one game of a results file was played under: its variant, as
    changes to its ``base`` rules; a line written before the lab recorded a base
    was played when the standard game was what is now the seed's reading."""
    base = entry.get("base")
    if isinstance(base, str):
        return parse_variant(str(entry["variant"]), rules_from_id(base))
    return parse_variant(str(entry["variant"]), LEGACY, standard=LEGACY)


@dataclass(frozen=True)
class GameFacts:
    """What the report needs from one game, read by replaying it."""

    red_points: float
    end_reason: int
    plies: int
    connection_gaps: tuple[int, ...]
    tiebreak: bool
    colony_totals: tuple[int, ...]
    displacements: int
    grace: bool
    grace_turned: bool
    """The winner when the grace phase began differs from the final one."""
    winner_holds_edges: bool
    """At the end the winner has a satellite on each of the four edges (so its
    satellites alone keep connections closed): a leader's freeze."""


def game_facts(seed: int, moves: list[Move], rules: Rules) -> GameFacts:
    """Replay one game and read what the report counts."""
    position = starting_position(seed, rules)
    gaps: list[int] = []
    last_connection = 0
    displacements = 0
    winner_at_grace = -1
    for ply, move in enumerate(moves, start=1):
        before = position.connected_total()
        position.make(move)
        if kind_of(move) == DISPLACEMENT:
            displacements += 1
        if position.connected_total() > before:
            gaps.append(ply - last_connection)
            last_connection = ply
        if winner_at_grace < 0 and position.grace:
            winner_at_grace = score(position).winner
    final = score(position)
    winner = game_winner(position)
    return GameFacts(
        0.5 if winner == NOBODY else float(winner == RED),
        position.end_reason(),
        len(moves),
        tuple(gaps),
        winner != NOBODY and final.decided_by_tiebreak,
        tuple(g.total for g in final.colonies),
        displacements,
        winner_at_grace >= 0,
        winner_at_grace >= 0 and winner_at_grace != winner,
        winner != NOBODY and position.edges_held(winner) == ALL_EDGES,
    )


# ---------------------------------------------------------------- the run


def read_results(path: Path) -> list[dict[str, object]]:
    """The games in the results file, one per variant, pairing, seed and colour
    (the last written wins); a line cut short by a stop is skipped."""
    if not path.exists():
        return []
    games: dict[tuple[object, ...], dict[str, object]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict):
            key = tuple(entry.get(k) for k in ("base", "variant", "players", "seed", "a_is_red"))
            games[key] = entry
    return list(games.values())


def seed_and_moves(entry: dict[str, object]) -> tuple[int, list[Move]]:
    """The start seed and the moves of one game of the results file."""
    seed, moves = entry["seed"], entry["moves"]
    if not isinstance(seed, int) or not isinstance(moves, list):
        raise ValueError("a results line without a seed and moves")
    return seed, [int(move) for move in moves]


def end_cleanly(path: Path) -> None:
    """Close a line a stop cut short, so the next game starts a line of its own."""
    if path.exists() and path.stat().st_size:
        with path.open("rb") as existing:
            existing.seek(-1, 2)
            last = existing.read(1)
        if last != b"\n":
            with path.open("a", encoding="utf-8") as out:
                out.write("\n")


def games_of(games: list[dict[str, object]], rules: Rules, players: str) -> list[dict[str, object]]:
    """The games of one pairing played under rules that play like ``rules``."""
    return [g for g in games if g.get("players") == players and plays_like(entry_rules(g), rules)]


def pending_seeds(
    done: list[dict[str, object]], rules: Rules, players: str, seeds: range, per_seed: int
) -> list[int]:
    """The seeds of ``seeds`` whose games are not all in the file yet."""
    count = Counter(g["seed"] for g in games_of(done, rules, players))
    return [seed for seed in seeds if count[seed] < per_seed]


# ------------------------------------------------------------- the report


def interval(points: list[float]) -> tuple[float, float, float]:
    """Mean and 95% interval (normal approximation)."""
    mean = statistics.fmean(points)
    spread = statistics.stdev(points) if len(points) > 1 else 0.0
    margin = Z_95 * spread / math.sqrt(len(points))
    return mean, max(0.0, mean - margin), min(1.0, mean + margin)


def end_reason_name(reason: int, rules: Rules) -> str:
    if reason == ENDED_NO_PROGRESS:
        return f"{rules.quiet_limit} plies without a new connection"
    return VARIANT_END_REASON_NAMES[reason]


def report_rows(facts: list[GameFacts], rules: Rules) -> dict[str, str]:
    """One column of the report table for one variant and pairing."""
    red, low, high = interval([f.red_points for f in facts])
    decided = [f for f in facts if f.red_points != 0.5]
    stalls = [f for f in facts if f.end_reason in STALLED_ENDS]
    gaps = [g for f in facts for g in f.connection_gaps]
    totals = [t for f in facts for t in f.colony_totals]
    reasons = Counter(f.end_reason for f in facts)
    n = len(facts)
    return {
        "games": str(n),
        "Red (first player) score": f"{red:.1%} ({low:.1%} .. {high:.1%})",
        "draws": _share(n - len(decided), n),
        "ended by": "; ".join(
            f"{end_reason_name(k, rules)} {_share(c, n)}" for k, c in sorted(reasons.items())
        ),
        "plies (mean, median)": f"{statistics.fmean(f.plies for f in facts):.0f}, "
        f"{statistics.median(f.plies for f in facts):g}",
        "plies between connections (mean, longest)": (
            f"{statistics.fmean(gaps):.1f}, {max(gaps)}" if gaps else "no connection"
        ),
        "decided by the tiebreak": _share(sum(f.tiebreak for f in decided), n),
        "decided by a stall (no connection for the quiet limit, or a variant's end)": _share(
            sum(f.end_reason in STALLED_ENDS for f in decided), n
        ),
        "stalls the winner ends holding all four edges (a leader's freeze)": _share(
            sum(f.winner_holds_edges for f in stalls), len(stalls)
        ),
        "colonies a game (mean), games with one": f"{len(totals) / n:.2f}, "
        f"{_share(sum(bool(f.colony_totals) for f in facts), n)}",
        "colony total (mean)": f"{statistics.fmean(totals):.1f}" if totals else "-",
        "displacements a game": f"{sum(f.displacements for f in facts) / n:.2f}",
        "games with a grace phase; grace turned the result": (
            f"{_share(sum(f.grace for f in facts), n)}; "
            f"{_share(sum(f.grace_turned for f in facts), n)}"
        ),
    }


def _share(count: int, total: int) -> str:
    return f"{count / total:.0%}" if total else "-"


def markdown_report(columns: dict[str, dict[str, str]]) -> str:
    """A table with one column per (variant, pairing) and one row per measure."""
    names = list(columns)
    rows = list(next(iter(columns.values()))) if columns else []
    lines = [
        "# Balance lab report",
        "",
        "| | " + " | ".join(names) + " |",
        "| --- | " + " | ".join("---" for _ in names) + " |",
    ]
    for row in rows:
        lines.append(f"| {row} | " + " | ".join(columns[n][row] for n in names) + " |")
    return "\n".join(lines) + "\n"


def build_report(
    path: Path, variants: list[str], pairings: list[str], base: Rules = STANDARD
) -> dict[str, dict[str, str]]:
    """Every requested (variant, pairing) found in the results file, summarised:
    the games played under rules that play like the variant of ``base``."""
    games = read_results(path)
    columns: dict[str, dict[str, str]] = {}
    for variant in variants:
        rules = parse_variant(variant, base)
        for players in pairings:
            facts = [game_facts(*seed_and_moves(g), rules) for g in games_of(games, rules, players)]
            if facts:
                columns[f"{variant}: {players}"] = report_rows(facts, rules)
    return columns


# ---------------------------------------------------------------- command


def lab_parser() -> CommandParser:
    command = CommandParser(
        "lab",
        "self-play under rule variants, streamed to a results file, with a report of "
        "what decides games",
        program=PROGRAM,
    )
    command.add_argument(
        "--games",
        default=100,
        metavar="N",
        **whole_number_in(
            0,
            MAX_GAMES,
            "games per variant and pairing (between different agents, pairs of "
            "games from one seed with the colours swapped)",
        ),
    )
    command.add_argument(
        "--players",
        action="append",
        default=[],
        metavar="A,B",
        help="a pairing of arena agents (repeatable; default level3,level3)",
    )
    add_rules_option(command, "the rules each variant changes")
    command.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help=f"a rule variant (repeatable; default standard): {VARIANT_FORMS}",
    )
    command.add_argument(
        "--workers",
        default=0,
        metavar="W",
        **whole_number_in(
            0,
            MAX_WORKERS,
            "processes (default: all cores; with --backend ray the cluster's CPUs decide)",
        ),
    )
    command.add_argument(
        "--backend",
        choices=[str(backend) for backend in Backend],
        default=Backend.PROCESSES,
        help="where games run: worker processes here, or tasks on a Ray cluster "
        "(optional extra: pip install -e '.[ray]')",
    )
    command.add_argument(
        "--ray-address",
        metavar="ADDRESS",
        help="the Ray cluster to join (default: RAY_ADDRESS, else a new local instance)",
    )
    command.add_argument(
        "--seed", default=1, metavar="S", **whole_number_in(0, MAX_SEED, "the first start seed")
    )
    command.add_argument(
        "--results",
        type=Path,
        default=Path("lab-results.jsonl"),
        metavar="FILE",
        help="where each game is added as it ends, and read back to resume",
    )
    command.add_argument(
        "--report", type=Path, default=Path("lab-report.md"), metavar="FILE", help="Markdown"
    )
    return command


def cmd_lab(args: list[str]) -> list[str]:
    """The ``lab`` command of ``python -m engine.lab`` (ValueError for bad input)."""
    options = lab_parser().parse_args(args)
    if options.games < 2:
        raise ValueError("--games must be at least 2")
    variants = options.variant or ["standard"]
    pairings = options.players or ["level3,level3"]
    agents = {}
    for players in pairings:
        names = players.split(",")
        if len(names) != 2:
            raise ValueError(f"--players takes two agents, like level5,level5; not '{players}'")
        agents[players] = (parse_agent(names[0]), parse_agent(names[1]))
    base = rules_named(options.rules)
    rules = {variant: parse_variant(variant, base) for variant in variants}
    done = read_results(options.results)
    tasks = []
    for players in pairings:
        a, b = agents[players]
        per_seed = games_per_seed(a, b)
        seeds = range(options.seed, options.seed + options.games // per_seed)
        for variant in variants:
            for seed in pending_seeds(done, rules[variant], players, seeds, per_seed):
                tasks.append((a, b, seed, rules[variant], variant, players))
    workers = options.workers or os.cpu_count() or 1
    finished = play_all(tasks, workers, Backend(options.backend), options.ray_address)
    end_cleanly(options.results)
    played = 0
    with options.results.open("a", encoding="utf-8") as out:
        options.report.open("a").close()  # a report that cannot be written stops the run now
        for variant, players, games in finished:
            out.write("".join(result_line(base, variant, players, r) + "\n" for r in games))
            out.flush()
            played += len(games)
    columns = build_report(options.results, variants, pairings, base)
    text = markdown_report(columns)
    options.report.write_text(text, encoding="utf-8")
    return [f"{played} games played; report written to {options.report}", "", text]
