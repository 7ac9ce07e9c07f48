"""Game records: save, load, round-trip, and the first illegal ply named on load."""

import random

import pytest
from games import lively_move
from hypothesis import given, settings
from records import game_records

from engine.notation import format_move
from engine.record import GameRecord, RecordError, format_record, parse_headers, parse_record
from engine.rules import SEED, STANDARD, Rules


def finished_game(seed: int, rules: Rules = STANDARD) -> GameRecord:
    record = GameRecord.from_seed(seed, red="Ana", blue="Computer, level 3", rules=rules)
    record.date = "2026.11.30"
    record.tags["Mode"] = "vs computer"
    position = record.final_position()
    rng = random.Random(seed)
    while not position.is_over():
        move = lively_move(position, rng)
        position.make(move)
        record.moves.append(move)
    return record


@pytest.mark.parametrize("seed", range(4))
def test_a_finished_game_round_trips_through_its_text(seed: int) -> None:
    record = finished_game(seed)
    text = format_record(record)
    loaded = parse_record(text)
    assert loaded.moves == record.moves
    assert loaded.seed == seed and loaded.red == "Ana" and loaded.tags == {"Mode": "vs computer"}
    assert format_record(loaded) == text
    assert loaded.result() in {"1-0", "0-1", "1/2-1/2"}
    assert f'[Result "{loaded.result()}"]' in text


def test_the_record_holds_the_seed_and_the_start_position() -> None:
    text = format_record(finished_game(1))
    assert '[Seed "1"]' in text
    assert '[Start "..r3r4.r3.r3../' in text


def test_the_record_holds_its_rules_and_reads_them_back() -> None:
    record = finished_game(1, SEED)
    text = format_record(record)
    assert '[Rules "seed/1"]' in text
    assert parse_record(text).rules == SEED


def test_a_record_of_the_first_format_reads_as_the_rules_it_was_written_under() -> None:
    # Written before rules travelled with games: the standard game of that time,
    # which the seed rules now play exactly.
    text = format_record(finished_game(2, SEED))
    first_format = text.replace("satellites-record 2", "satellites-record 1").replace(
        '[Rules "seed/1"]\n', ""
    )
    loaded = parse_record(first_format)
    assert loaded.rules == SEED and loaded.moves == finished_game(2, SEED).moves


def test_a_game_replays_only_under_its_own_rules() -> None:
    # A standard game that connects during a stall is not a game of the seed rules.
    record = next(r for r in map(finished_game, range(40)) if connects_in_a_stall(r))
    text = format_record(record)
    with pytest.raises(RecordError, match="ply"):
        parse_record(text.replace('[Rules "standard/2"]', '[Rules "seed/1"]'))


def connects_in_a_stall(record: GameRecord) -> bool:
    position = record.start_position()
    for move in record.moves:
        in_a_stall = position.plies_until_stall_opens() == 0
        before = position.connected_total()
        position.make(move)
        if in_a_stall and position.connected_total() > before:
            return True
    return False


def test_an_unfinished_game_has_the_result_star() -> None:
    record = finished_game(2)
    record.moves = record.moves[:5]
    text = format_record(record)
    assert '[Result "*"]' in text and text.rstrip().endswith("*")
    assert parse_record(text).moves == record.moves


def test_loading_names_the_first_illegal_ply() -> None:
    record = finished_game(3)
    text = format_record(record)
    seventh = format_move(record.moves[6])
    broken = text.replace(f"7. {seventh}", "7. a1-a2", 1)
    with pytest.raises(RecordError, match="ply 7"):
        parse_record(broken)


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda t: t.replace("satellites-record 2", "satellites-record 9"), "version"),
        (lambda t: t.replace('[Rules "standard/2"]\n', ""), "which rules"),
        (lambda t: t.replace('[Rules "standard/2"]', '[Rules "standard/3"]'), "newer"),
        (lambda t: t.replace('[Rules "standard/2"]', '[Rules "go/1"]'), "unknown rules"),
        (lambda t: t.replace('[Seed "3"]', '[Seed "x3"]'), "Seed"),
        (lambda t: t.replace('[Seed "3"]', '[Seed "4"]'), "Seed 4"),
        (lambda t: t.replace("[Start", "[Start broken"), "malformed header"),
        (lambda t: t.replace('[Red "Ana"]', '[Red "Ana"]\n[Red "Bo"]'), "twice"),
        (lambda t: t.rstrip().rsplit(" ", 1)[0], "result"),
        (lambda t: t.replace("5. ", "6. ", 1), "ply 5"),
    ],
)
def test_damaged_records_give_a_clear_error(mangle: object, message: str) -> None:
    text = format_record(finished_game(3))
    assert callable(mangle)
    with pytest.raises(RecordError, match=message):
        parse_record(mangle(text))


def test_a_record_whose_result_header_lies_is_refused() -> None:
    text = format_record(finished_game(0))
    result = parse_record(text).result()
    lie = "0-1" if result != "0-1" else "1-0"
    with pytest.raises(RecordError, match="result"):
        parse_record(text.replace(f'[Result "{result}"]', f'[Result "{lie}"]'))


@settings(max_examples=150, deadline=None)
@given(game_records())
def test_every_record_reads_back_as_written(record: GameRecord) -> None:
    text = format_record(record)
    assert parse_record(text) == record
    assert format_record(parse_record(text)) == text


@settings(max_examples=60, deadline=None)
@given(game_records())
def test_the_headers_alone_read_back_as_written(record: GameRecord) -> None:
    headers = parse_headers(format_record(record))
    named = (headers["Red"], headers["Blue"], headers["Date"])
    assert named == (record.red, record.blue, record.date)
    assert headers["Result"] == record.result()
    assert {name: headers[name] for name in record.tags} == record.tags


@pytest.mark.parametrize("name", ["", "1st", "Seed", "Start", "has space", 'q"'])
def test_the_writer_refuses_a_tag_its_reader_would_refuse(name: str) -> None:
    record = finished_game(1)
    record.tags[name] = "x"
    with pytest.raises(RecordError, match="tag"):
        format_record(record)


def test_the_writer_refuses_a_seed_that_does_not_draw_the_start() -> None:
    record = finished_game(1)
    record.seed = 2
    with pytest.raises(RecordError, match="seed 2"):
        format_record(record)


@pytest.mark.parametrize("escape", ["\\q", "\\x4", "\\u12", "\\U00110000", "\\"])
def test_a_malformed_escape_in_a_header_is_refused(escape: str) -> None:
    text = format_record(finished_game(1)).replace('[Red "Ana"]', f'[Red "A{escape}"]')
    with pytest.raises(RecordError, match="line 5"):
        parse_record(text)
