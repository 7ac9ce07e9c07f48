"""The balance lab: games stream to a file, a stopped run resumes, the report
counts what the games show, and the fortress probe closes the board."""

import random
from dataclasses import replace
from pathlib import Path

import pytest

from engine.lab.balance import cmd_lab, entry_rules, parse_variant, plays_like, read_results
from engine.lab.cli import main
from engine.lab.fortress import fortress_move
from engine.pieces import RED, colour_of
from engine.rules import SEED, STANDARD
from engine.start import starting_position


def lab(tmp_path: Path, *extra: str) -> list[str]:
    return cmd_lab(
        [
            "--games", "4", "--players", "greedy,random", "--workers", "1",
            "--results", str(tmp_path / "games.jsonl"), "--report", str(tmp_path / "report.md"),
            *extra,
        ]
    )  # fmt: skip


def test_games_stream_to_the_results_file_and_a_stopped_run_resumes(tmp_path: Path) -> None:
    first = lab(tmp_path, "--variant", "quiet=30")
    assert first[0].startswith("4 games played")
    results = tmp_path / "games.jsonl"
    assert len(read_results(results)) == 4
    assert lab(tmp_path, "--variant", "quiet=30")[0].startswith("0 games played")
    # A stop in the middle of writing leaves a cut line: that seed is played again.
    lines = results.read_text().splitlines()
    results.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])
    assert lab(tmp_path, "--variant", "quiet=30")[0].startswith("2 games played")
    report = (tmp_path / "report.md").read_text()
    assert "| games | 4 |" in report  # each game once


def test_the_report_measures_each_variant_separately(tmp_path: Path) -> None:
    lab(tmp_path, "--variant", "standard", "--variant", "quiet=10")
    report = (tmp_path / "report.md").read_text()
    assert "standard: greedy,random" in report and "quiet=10: greedy,random" in report
    for row in ("Red (first player) score", "decided by the tiebreak", "grace turned"):
        assert row in report


def test_variant_names() -> None:
    assert parse_variant("standard") == STANDARD
    assert parse_variant("seed") == SEED
    assert parse_variant("quiet=50+threefold") == replace(
        STANDARD, name="quiet=50+threefold", version=1, quiet_limit=50, repetition_limit=3
    )
    assert parse_variant("corner-edges+blockade=20", SEED) == replace(
        SEED, name="corner-edges+blockade=20", corners_are_edges=True, blockade_plies=20
    )
    assert plays_like(parse_variant("seed+open-after=20"), STANDARD)
    for bad in ("quiet=0", "quiet=101", "blockade=x", "fivefold", "quiet=٣", "no-corner-edges"):
        with pytest.raises(ValueError):
            parse_variant(bad)


@pytest.mark.parametrize("wrong", ["results", "report"])
def test_a_file_that_cannot_be_written_stops_the_run_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], wrong: str
) -> None:
    paths = {"results": tmp_path / "games.jsonl", "report": tmp_path / "report.md"}
    paths[wrong] = tmp_path / "no such folder" / f"{wrong}.out"
    status = main(
        [
            "lab", "--games", "2", "--players", "greedy,greedy", "--workers", "1",
            "--results", str(paths["results"]), "--report", str(paths["report"]),
        ]
    )  # fmt: skip
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1
    assert err.startswith(f"error: {paths[wrong]}: ") and "No such file" in err
    assert read_results(paths["results"]) == [], "no game was played"


def test_lab_help_exits_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lab", "--help"]) == 0
    assert "--variant" in capsys.readouterr().out


def test_the_fortress_probe_closes_every_edge_when_corners_count_for_edges() -> None:
    position = starting_position(1, parse_variant("corner-edges"))
    rng = random.Random(1)
    for _ in range(40):
        if position.side == RED:
            position.make(fortress_move(position, rng))
        else:
            position.make(random.Random(len(position.history)).choice(position.legal_moves()))
        if position.is_over():
            break
    assert not position.connections_open()
    held = {c for c in (0, 9, 90, 99) if position.board[c] and colour_of(position.board[c]) == RED}
    assert held in ({0, 99}, {9, 90})


def test_self_play_plays_each_seed_once_since_swapping_colours_would_repeat_it(
    tmp_path: Path,
) -> None:
    results = tmp_path / "games.jsonl"
    out = cmd_lab(
        [
            "--games", "3", "--players", "greedy,greedy", "--workers", "1",
            "--results", str(results), "--report", str(tmp_path / "report.md"),
        ]
    )  # fmt: skip
    assert out[0].startswith("3 games played")
    assert sorted(g["seed"] for g in read_results(results)) == [1, 2, 3]  # type: ignore[type-var]


def test_each_game_records_the_rules_its_variant_changed(tmp_path: Path) -> None:
    lab(tmp_path, "--rules", "seed", "--variant", "own-edges")
    (game, *_) = read_results(tmp_path / "games.jsonl")
    assert game["base"] == "seed/1" and game["variant"] == "own-edges"
    assert entry_rules(game) == replace(SEED, name="own-edges", own_edges=True)


def test_games_written_before_the_lab_recorded_rules_read_as_that_time_s_standard() -> None:
    # Then "standard" was the seed's reading, and the stall ruling the variant
    # open-after=20.
    assert entry_rules({"variant": "standard"}) == SEED
    assert plays_like(entry_rules({"variant": "open-after=20"}), STANDARD)
    assert entry_rules({"variant": "own-edges"}).opening_plies == 0


def test_a_run_resumes_over_games_played_under_rules_that_play_alike(tmp_path: Path) -> None:
    lab(tmp_path, "--rules", "seed", "--variant", "open-after=20")
    assert lab(tmp_path, "--variant", "standard")[0].startswith("0 games played")
