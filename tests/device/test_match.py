"""The match: every kind of opponent plays through it, and undo, hint and resign."""

from pathlib import Path

from app_driver import Driver
from fake_link import FakeSession

from device.app import MAX_WAIT_MS
from device.link.events import PeerMove
from device.play.game import Game, GameSetup, Mode
from device.play.match import Match, Players
from device.play.match_events import MatchOver, MovePlayed, SaveFailed
from device.play.opponent import InstantThinker
from device.screens.end_screen import EndScreen
from device.screens.game_screen import SystemMenu
from engine.notation import format_move, format_position
from engine.pieces import BLUE, RED


class MemoryLog:
    """Keeps what the match stores: the moves at each sync, the finished games."""

    def __init__(self) -> None:
        self.synced: list[list[int]] = []
        self.finished: list[Game] = []

    def sync(self, game: Game) -> None:
        self.synced.append(list(game.record.moves))

    def finish(self, game: Game) -> None:
        self.finished.append(game)


def new_match(
    mode: Mode, colour: int = RED, pace_ms: int = 0, link: FakeSession | None = None
) -> tuple[Match, MemoryLog]:
    setup = GameSetup(mode=mode, ai_level=1, human_colour=colour)
    game = Game.new(7, setup, ("Red", "Blue"), "2026.12.01")
    players = Players(InstantThinker(1), InstantThinker(2), lambda: pace_ms)
    log = MemoryLog()
    return Match(game, players, log, link=link), log


def test_the_computer_answers_after_its_pace_and_each_move_is_stored_first() -> None:
    match, log = new_match(Mode.VERSUS_AI, pace_ms=500)
    mine = match.game.position.legal_moves()[0]
    assert match.play(mine)
    assert log.synced[-1] == [mine]
    match.tick(1000)
    assert match.thinking and match.game.ply == 1
    assert not match.play(match.game.position.legal_moves()[0]), "not the person's turn"
    match.tick(1400)
    assert match.game.ply == 1, "the computer keeps its pace"
    assert match.tick(1500)
    assert match.game.ply == 2 and not match.thinking
    assert log.synced[-1] == match.game.record.moves
    assert match.wakeup(1500) is None, "nothing to do until the person moves"


def test_undo_while_the_computer_waits_out_its_pace_stops_its_thinking() -> None:
    match, log = new_match(Mode.VERSUS_AI, pace_ms=2000)
    match.play(match.game.position.legal_moves()[0])
    match.tick(0)
    match.tick(10)
    assert match.thinking
    assert match.undo()
    assert not match.thinking and match.game.ply == 0 and match.person_to_move()
    assert log.synced[-1] == []
    assert match.wakeup(20) is None
    match.tick(5000)
    assert match.game.ply == 0, "the dropped answer is never played"


def test_hotseat_hint_is_for_the_ply_it_was_asked_at() -> None:
    match, _ = new_match(Mode.HOTSEAT)
    assert match.ask_hint()
    match.play(match.game.position.legal_moves()[0])
    match.tick(0)
    assert match.hint is None, "a hint for an earlier position is dropped"
    match.ask_hint()
    match.tick(0)
    assert match.hint in match.game.position.legal_moves()


def test_resigning_ends_the_match_and_stores_the_end_once() -> None:
    match, log = new_match(Mode.VERSUS_AI, colour=BLUE)
    match.tick(0)
    assert match.resign()
    assert match.over and match.game.resigned == BLUE
    assert match.game.record.tags["Resigned"] == "Blue"
    assert match.tick(1)
    match.tick(2)
    assert log.finished == [match.game] and match.finished


def test_the_match_reports_its_end_once_after_storing_it() -> None:
    match, log = new_match(Mode.HOTSEAT)
    match.tick(0)
    assert match.resign()
    told = match.tick(1)
    assert told == [MatchOver(match.game)] and log.finished == [match.game], "after storing"
    assert match.tick(2) == [], "once"


def test_the_match_reports_each_move_stored_and_each_save_that_failed() -> None:
    match, log = new_match(Mode.VERSUS_AI)
    before = match.game.position.copy()
    mine = match.game.position.legal_moves()[0]
    assert match.play(mine)
    assert match.wakeup(0) == 0, "news waits to be told"
    [played] = match.tick(0)
    assert isinstance(played, MovePlayed) and played.move == mine
    shown = format_position(played.before), format_position(played.after)
    assert shown == (format_position(before), format_position(match.game.position))
    log.sync = failing_sync  # type: ignore[method-assign]
    [failed, reply] = match.tick(10)  # the computer began to think at the last tick
    assert isinstance(failed, SaveFailed) and isinstance(reply, MovePlayed)
    assert match.game.ply == 2, "the game goes on in memory"


def failing_sync(game: Game) -> None:
    raise OSError(28, "No space left on device")


def test_the_end_screen_waits_for_a_menu_open_when_the_game_ends(tmp_path: Path) -> None:
    driver = Driver("tabletop", tmp_path)
    driver.new_game("two players")
    driver.open_menu()
    match = driver.app.playing.match
    assert match is not None and match.resign()  # as a peer's last move would end it
    driver.advance(500)
    assert isinstance(driver.app.top, SystemMenu), "the menu stays until it is closed"
    driver.open_menu()
    driver.advance(100)
    end = driver.app.top
    assert isinstance(end, EndScreen) and end.game is match.game
    assert len(driver.app.saves.archived()) == 1, "the end was stored meanwhile"


def test_a_linked_match_sends_the_persons_moves_and_plays_the_peers() -> None:
    link = FakeSession(RED, seed=7)
    match, log = new_match(Mode.LINK, link=link)
    mine = match.game.position.legal_moves()[0]
    match.play(mine)
    assert link.sent == [(1, format_move(mine))]
    assert log.synced[-1] == [mine], "stored before it was sent"
    reply = match.game.position.legal_moves()[-1]
    link.incoming = [PeerMove(2, format_move(reply), reply), PeerMove(9, "zz", 0)]
    assert match.tick(0)
    assert match.game.record.moves == [mine, reply]
    assert not match.can_undo() and not match.can_resign()
    match.close()
    assert link.closed


def test_after_undo_during_the_computers_pace_the_screen_stops_thinking(tmp_path: Path) -> None:
    driver = Driver("hatmini", tmp_path, seed=4)
    driver.app.settings.think_ms = 2000
    screen = driver.new_game("vs computer", level="1")
    driver.play(screen.game.position.legal_moves()[0])
    driver.advance(300)
    assert screen.game.ply == 1 and "Thinking" in screen.prompt()
    driver.open_menu()
    driver.choose_item("Undo")
    driver.advance(3000)
    assert screen.game.ply == 0
    assert "Thinking" not in screen.prompt()
    assert driver.app.wait_ms(driver.now) == MAX_WAIT_MS, "an idle board sleeps"
