"""The arena, its agents and its statistics, and the arena and hint commands."""

import math
import random
from dataclasses import replace
from pathlib import Path

import pytest

from engine.ai.levels import level
from engine.ai.parallel import ParallelSearch
from engine.lab.agents import parse_agent
from engine.lab.arena import elo_difference, play_game, run_arena, score_interval, summarize
from engine.lab.balance import entry_rules, read_results, seed_and_moves
from engine.lab.cli import main
from engine.lab.uct import uct_move
from engine.notation import format_move, format_position
from engine.pieces import NOBODY, RED
from engine.rules import SEED
from engine.scoring import score
from engine.start import starting_position


def test_agent_specs_name_kinds_and_budgets() -> None:
    assert parse_agent("random").kind == "random"
    assert parse_agent("Greedy").kind == "greedy"
    uct = parse_agent("uct:50")
    assert (uct.kind, uct.nodes) == ("uct", 50)
    timed = parse_agent("level5@0.25")
    assert (timed.kind, timed.level, timed.nodes, timed.seconds) == ("level", 5, 0, 0.25)
    assert parse_agent("level3:900").nodes == 900
    split = parse_agent("level5x2:3000")
    assert (split.level, split.workers, split.nodes) == (5, 2, 3000)
    assert parse_agent("level5").workers == 1


def test_a_level_in_worker_processes_plays_what_the_split_search_chooses() -> None:
    position = starting_position(8)
    move = parse_agent("level5x2:400").choose(position, random.Random(3))
    seed = random.Random(3).getrandbits(32)
    limits = replace(level(5).limits, nodes=400, seconds=0.0)
    assert move == ParallelSearch(position, limits, seed, 2).run().move


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ("uct", "budget"),
        ("level9", "1 to 5"),
        ("level2:abc", "whole number"),
        ("uct@-1", "seconds"),
        ("random:5", "no budget"),
        ("minimax", "unknown agent"),
        ("level5x0", "unknown agent"),
    ],
)
def test_bad_agent_specs_are_explained(spec: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_agent(spec)


def test_uct_returns_a_legal_move() -> None:
    position = starting_position(8)
    move = uct_move(position, random.Random(1), iterations=20)
    assert move in position.legal_moves()


def test_a_game_is_played_to_the_end_and_scored_from_a_side() -> None:
    result = play_game(parse_agent("greedy"), parse_agent("random"), 3, a_is_red=True)
    assert result.plies > 0 and result.end_reason != 0
    assert result.a_points in (0.0, 0.5, 1.0)
    assert result.a_thinking.moves + result.b_thinking.moves == result.plies


def test_pairs_swap_colours_and_repeat_exactly() -> None:
    a, b = parse_agent("level1"), parse_agent("random")
    results = run_arena(a, b, pairs=2, first_seed=5, workers=1)
    assert [(r.seed, r.a_is_red) for r in results] == [(5, True), (5, False), (6, True), (6, False)]
    again = run_arena(a, b, pairs=2, first_seed=5, workers=1)
    assert [(r.a_points, r.plies) for r in results] == [(r.a_points, r.plies) for r in again]
    lines = summarize(a, b, results, 5)
    assert lines[0].startswith("level1 vs random: 4 games")
    assert any(line.startswith("Elo difference") for line in lines)


def test_an_even_match_reads_elo_0_not_minus_0() -> None:
    greedy, chance = parse_agent("greedy"), parse_agent("random")
    # Under the seed rules nothing connects in seed 1's two games: both drawn.
    results = run_arena(greedy, chance, pairs=1, first_seed=1, workers=1, rules=SEED)
    assert [r.a_points for r in results] == [0.5, 0.5]
    assert "Elo difference: 0 (95% interval 0 .. 0)" in summarize(greedy, chance, results, 1)


def test_elo_follows_the_logistic_model() -> None:
    assert elo_difference(0.5) == 0
    assert round(elo_difference(0.75)) == 191
    assert round(elo_difference(0.25)) == -191
    assert elo_difference(1.0) == math.inf


def test_the_interval_brackets_the_score() -> None:
    results = run_arena(parse_agent("greedy"), parse_agent("random"), 2, 1, 1)
    fraction, low, high = score_interval(results)
    assert low <= fraction <= high
    assert low >= 0.0 and high <= 1.0


def test_the_arena_command_reports(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "greedy", "random", "--games", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "greedy vs random: 2 games" in out and "ended by:" in out


def test_the_arena_keeps_its_games_for_the_labs_tools(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    args = ["arena", "greedy", "random", "--games", "2", "--seed", "4", "--rules", "seed"]
    assert main([*args, "--results", str(record)]) == 0
    games = read_results(record)
    assert [(g["seed"], g["a_is_red"], g["players"]) for g in games] == [
        (4, True, "greedy,random"),
        (4, False, "greedy,random"),
    ]
    for game in games:  # each replays, under its rules, to the result it records
        seed, moves = seed_and_moves(game)
        position = starting_position(seed, entry_rules(game))
        for move in moves:
            position.make(move)
        assert position.is_over() and entry_rules(game) == SEED
        winner = score(position).winner
        red_points = 0.5 if winner == NOBODY else float(winner == RED)
        assert game["a_points"] == (red_points if game["a_is_red"] else 1 - red_points)


def test_an_arena_record_that_cannot_be_written_stops_it_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["arena", "level5", "level5", "--games", "200"]
    assert main([*args, "--results", str(tmp_path / "missing" / "games.jsonl")]) == 2
    assert "games.jsonl" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args",
    [
        ["arena", "greedy"],
        ["arena", "greedy", "random", "--games", "3"],
        ["arena", "greedy", "random", "--rounds", "2"],
        ["arena", "greedy", "chess"],
        ["hint", "not a position"],
    ],
)
def test_bad_commands_exit_2_with_one_line(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_the_hint_command_prints_a_legal_move(capsys: pytest.CaptureFixture[str]) -> None:
    position = starting_position(2)
    assert main(["hint", format_position(position), "1"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first in {format_move(m) for m in position.legal_moves()}
