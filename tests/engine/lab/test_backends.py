"""The balance lab on Ray plays the very games worker processes play, into the
same results file, and resumes the same way; without Ray it says how to get it.

Ray's local mode (``ray.init(local_mode=True)``) is gone from current Ray, so
these tests start a real local instance (a few seconds)."""

import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from engine.lab.agents import Agent, Kind, parse_agent
from engine.lab.backends import Backend, play_all
from engine.lab.balance import cmd_lab, read_results
from engine.lab.cli import main
from engine.rules import STANDARD

PAIRINGS = ("--players", "greedy,random", "--players", "level1,level1")
"""Two seeds of paired games and four of self-play: 8 games, each quick."""


@pytest.fixture(scope="module")
def ray_instance() -> Iterator[ModuleType]:
    """A one-CPU local Ray instance, started before the lab runs and shared by
    this file's tests (starting one takes seconds)."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def lab(results: Path, *backend: str) -> str:
    """Run the lab; its first line (how many games it played)."""
    report = results.with_suffix(".md")
    args = ["--games", "4", *PAIRINGS, "--results", str(results), "--report", str(report)]
    return cmd_lab([*args, *backend])[0]


def sorted_lines(results: Path) -> list[str]:
    return sorted(results.read_text(encoding="utf-8").splitlines())


def test_a_ray_instance_the_lab_starts_stops_with_the_run(tmp_path: Path) -> None:
    """First in this file: it runs before the other tests' instance starts."""
    ray = pytest.importorskip("ray")
    assert not ray.is_initialized()
    results = tmp_path / "games.jsonl"
    args = ["--games", "2", "--players", "greedy,random", "--backend", "ray"]
    out = cmd_lab([*args, "--results", str(results), "--report", str(tmp_path / "report.md")])
    assert out[0].startswith("2 games played")
    assert not ray.is_initialized()


def test_ray_plays_the_games_worker_processes_play_and_resumes_alike(
    tmp_path: Path, ray_instance: ModuleType
) -> None:
    by_processes, on_ray = tmp_path / "processes.jsonl", tmp_path / "ray.jsonl"
    assert lab(by_processes, "--workers", "1").startswith("8 games played")
    assert lab(on_ray, "--backend", "ray").startswith("8 games played")
    assert sorted_lines(on_ray) == sorted_lines(by_processes)  # same games, same moves

    # A stop after the first seed's games: the resumed run plays only the rest.
    lines = on_ray.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = 2 if '"greedy,random"' in lines[0] else 1
    on_ray.write_text("".join(lines[:kept]), encoding="utf-8")
    assert lab(on_ray, "--backend", "ray").startswith(f"{8 - kept} games played")
    assert lab(on_ray, "--backend", "ray").startswith("0 games played")
    assert sorted_lines(on_ray) == sorted_lines(by_processes)  # no game twice
    assert len(read_results(on_ray)) == 8
    assert ray_instance.is_initialized()  # the lab leaves an instance it did not start


def test_without_ray_the_lab_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    results = tmp_path / "games.jsonl"
    results.write_text('{"kept": "as it was"}\n', encoding="utf-8")
    assert main(["lab", "--backend", "ray", *PAIRINGS, "--results", str(results)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install -e '.[ray]'" in err
    assert results.read_text(encoding="utf-8") == '{"kept": "as it was"}\n'


def test_lab_help_names_the_backends(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lab", "--help"]) == 0
    help_text = capsys.readouterr().out
    assert "{processes,ray}" in help_text and "--ray-address" in help_text


def test_a_game_failing_on_a_ray_worker_is_one_clear_line(ray_instance: ModuleType) -> None:
    unknown_level = Agent(Kind.LEVEL, level=9)  # as a worker with other code would fail
    games = play_all(
        [(unknown_level, parse_agent("random"), 1, STANDARD, "standard", "level9,random")],
        workers=1,
        backend=Backend.RAY,
    )
    with pytest.raises(ValueError, match="Ray worker") as failure:
        list(games)
    assert "levels run from 1 to 5, not 9" in str(failure.value)
    assert "\n" not in str(failure.value)
    assert ray_instance.is_initialized()
