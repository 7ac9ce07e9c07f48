"""Review: from the end screen and from Past games, worked out once and kept beside
the game, left at any time, and worked out again when its file is damaged."""

import threading
import time
import zlib
from pathlib import Path

import pytest
from app_driver import Driver, InstantReviewer, archive_game
from screen_gallery import TIEBREAK_SEED, against_the_computer, played_game

from device.hardware.buttons import Button
from device.hardware.profiles import ProfileName
from device.journal import file as journal_file
from device.journal.__main__ import main as journal_main
from device.journal.file import ARCHIVE
from device.journal.lines import encode_line
from device.journal.reviews import load_review, review_event, review_path
from device.play.game import Game, GameSetup, Mode
from device.play.link_games import PORT_TAG, ROLE_TAG
from device.play.review import EngineReviewer, Stage, winner_of
from device.screens.end_screen import CHOICES, EndScreen
from device.screens.game_screen import start_game
from device.screens.past_games_screen import PastGameMenu, PastGamesScreen
from device.screens.review_screen import MomentScreen, ReviewScreen
from engine.ai.review import ReviewProgress
from engine.ai.search import Limits
from engine.notation import format_position
from engine.pieces import BLUE, RED, Colour
from engine.record import GameRecord

PROFILES = tuple(ProfileName)
WAIT_LIMIT = 60.0
"""Real seconds a test waits for the background review (never reached)."""


def finished_game(driver: Driver, game: Game) -> EndScreen:
    """``game`` (over) played to its end screen: stored and archived as the app does."""
    start_game(driver.app, game)
    driver.advance(600)
    end = driver.app.top
    assert isinstance(end, EndScreen), type(end).__name__
    return end


def choose_review_on_end_screen(driver: Driver, end: EndScreen) -> ReviewScreen:
    """Page to the choices, move to Review with the menu buttons and confirm."""
    wanted = CHOICES.index("end.review")
    for _ in range(12):
        if end.on_last_part() and end.choice == wanted:
            break
        driver.tap(driver.next_item_button)
    driver.confirm()
    screen = driver.app.top
    assert isinstance(screen, ReviewScreen), type(screen).__name__
    return screen


def review_from_past_games(driver: Driver, newest: int = 0) -> ReviewScreen:
    """Title, Past games, the ``newest``-th game, Review: all with the buttons."""
    driver.app.to_title()
    driver.choose_item("Past games")
    assert isinstance(driver.app.top, PastGamesScreen)
    for _ in range(newest):
        driver.tap(driver.next_item_button)
    driver.confirm()
    assert isinstance(driver.app.top, PastGameMenu)
    driver.choose_item("Review")
    screen = driver.app.top
    assert isinstance(screen, ReviewScreen), type(screen).__name__
    return screen


def the_review_file(driver: Driver) -> Path:
    (path,) = (driver.app.save_dir / ARCHIVE).glob("*.review")
    return path


def resigned_game(plies: int = 24) -> Game:
    """A short hotseat game that Red gave up after ``plies`` moves."""
    game = played_game(TIEBREAK_SEED, plies=plies)
    game.resigned = RED
    return game


@pytest.mark.parametrize("profile", PROFILES)
def test_a_game_is_reviewed_from_its_end_screen_once_and_kept(profile: str, tmp_path: Path) -> None:
    reviewer = InstantReviewer(nodes=100)
    driver = Driver(profile, tmp_path, reviewing=reviewer)
    game = against_the_computer(played_game(TIEBREAK_SEED), RED)
    end = finished_game(driver, game)
    screen = choose_review_on_end_screen(driver, end)
    driver.advance(200)
    assert screen.review.stage is Stage.READY and reviewer.started == 1
    moments = screen.review.moments
    assert moments, "random play loses a lot"
    assert [m.ply for m in moments] == sorted(m.ply for m in moments)

    driver.tap(driver.next_item_button)
    assert screen.index == min(1, len(moments) - 1)
    driver.confirm()
    board = driver.app.top
    assert isinstance(board, MomentScreen)
    moment = board.view.moment
    before = screen.review.replay.positions[moment.ply - 1]
    assert format_position(board.view.position()) == format_position(before)
    driver.confirm()  # A: the better move, played
    after_better = before.copy()
    after_better.make(moment.better)
    assert format_position(board.view.position()) == format_position(after_better)
    driver.back()
    assert driver.app.top is screen and screen.index == board.view.index
    driver.back()
    assert driver.app.screens[-1] is end, "back from the review is back at the end screen"

    kept = load_review(driver.app.saves.disk, the_review_file(driver), game.record, winner_of(game))
    assert kept == screen.review.review, "kept beside the game as it was shown"
    again = review_from_past_games(driver)
    assert again.review.stage is Stage.READY, "the kept review opens at once"
    assert reviewer.started == 1, "and is not worked out again"
    assert again.review.moments == moments


def test_the_moment_view_steps_the_line_and_moves_between_moments(tmp_path: Path) -> None:
    driver = Driver("tabletop", tmp_path, reviewing=InstantReviewer(nodes=100))
    archive_game(driver.app.saves, played_game(TIEBREAK_SEED), "20261201-1")
    screen = review_from_past_games(driver)
    driver.advance(200)
    assert len(screen.review.moments) >= 2
    driver.confirm()
    board = driver.app.top
    assert isinstance(board, MomentScreen)
    view = board.view
    steps = view.steps
    assert steps >= 1
    for step in range(1, steps + 1):
        driver.tap("RIGHT")
        assert view.step == step
        assert view.last_move() == view.moment.line[step - 1]
    driver.tap("RIGHT")
    assert view.step == 0, "after the line's last move, the moment again"
    driver.tap("RIGHT")
    driver.tap("LEFT")
    assert view.step == 0
    driver.tap("DOWN")
    assert view.index == 1 and view.step == 0
    driver.tap("UP")
    driver.tap("UP")
    assert view.index == 0, "no moment before the first"


def test_leaving_a_review_under_way_stops_it(tmp_path: Path) -> None:
    reviewing = EngineReviewer(workers=1, limits=Limits(nodes=3_000))
    driver = Driver("hatmini", tmp_path, reviewing=reviewing)
    threads = threading.active_count()
    archive_game(driver.app.saves, played_game(TIEBREAK_SEED), "20261201-1")
    screen = review_from_past_games(driver)
    assert screen.review.stage is Stage.WORKING
    give_up = time.monotonic() + WAIT_LIMIT
    while screen.review.progress.done < 2:
        assert time.monotonic() < give_up, "the review made no progress"
        driver.advance(0)  # the clock stands still: the screen stays lit
    assert "move" in screen.caption() and screen.controls()[0].buttons == (Button.B, Button.MENU)
    driver.back()
    assert isinstance(driver.app.top, PastGameMenu)
    assert reviewing.poll() is None, "the work under way was dropped"
    give_up = time.monotonic() + WAIT_LIMIT
    while threading.active_count() > threads:
        assert time.monotonic() < give_up, "the review's thread kept running"
        time.sleep(0.01)
    assert not list((tmp_path / ARCHIVE).glob("*.review")), "nothing half done was kept"


def test_a_review_worked_out_in_the_background_is_kept(tmp_path: Path) -> None:
    reviewing = EngineReviewer(workers=1, limits=Limits(nodes=100))
    driver = Driver("lcdhat", tmp_path, reviewing=reviewing)
    game = resigned_game(60)
    archive_game(driver.app.saves, game, "20261201-1")
    screen = review_from_past_games(driver)
    give_up = time.monotonic() + WAIT_LIMIT
    while screen.review.stage is Stage.WORKING:
        assert time.monotonic() < give_up, "the review never finished"
        driver.advance(0)
    assert screen.review.stage is Stage.READY
    kept = load_review(driver.app.saves.disk, the_review_file(driver), game.record, winner_of(game))
    assert kept == screen.review.review


def damaged_files(game: Game) -> dict[str, bytes]:
    """A good review file of ``game``, and the same damaged in each way it could be."""
    reviewer = InstantReviewer(nodes=100)
    reviewer.start(game.record, winner_of(game))
    review = reviewer.result()
    assert review is not None
    event = review_event(game.record, review)
    good = encode_line(event)

    def changed(**fields: object) -> bytes:
        return encode_line({**event, **fields})

    lines = [list(line) for line in event["lines"]]  # type: ignore[attr-defined]
    lines[0] = ["a1-a2"]
    return {
        "good": good,
        "a checksum that does not match": good.replace(b'"review"', b'"Review"'),
        "cut short": good[: len(good) // 2],
        "not text": b"\xff\xfe\x00" * 40,
        "empty": b"",
        "two lines": good + good,
        "a newer format": changed(review=2),
        "another game": changed(game="0123456789abcdef"),
        "a position missing": changed(values=event["values"][:-1]),  # type: ignore[index]
        "a value that is not one": changed(values=["12", *event["values"][1:]]),  # type: ignore[index]
        "a line that does not replay": changed(lines=lines),
        "JSON of another shape": encode_line({"review": 1, "game": event["game"], "values": 3}),
        "not JSON": f"{zlib.crc32(b'{not json'):08x} {{not json\n".encode(),
    }


def test_a_damaged_review_file_is_worked_out_again_never_a_crash(tmp_path: Path) -> None:
    game = resigned_game()
    reviewer = InstantReviewer(nodes=100)
    driver = Driver("hatmini", tmp_path, reviewing=reviewer)
    path = archive_game(driver.app.saves, game, "20261201-1")
    files = damaged_files(game)
    good = files.pop("good")
    for damage, data in files.items():
        review_path(path).write_bytes(data)
        started = reviewer.started
        screen = review_from_past_games(driver)
        driver.app.draw()
        assert reviewer.started == started + 1, damage
        assert screen.review.stage is Stage.READY, damage
        assert review_path(path).read_bytes() == good, f"{damage}: written over"
    review_path(path).unlink()
    review_path(path).mkdir()  # a folder where the file should be: it cannot be kept
    screen = review_from_past_games(driver)
    driver.app.draw()
    assert screen.review.stage is Stage.READY, "shown all the same"


def test_hotseat_computer_and_linked_games_are_reviewed(tmp_path: Path) -> None:
    reviewer = InstantReviewer(nodes=100)
    driver = Driver("tabletop", tmp_path, reviewing=reviewer)
    saves = driver.app.saves
    hotseat = resigned_game()
    computer = against_the_computer(resigned_game(), BLUE)
    computer.resigned = RED
    linked = Game(resigned_game().record, GameSetup(Mode.LINK, human_colour=RED))
    linked.resigned = RED
    linked.record.tags = {"Mode": Mode.LINK, PORT_TAG: "/dev/ttyUSB0", ROLE_TAG: "host"}
    paths = []
    for game in (hotseat, computer, linked):
        journal = saves.begin(game)
        journal.finish(game)
        paths.append(journal.path)
    for newest in range(3):
        screen = review_from_past_games(driver, newest)
        assert screen.review.stage is Stage.READY
        assert screen.review.game.setup.mode == (Mode.LINK, Mode.VERSUS_AI, Mode.HOTSEAT)[newest]
    assert all(review_path(path).exists() for path in paths)
    assert reviewer.started == 3


def test_a_resigned_game_is_reviewed_for_the_player_who_did_not_resign(tmp_path: Path) -> None:
    driver = Driver("lcdhat", tmp_path, reviewing=InstantReviewer(nodes=100))
    game = against_the_computer(resigned_game(), RED)
    game.resigned = RED
    archive_game(driver.app.saves, game, "20261201-1")
    screen = review_from_past_games(driver)
    review = screen.review.review
    assert review is not None and review.winner == BLUE


class FailingReviewer(InstantReviewer):
    """A reviewer whose work cannot finish (its worker processes were lost)."""

    def start(self, record: GameRecord, winner: Colour) -> None:
        self.started += 1
        self.total = len(record.moves) + 1

    def poll(self) -> ReviewProgress | None:
        return ReviewProgress(3, self.total, "BrokenProcessPool: a worker died")


def test_a_review_that_cannot_finish_says_so_and_keeps_nothing(tmp_path: Path) -> None:
    driver = Driver("lcdhat", tmp_path, reviewing=FailingReviewer())
    archive_game(driver.app.saves, resigned_game(), "20261201-1")
    screen = review_from_past_games(driver)
    driver.advance(200)
    assert screen.review.stage is Stage.FAILED
    assert screen.caption() == "The review could not be finished. Try again later."
    assert [c.does for c in screen.controls()] == ["help.back"]
    driver.app.draw()
    driver.confirm()  # nothing to choose
    assert driver.app.top is screen
    driver.back()
    assert isinstance(driver.app.top, PastGameMenu)
    assert not list((tmp_path / ARCHIVE).glob("*.review"))


def test_the_journal_check_names_a_review_it_will_not_use_and_still_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    driver = Driver("tabletop", tmp_path, reviewing=InstantReviewer(nodes=100))
    path = archive_game(driver.app.saves, resigned_game(), "20261201-1")
    review_from_past_games(driver)
    assert journal_main(["check", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert said.endswith("2 file(s) checked, all load: 0 game(s) in progress, 1 finished\n")
    assert "review" not in said, "a review that fits its game is not worth a word"
    review_path(path).write_bytes(b"garbage\n")
    orphan = review_path(path.with_name("000009.20261130-1.journal"))
    orphan.write_bytes(review_path(path).read_bytes())
    assert journal_main(["check", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert f"{review_path(path)}: loads, but it is damaged: the game's review" in said
    assert f"{orphan}: loads, but its game is not in the archive" in said


def test_a_review_leaves_the_archive_with_its_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(journal_file, "ARCHIVE_SIZE", 2)
    driver = Driver("hatmini", tmp_path, reviewing=InstantReviewer(nodes=100))
    oldest = archive_game(driver.app.saves, resigned_game(), "20261201-1")
    review_from_past_games(driver)
    assert review_path(oldest).exists()
    kept = [archive_game(driver.app.saves, resigned_game(), f"20261201-{n}") for n in (2, 3)]
    assert not oldest.exists() and not review_path(oldest).exists()
    assert all(path.exists() for path in kept)
