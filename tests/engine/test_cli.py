"""``python -m engine``: the commands and their behaviour on bad input."""

import os
import subprocess
import sys

import pytest

from engine.cli import COMMANDS, main
from engine.notation import format_position, parse_move, parse_position

START = "..r3r4.r3.r3../....r1.r2.../.b2.......b3/.b1......b1./.b1.......b3/.b2.......b4/b4........b4/b3.......b2./..r2.r2r1.r1../...r4..r4... r 0 0 0"  # noqa: E501


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_start_prints_the_start_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "start", "1") == (0, START + "\n", "")


def test_moves_prints_each_move_and_the_resulting_position(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "moves", START)
    lines = out.splitlines()
    assert status == 0 and len(lines) == 104
    move, after = lines[0].split(" ", 1)
    position = parse_position(START)
    position.make(parse_move(position, move))
    assert after == format_position(position)


def test_moves_accepts_the_position_as_five_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "moves", *START.split(" "))
    assert status == 0 and len(out.splitlines()) == 104


def test_a_position_of_four_fields_in_quotes_still_reads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    written_before_the_stall_ruling = START.removesuffix(" 0")
    status, out, _ = run(capsys, "moves", written_before_the_stall_ruling)
    assert status == 0 and len(out.splitlines()) == 104
    assert out.splitlines()[0].endswith(" b 0 1 1")


def test_every_command_that_takes_a_position_plays_the_rules_it_is_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Every edge held and 30 plies without a connection: a stall has opened
    # connections in the standard game, never under the seed rules.
    stalled = START.replace(" r 0 0 0", " r 0 30 30")
    standard = run(capsys, "moves", stalled)[1].splitlines()
    seed = run(capsys, "moves", "--rules", "seed", stalled)[1].splitlines()
    assert set(seed) < set(standard)
    assert run(capsys, "perft", "--rules", "seed", stalled, "1") == (0, f"{len(seed)}\n", "")
    assert run(capsys, "perft", "--rules", "standard/2", stalled, "1")[1] == f"{len(standard)}\n"


def test_unknown_or_newer_rules_are_one_line_of_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "moves", "--rules", "standard/9", START)
    assert status == 2
    assert err == (
        "error: the rules standard/9 are newer than this version of the game plays "
        "(standard/2): update it\n"
    )
    status, _, err = run(capsys, "start", "--rules", "chess", "1")
    assert status == 2 and "unknown rules 'chess'" in err


def test_moves_prints_nothing_when_the_game_is_over(capsys: pytest.CaptureFixture[str]) -> None:
    over = START.replace(" r 0 0 0", " r 0 100 100")
    assert run(capsys, "moves", over) == (0, "", "")


def test_perft(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "perft", START, "2") == (0, "11002\n", "")


def test_play_and_score(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", START, "c10-d9", "a4-a1")
    assert status == 0
    status, out, _ = run(capsys, "score", out.strip())
    assert status == 0
    assert out.splitlines()[0] == "game not over: the score if it ended now"
    assert "result: draw" in out


def test_selfplay_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "selfplay", "--games", "2", "--red", "random")
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 2 and lines[0].startswith("seed 1: ") and " plies, " in lines[0]


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_explains_itself_with_help(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    status, out, err = run(capsys, command, "--help")
    assert status == 0 and err == ""
    assert out.startswith(f"usage: python -m engine {command} ") and "options:" in out


def test_the_overview_names_every_command_and_its_arguments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    lines = out.splitlines()
    assert all(any(line.startswith(f"  {name} ") for line in lines) for name in COMMANDS)
    assert "  perft [--rules NAME] POSITION DEPTH" in lines and "--games N" in out


@pytest.mark.parametrize(
    "args",
    [
        ["frobnicate"],
        ["start"],
        ["start", "x"],
        ["moves", "garbage"],
        ["moves", START.replace("r3", "r9", 1)],
        ["perft", START],
        ["perft", START, "-1"],
        ["play", START, "c10-c5"],
        ["play", START, "zz"],
        ["selfplay", "--games"],
        ["selfplay", "--red", "genius"],
        ["selfplay", "--games", "٣"],
        ["start", "1", "2"],
        ["hint", START, "3", "4"],
        ["moves", "--rules", "nope", START],
        ["moves", "--rules", START],
        ["moves", *START.split(" ")[:4]],
    ],
)
def test_bad_input_exits_2_with_one_line_on_stderr(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("error: ")


def test_the_module_runs_as_a_program_without_a_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "play", START, "a1-a2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1


def test_a_reader_that_goes_away_ends_the_command_quietly() -> None:
    """``python -m engine --help | head -1``: no traceback when the pipe closes."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        finished = subprocess.run(
            [sys.executable, "-m", "engine", "--help"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    finally:
        os.close(write_end)
    assert finished.returncode == 1
    assert "Traceback" not in finished.stderr
