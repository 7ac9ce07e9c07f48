"""The balance lab: games stream to a file, a stopped run resumes, the report
counts what the games show, and the fortress probe closes the board."""

import random
from pathlib import Path

import pytest

from engine.ai.fortress import fortress_move
from engine.ai.lab import cmd_lab, parse_variant, read_results
from engine.cli import main
from engine.pieces import RED, colour_of
from engine.position import STANDARD, Rules
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
    assert parse_variant("quiet=50+threefold") == Rules(quiet_limit=50, repetition_limit=3)
    assert parse_variant("corner-edges+blockade=20") == Rules(
        corners_are_edges=True, blockade_plies=20
    )
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
