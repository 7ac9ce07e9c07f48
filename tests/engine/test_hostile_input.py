"""Hostile text at the engine's door: other scripts' digits, line breaks, huge numbers."""

import pytest
from boards import position_text

from engine.cli import main
from engine.notation import NotationError, parse_move, parse_position
from engine.record import GameRecord, RecordError, format_record, parse_record

START = "..r3r4.r3.r3../....r1.r2.../.b2.......b3/.b1......b1./.b1.......b3/.b2.......b4/b4........b4/b3.......b2./..r2.r2r1.r1../...r4..r4... r 0 0"  # noqa: E501


def both_finished(side: str, grace: int) -> str:
    """Every satellite connected: four 2 x 3 checkerboard blocks of six."""
    satellites: dict[str, str] = {}
    values = {colour: iter([1, 2, 3, 4] * 3) for colour in "rb"}
    for files, rank in (("abc", 1), ("efg", 1), ("abc", 5), ("efg", 5)):
        for row in range(2):
            for column, file in enumerate(files):
                colour = "r" if (column + row) % 2 == 0 else "b"
                satellites[f"{file}{rank + row}"] = f"{colour}{next(values[colour])}"
    return position_text(satellites, side, grace)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


BREAKS = ["\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


@pytest.mark.parametrize("brk", BREAKS)
@pytest.mark.parametrize(
    "args",
    [
        ["frobnicate{}"],
        ["start", "1{}"],
        ["moves", "x{}y z w v"],
        ["moves", START.replace(" r ", " {} ")],
        ["perft", START, "2{}"],
        ["play", START, "c10-d9{}"],
        ["play", START, "c10{}-d9"],
        ["selfplay", "--games", "1{}"],
        ["selfplay", "--red{}", "x"],
        ["moves", *START.split(" "), "extra{}"],
    ],
)
def test_an_error_is_one_line_whatever_the_input_holds(
    capsys: pytest.CaptureFixture[str], args: list[str], brk: str
) -> None:
    status, out, err = run(capsys, *(a.replace("{}", brk) for a in args))
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("error: ")


@pytest.mark.parametrize(
    "args",
    [
        ["start", "\u0663"],  # ARABIC-INDIC DIGIT THREE
        ["start", "\u00b2"],  # SUPERSCRIPT TWO
        ["perft", START, "\u00b2"],
        ["perft", START, "\u0662"],
        ["play", START, "c1\u0660-d9"],
        ["moves", START.replace(" 0 0", " 0 \u0661")],
        ["selfplay", "--games", "\uff11"],  # FULLWIDTH DIGIT ONE
        ["start", "1" * 5000],  # beyond int()'s digit limit
    ],
)
def test_numbers_are_ascii_digits_only(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    status, out, err = run(capsys, *args)
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1 and "invalid literal" not in err and "limit" not in err


def test_a_move_with_other_digits_is_refused() -> None:
    with pytest.raises(NotationError):
        parse_move(parse_position(START), "c1\u0660-d9")


@pytest.mark.parametrize("depth", ["0", "5", "100000000"])
def test_perft_depth_is_bounded_before_any_work(
    capsys: pytest.CaptureFixture[str], depth: str
) -> None:
    finished = START.replace(" r 0 0", " r 0 100")
    status, out, err = run(capsys, "perft", finished, depth)
    assert (status, out) == (2, "")
    assert "DEPTH" in err and "1 to 4" in err


@pytest.mark.parametrize("side", ["r", "b"])
def test_grace_is_refused_when_both_players_are_finished(side: str) -> None:
    assert parse_position(both_finished(side, 0)).is_over()
    with pytest.raises(NotationError, match="grace"):
        parse_position(both_finished(side, 1))


def test_a_damaged_seed_is_a_record_error() -> None:
    text = format_record(GameRecord.from_seed(6))
    with pytest.raises(RecordError, match="Seed"):
        parse_record(text.replace('[Seed "6"]', '[Seed "6\u00b2"]'))
    with pytest.raises(RecordError):
        parse_record(text.replace('[Seed "6"]', f'[Seed "{"6" * 5000}"]'))


@pytest.mark.parametrize("counter", ["\u00b2", "\u0661"])
def test_a_start_position_with_other_digits_is_a_record_error(counter: str) -> None:
    text = format_record(GameRecord.from_seed(6)).replace('[Seed "6"]\n', "")
    with pytest.raises(RecordError):
        parse_record(text.replace(' r 0 0 0"]', f' r 0 0 {counter}"]'))


@pytest.mark.parametrize("brk", BREAKS)
def test_the_writer_never_writes_a_header_its_reader_refuses(brk: str) -> None:
    record = GameRecord.from_seed(2, red=f"Ana{brk}Bo", blue='"\\')
    record.tags["Event"] = f"x{brk}"
    assert parse_record(format_record(record)) == record
