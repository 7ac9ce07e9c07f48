"""The simulator's command line: headless runs, scripts, screenshots."""

import tempfile
from pathlib import Path

import pygame
import pytest

from engine.notation import parse_move
from engine.start import starting_position
from simulator.cli import main
from simulator.script import Action, ScriptError, Step, parse_script


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
    script.write_text("repeat 2 press X  # to Rules\npress A\nshot rules\nhold B 800\nwait 100\n")
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
    out = ["--out", str(tmp_path / "out")]
    assert main(["--headless", "--profile", "hatmini", "--script", str(script), *out]) == 2
    assert "line 2" in capsys.readouterr().err


def test_a_headless_run_without_a_save_folder_leaves_none_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    script = tmp_path / "start.txt"
    script.write_text("press A\npress A\nshot started\n")  # New game, Start
    out = tmp_path / "out"
    assert main(["--headless", "--script", str(script), "--out", str(out)]) == 0
    assert (out / "started.png").exists()
    assert list(scratch.iterdir()) == []


def test_a_script_that_is_not_text_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "binary.script"
    script.write_bytes(b"\xff\xfepress A\n")
    assert main(["--headless", "--script", str(script), "--save-dir", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"cannot read the script {script}: it is not UTF-8 text\n"


def test_a_screenshot_folder_that_cannot_be_made_stops_the_run_before_it_starts(
    tmp_path: Path, file_in_the_way: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = file_in_the_way / "shots"
    assert main(["--headless", "--out", str(out), "--save-dir", str(tmp_path / "saves")]) == 2
    assert capsys.readouterr().err.startswith(f"cannot write screenshots to {out}: ")
    assert not (tmp_path / "saves").exists(), "no game was started"


def test_script_commands() -> None:
    steps = parse_script("repeat 2 press A\nhold B 900\nwait 5\nshot end-1", {"A", "B"})
    assert steps == [
        Step(Action.HOLD, "A", 40),
        Step(Action.HOLD, "A", 40),
        Step(Action.HOLD, "B", 900),
        Step(Action.WAIT, "", 5),
        Step(Action.SHOT, "end-1"),
    ]
    for bad in ("wait soon", "hold A", "shot ../x", "jump"):
        with pytest.raises(ScriptError, match="line 1"):
            parse_script(bad, {"A"})


def _play(tmp_path: Path, script: str, *extra: str) -> int:
    path = tmp_path / "script.txt"
    path.write_text(script)
    options = ["--headless", "--profile", "hatmini", "--seed", "4", "--script", str(path)]
    options += ["--save-dir", str(tmp_path / "saves"), "--out", str(tmp_path / "out")]
    return main([*options, *extra])


HOTSEAT_GAME = "press X\npress A\npress A\npress A\nrepeat 3 press X\npress A\n"
"""HAT Mini, fresh folder: past the tutorial to New game, mode cycled to hotseat, Start."""
RESIGN = "hold B 800\nrepeat 5 press X\npress A\npress X\npress A\nwait 200\n"


def test_log_moves_has_each_move_shown_and_the_end_once(tmp_path: Path) -> None:
    log = tmp_path / "logs" / "moves.log"
    two_plies = "press X\npress A\n" * 4
    assert _play(tmp_path, HOTSEAT_GAME + two_plies + RESIGN, "--log-moves", str(log)) == 0
    lines = log.read_text().splitlines()
    seed = lines[0].split(" ")[0]
    assert [line.split(" ")[:2] for line in lines] == [[seed, "1"], [seed, "2"], [seed, "end"]]
    position = starting_position(int(seed))
    for line in lines[:2]:
        position.make(parse_move(position, line.split(" ")[2]))


def test_log_messages_has_what_the_player_is_told(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "current-game.sav").write_bytes(b"not a saved game")
    log = tmp_path / "messages.log"
    script = "press A\nwait 100\npress A\nwait 100\n"
    assert _play(tmp_path, script, "--log-messages", str(log)) == 0
    lines = log.read_text().splitlines()
    assert lines == ["The saved game could not be read: the file is damaged. Start a new game."], (
        "the player's words; the file's own problem goes to the log"
    )


def test_a_log_that_cannot_be_written_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file").write_text("")
    assert _play(tmp_path, "wait 10\n", "--log-moves", str(tmp_path / "file" / "moves")) == 2
    assert "--log-moves" in capsys.readouterr().err


def test_with_a_power_switch_the_title_offers_power_off_and_it_ends_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "power.txt"
    script.write_text(
        "shot title\npress Y  # up to the last item\npress A\npress X  # Yes\npress A\n"
        "wait 200\nshot after\n"
    )
    out = tmp_path / "out"
    options = ["--headless", "--profile", "hatmini", "--script", str(script), "--out", str(out)]
    assert main([*options, "--save-dir", str(tmp_path / "s"), "--power-switch"]) == 0
    assert "The device powers off." in capsys.readouterr().out
    assert not (out / "after.png").exists()
    with_switch = pygame.image.load(out / "title.png")
    plain = tmp_path / "plain"
    assert main([*options[:-1], str(plain), "--save-dir", str(tmp_path / "t")]) == 0
    assert "powers off" not in capsys.readouterr().out
    without_switch = pygame.image.load(plain / "title.png")
    assert pygame.image.tobytes(with_switch, "RGB") != pygame.image.tobytes(without_switch, "RGB")
