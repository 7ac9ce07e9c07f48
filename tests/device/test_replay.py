"""The replay model: every position of a recorded game, stepped through in any order;
the archive as "Past games" reads it; the result from this device's side."""

import random
from pathlib import Path

import pytest
from app_driver import archive_game
from hypothesis import given, settings
from hypothesis import strategies as st

from device.journal.archive import load_game, past_games, setup_of
from device.journal.folder import SaveFolder
from device.play.game import Game, GameSetup, Mode
from device.play.replay import Outcome, Replay
from engine.notation import format_position, parse_position
from engine.pieces import BLUE, NOBODY, RED
from engine.playout import random_move
from engine.record import GameRecord, RecordError, format_record
from engine.scoring import score


def random_record(seed: int, plies: int | None = None) -> GameRecord:
    """Random play from the setup of ``seed``: to the end, or for ``plies`` plies."""
    record = GameRecord.from_seed(seed)
    position = parse_position(record.start)
    rng = random.Random(seed)
    while not position.is_over() and (plies is None or len(record.moves) < plies):
        move = random_move(position, rng)
        position.make(move)
        record.moves.append(move)
    return record


def shown(replay: Replay) -> str:
    return format_position(replay.position)


STEPS = st.lists(st.sampled_from(["first", "previous", "next", "last"]), max_size=40)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(1, 10_000), plies=st.integers(0, 80), steps=STEPS)
def test_the_position_shown_is_always_the_record_played_that_far(
    seed: int, plies: int, steps: list[str]
) -> None:
    record = random_record(seed, plies)
    replay = Replay(record)
    for step in steps:
        getattr(replay, step)()
        assert 0 <= replay.index <= replay.plies
        prefix = GameRecord(record.start, record.moves[: replay.index])
        assert shown(replay) == format_position(prefix.final_position())
        assert replay.position.key() == prefix.final_position().key()
        expected_last = record.moves[replay.index - 1] if replay.index else None
        assert replay.last_move == expected_last


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(1, 10_000), plies=st.integers(1, 80), at=st.integers(0, 80))
def test_a_step_forward_then_back_returns_the_same_position(seed: int, plies: int, at: int) -> None:
    replay = Replay(random_record(seed, plies))
    replay.go_to(at)
    before, index = shown(replay), replay.index
    moved = replay.next()
    assert moved == (index < replay.plies)
    if moved:
        assert replay.last_move == replay.record.moves[index]
        replay.previous()
    assert (shown(replay), replay.index) == (before, index)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(1, 10_000))
def test_last_is_the_final_position_of_the_record_and_first_its_start(seed: int) -> None:
    record = random_record(seed)
    replay = Replay(record)
    assert replay.at_start and shown(replay) == record.start
    assert replay.last_move is None and replay.last_mover == NOBODY
    assert replay.last()
    assert replay.at_end and replay.index == len(record.moves)
    assert shown(replay) == format_position(record.final_position())
    assert not replay.next()  # nothing after the end
    assert replay.outcome == Outcome(winner=score(record.final_position()).winner)
    assert replay.first() and shown(replay) == record.start
    assert not replay.previous()  # nothing before the start


def test_who_played_each_move_follows_grace_moves_not_strict_alternation() -> None:
    record = random_record(2)
    game = Game(GameRecord(record.start, list(record.moves)))
    replay = Replay(record, at_end=True)
    assert replay.movers == game.movers
    assert replay.last_mover == game.movers[-1]


def test_a_resigned_game_is_won_by_the_other_colour() -> None:
    game = Game(random_record(5, plies=12))
    game.resigned = BLUE
    assert Replay.of(game).outcome == Outcome(winner=RED, resigned=BLUE)


def test_a_record_that_stops_before_the_end_has_no_winner_to_tell() -> None:
    assert Replay(random_record(5, plies=12)).outcome == Outcome(NOBODY, finished=False)


def _versus(colour: int, language_of_you: str = "You") -> GameRecord:
    record = random_record(3)
    named = (language_of_you, "Computer, level 4")
    record.red, record.blue = named if colour == RED else named[::-1]
    record.tags = {"Mode": Mode.VERSUS_AI, "Level": "4"}
    return record


def _setup(record: GameRecord) -> GameSetup | None:
    return setup_of(record.tags, record.red, record.blue)


def test_the_archive_tells_the_mode_level_and_which_colour_was_played_here() -> None:
    assert _setup(_versus(BLUE)) == GameSetup(Mode.VERSUS_AI, ai_level=4, human_colour=BLUE)
    assert _setup(_versus(RED, "Tú")) == GameSetup(Mode.VERSUS_AI, ai_level=4, human_colour=RED)
    hotseat = random_record(3)
    hotseat.tags = {"Mode": Mode.HOTSEAT}
    assert _setup(hotseat) == GameSetup(Mode.HOTSEAT)
    linked = random_record(3)
    linked.red, linked.blue, linked.tags = "Other device", "You", {"Mode": Mode.LINK}
    assert _setup(linked) == GameSetup(Mode.LINK, human_colour=BLUE)


def test_a_record_that_does_not_say_who_played_here_is_told_by_colours() -> None:
    assert _setup(random_record(3)) is None  # no mode
    assert _setup(_versus(RED, "Ana")) is None


@pytest.mark.parametrize("seed", [2, 3, 7])
def test_the_result_listed_from_the_heading_is_the_one_the_moves_give(
    seed: int, tmp_path: Path
) -> None:
    saves = SaveFolder(tmp_path)
    resigned = Game(random_record(seed, plies=30))
    resigned.resigned = RED
    archive_game(saves, Game(random_record(seed)), "20261101-1")
    archive_game(saves, resigned, "20261102-1")
    (tmp_path / "finished" / "000003.20261103-1.txt").write_text(format_record(random_record(seed)))
    listed = past_games(saves)
    assert len(listed) == 3
    for game in listed:
        assert game.outcome == Replay.of(load_game(saves, game)).outcome
        assert game.outcome is not None and game.outcome.finished
    assert listed[1].outcome == Outcome(winner=BLUE, resigned=RED)


def test_past_games_are_newest_first_and_a_damaged_file_is_listed_not_raised(
    tmp_path: Path,
) -> None:
    saves = SaveFolder(tmp_path)
    older, newer = random_record(3), _versus(BLUE)
    archive_game(saves, Game(older), "20261101-1")
    versus = GameSetup(Mode.VERSUS_AI, ai_level=4, human_colour=BLUE)
    archive_game(saves, Game(newer, versus), "20261102-1")
    folder = tmp_path / "finished"
    (folder / "000003.20261103-1.txt").write_text(format_record(_versus(RED, "Tú")))
    (folder / "000004.20261104-1.journal").write_bytes(b"\xff\xfe not a journal\n")
    (folder / "000005.20261105-1.txt").write_text('[Format "satellites-record 1"\n')
    games = past_games(saves)
    names = [g.path.name.partition(".")[2][:8] for g in games]
    assert names == ["20261105", "20261104", "20261103", "20261102", "20261101"]
    for damaged in games[:2]:
        assert damaged.outcome is None and damaged.problem
    assert games[2].setup == GameSetup(Mode.VERSUS_AI, ai_level=4, human_colour=RED)
    assert load_game(saves, games[3]).record.moves == newer.moves
    assert games[3].setup == versus
    assert games[4].setup == GameSetup(Mode.HOTSEAT) and (games[4].red, games[4].blue) == (
        "Red",
        "Blue",
    )
    assert games[4].outcome == Replay(older).outcome


def test_moves_that_do_not_replay_are_found_when_the_game_is_opened(tmp_path: Path) -> None:
    saves = SaveFolder(tmp_path)
    path = tmp_path / "finished" / "20261101-1.txt"
    path.parent.mkdir()
    path.write_text(format_record(random_record(3)).replace("1. ", "1. z9-z8 ", 1))
    (listed,) = past_games(saves)
    assert listed.outcome is not None, "the headers read: it is listed as it claims"
    with pytest.raises(RecordError, match="ply 1"):
        load_game(saves, listed)
