"""The simulator's command line: headless runs, scripts, screenshots."""

from pathlib import Path

import pygame
import pytest

from simulator.cli import main
from simulator.script import ScriptError, Step, parse_script


def test_without_a_display_it_says_so_and_writes_screenshots_where_it_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    out = tmp_path / "shots"
    assert main(["--profile", "lcdhat", "--out", str(out), "--save-dir", str(tmp_path / "s")]) == 0
    said = capsys.readouterr().out
    assert "No display found" in said and str(out) in said
    images = {path.name for path in out.glob("*.png")}
    assert {"title.png", "game-start.png", "rules.png", "last.png"} <= images
    assert pygame.image.load(out / "title.png").get_size() == (240, 240)


def test_a_script_plays_timed_presses_and_records_frames(tmp_path: Path) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("press X  # to Rules\npress A\nshot rules\nhold B 800\nwait 100\n")
    out = tmp_path / "out"
    code = main(
        [
            "--headless",
            "--profile",
            "hatmini",
            "--script",
            str(script),
            "--out",
            str(out),
            "--save-dir",
            str(tmp_path / "saves"),
            "--record",
        ]
    )
    assert code == 0
    assert (out / "rules.png").exists()
    assert len(list(out.glob("frame-*.png"))) >= 3
    assert pygame.image.load(out / "rules.png").get_size() == (320, 240)


def test_a_bad_script_is_refused_with_the_line_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("press A\npress START\n")
    assert main(["--headless", "--profile", "hatmini", "--script", str(script)]) == 2
    assert "line 2" in capsys.readouterr().err


def test_script_commands() -> None:
    steps = parse_script("repeat 2 press A\nhold B 900\nwait 5\nshot end-1", {"A", "B"})
    assert steps == [
        Step("hold", "A", 40),
        Step("hold", "A", 40),
        Step("hold", "B", 900),
        Step("wait", "", 5),
        Step("shot", "end-1"),
    ]
    for bad in ("wait soon", "hold A", "shot ../x", "jump"):
        with pytest.raises(ScriptError, match="line 1"):
            parse_script(bad, {"A"})
