"""The tutorial: lessons made and checked with the engine, played through the
buttons on every device, progress kept across restarts."""

from pathlib import Path

import pytest
from app_driver import Driver
from drawn_words import screen_words, squeezed
from stalls import stalled_game

from device.hardware.profiles import PROFILES
from device.i18n import LANGUAGES, text
from device.journal.lines import encode_line
from device.journal.settings_file import SETTINGS_FILE, load_settings, store_settings
from device.play.match import Judgement, Verdict
from device.play.settings import Settings
from device.play.tutorial import (
    LESSONS,
    PARTS,
    RESULT_MS,
    Lesson,
    LessonPolicy,
    after,
    lesson_match,
)
from device.screens.dialogs import MessageScreen
from device.screens.game_screen import GameScreen, start_game
from device.screens.title_screen import TitleScreen
from device.screens.tutorial_screens import (
    PADDING,
    Card,
    DoneCard,
    LessonCard,
    NoteCard,
    TutorialMenu,
)
from engine.moves import CONNECTION, NORMAL, kind_of, origin_of
from engine.notation import format_position, parse_move, parse_position
from engine.pieces import RED, piece
from engine.rules import SEED, STALL_PLIES


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_each_lesson_is_a_legal_position_one_engine_move_from_its_goal(lesson: Lesson) -> None:
    position = parse_position(lesson.start)  # the engine's strict reading: rules 5 hold
    moves = position.legal_moves()
    goal = lesson.goal_moves()
    assert goal, "the engine finds no move that completes the lesson"
    assert len(goal) < len(moves), "every move completes it: the lesson checks nothing"
    assert not any(after(position, m).is_over() for m in moves), "a miss must be undoable"
    assert format_position(position) == lesson.start


def test_each_lesson_teaches_what_it_says() -> None:
    by_name = {lesson.name: lesson for lesson in LESSONS}
    assert list(by_name) == [
        "move",
        "open",
        "connect",
        "stall",
        "colony",
        "displace",
        "grace",
        "tiebreak",
    ]
    opening = by_name["open"].position()
    assert not opening.connections_open()
    for move in by_name["open"].goal_moves():
        assert after(opening, move).connections_open()
    grace = by_name["grace"].position()
    for move in by_name["grace"].goal_moves():
        assert after(grace, move).grace == 3
    tiebreak = by_name["tiebreak"].position()
    for move in by_name["tiebreak"].goal_moves():
        assert after(tiebreak, move).connected_total() > tiebreak.connected_total()


def test_a_lesson_match_stores_nothing_and_shows_a_goal_move_as_its_hint() -> None:
    lesson = LESSONS[2]
    match = lesson_match(lesson)
    assert match.ask_hint()
    match.tick(0)
    assert match.hint in lesson.goal_moves()
    assert match.play(lesson.goal_moves()[0]) and match.undo()
    assert format_position(match.game.position) == lesson.start


def test_a_lesson_match_judges_a_move_once_seen_and_ends_a_while_after_a_pass() -> None:
    lesson = LESSONS[2]
    match = lesson_match(lesson)
    goal = lesson.goal_moves()
    miss = next(m for m in match.game.position.legal_moves() if m not in goal)
    assert match.play(miss)
    assert match.game.ply == 1 and match.verdict is None, "judged only once it is seen"
    assert match.seen(100) == Judgement(Verdict.MISSED, miss) and match.seen(110) is None
    assert match.game.ply == 0, "a miss is taken back"
    assert match.play(goal[0])
    assert match.seen(200) == Judgement(Verdict.PASSED, goal[0])
    assert not match.person_to_move() and not match.over, "the result stays in sight"
    assert match.tick(250), "the moves played are told"
    assert match.wakeup(300) == 200 + RESULT_MS
    match.tick(200 + RESULT_MS)
    assert match.over and match.finished


def _lesson_on(screen: object) -> Lesson:
    """The lesson a game screen shows."""
    assert isinstance(screen, GameScreen)
    policy = screen.match.policy
    assert isinstance(policy, LessonPolicy)
    return policy.lesson


def _words_of(card: Card) -> tuple[int, int]:
    """How far down a card's words reach, and where its buttons start."""
    heading, words = card.lines()
    return 2 * PADDING + (len(heading) + len(words)) * card.ui.layout.line, card.bar_top()


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_fits_the_screen_in_both_languages(
    profile: str, language: str, tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path)
    app = driver.app
    app.settings.language = language
    for index, lesson in enumerate(LESSONS):
        notes = [NoteCard(app, index, note) for note in range(len(lesson.notes))]
        for card in (LessonCard(app, index), DoneCard(app, index), *notes):
            height, room = _words_of(card)
            assert height <= room, (type(card).__name__, lesson.name)
            shown = [item for row in card.bar_rows() for item in row]
            assert shown == card.controls(), "every button the card uses is named"
        goal = app.ui.t(lesson.key("goal"))
        assert app.ui.font().size(goal)[0] <= app.ui.layout.width - 4 or app.ui.layout.side_panel
        for part in PARTS:
            assert app.ui.t(lesson.key(part), button="A")


def _tutorial_item_index(driver: Driver) -> int:
    title = driver.app.top
    assert isinstance(title, TitleScreen)
    return [item.label() for item in title.shown()].index("Tutorial")


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_lesson_plays_through_the_buttons(profile: str, tmp_path: Path) -> None:
    driver = Driver(profile, tmp_path)
    app = driver.app
    assert _tutorial_item_index(driver) == 0, "a new player finds the tutorial first"
    driver.choose_item("Tutorial")
    for index, lesson in enumerate(LESSONS):
        card = app.top
        assert isinstance(card, LessonCard) and card.index == index
        driver.confirm()
        screen = app.top
        assert isinstance(screen, GameScreen) and _lesson_on(screen) is lesson
        assert screen.prompt() == app.ui.t(lesson.key("goal"))
        goal = lesson.goal_moves()
        miss = next(m for m in screen.game.position.legal_moves() if m not in goal)
        driver.play(miss)
        driver.advance(400)
        message = app.top
        assert isinstance(message, MessageScreen), lesson.name
        assert app.ui.t(lesson.miss_hint(miss)) in message.words
        driver.confirm()
        assert app.screens[-1] is screen
        assert format_position(screen.game.position) == lesson.start
        driver.play(goal[-1])
        driver.advance(400)
        assert app.top is screen, "the result stays on the board"
        driver.advance(RESULT_MS)
        assert isinstance(app.top, DoneCard), lesson.name
        assert load_settings(tmp_path).tutorial_lessons == index + 1
        driver.confirm()
        for note in lesson.notes:
            card = app.top
            assert isinstance(card, NoteCard) and card.name == note
            driver.confirm()
    assert isinstance(app.top, TitleScreen) and len(app.screens) == 1
    assert _tutorial_item_index(driver) > 0, "after the tutorial, New game comes first"
    assert load_settings(tmp_path).tutorial_lessons == len(LESSONS)


def test_skipping_and_leaving_keep_the_place_across_a_restart(tmp_path: Path) -> None:
    driver = Driver("lcdhat", tmp_path)
    driver.choose_item("Tutorial")
    driver.next_choice()  # skip the first lesson
    driver.next_choice()  # and the second
    card = driver.app.top
    assert isinstance(card, LessonCard) and card.index == 2
    driver.confirm()
    driver.open_menu()
    assert isinstance(driver.app.top, TutorialMenu)
    driver.choose_item("Leave tutorial")
    assert isinstance(driver.app.top, TitleScreen)
    again = Driver("lcdhat", tmp_path)
    assert _tutorial_item_index(again) == 0, "not finished: still offered first"
    again.choose_item("Tutorial")
    card = again.app.top
    assert isinstance(card, LessonCard) and card.index == 2


@pytest.mark.parametrize("profile", ["hatmini", "lcdhat", "tabletop"])
def test_back_on_a_lesson_card_goes_back_and_skips_nothing(profile: str, tmp_path: Path) -> None:
    driver = Driver(profile, tmp_path)
    driver.choose_item("Tutorial")
    assert isinstance(driver.app.top, LessonCard)
    driver.back()
    assert isinstance(driver.app.top, TitleScreen) and len(driver.app.screens) == 1
    assert load_settings(tmp_path).tutorial_lessons == 0, "no lesson counts as done"
    driver.choose_item("Tutorial")
    card = driver.app.top
    assert isinstance(card, LessonCard) and card.index == 0


def test_a_lessons_result_stays_in_sight_until_its_time_or_a_press(tmp_path: Path) -> None:
    driver = Driver("lcdhat", tmp_path)
    app = driver.app
    driver.choose_item("Tutorial")
    driver.confirm()
    screen = app.top
    assert isinstance(screen, GameScreen) and _lesson_on(screen) is LESSONS[0]
    driver.play(LESSONS[0].goal_moves()[0])
    driver.advance(1500 - 200)  # the move slid in; 1.5 s since
    assert app.top is screen
    assert screen.prompt() == app.ui.t("tutorial.well_done")
    driver.confirm()
    assert isinstance(app.top, DoneCard)


def test_a_miss_is_told_what_it_fell_short_of(tmp_path: Path) -> None:
    """In the colony lesson, moving the 4 without connecting is not told to try a
    bigger satellite (the 4 is the biggest): it is told it connected nothing."""
    index = [lesson.name for lesson in LESSONS].index("colony")
    store_settings(tmp_path, Settings(tutorial_lessons=index))
    driver = Driver("tabletop", tmp_path)
    app = driver.app
    driver.choose_item("Tutorial")
    driver.confirm()
    screen = app.top
    assert isinstance(screen, GameScreen) and _lesson_on(screen) is LESSONS[index]
    position = screen.game.position
    four = next(c for c in range(100) if position.board[c] == piece(RED, 4))
    miss = next(m for m in position.legal_moves() if origin_of(m) == four and kind_of(m) == NORMAL)
    driver.play(miss)
    driver.advance(400)
    message = app.top
    assert isinstance(message, MessageScreen)
    assert app.ui.t("tutorial.no_connection") in message.words
    assert "bigger" not in message.words


def test_the_tutorial_says_what_the_lessons_leave_out() -> None:
    """Short cards after the lessons: the connected count, same-colour satellites never
    touching, the 6-satellite limit and colonies never merging."""
    notes = [note for lesson in LESSONS for note in lesson.notes]
    assert sorted(notes) == ["count", "merge", "seed", "six", "touch"]
    for language in LANGUAGES:
        assert "23" in text(language, "note.count.text")
        assert "6" in text(language, "note.six.text")


def test_the_stall_lesson_connects_only_because_a_stall_opened_connections() -> None:
    """Judged by the engine: every edge held, no plies left before the stall opens
    connections, the one goal move a connection the seed rules would not allow; after
    it the count starts again from the number the lesson's words give."""
    lesson = next(lesson for lesson in LESSONS if lesson.name == "stall")
    position = lesson.position()
    assert not position.free_edges() and position.connections_open()
    assert position.plies_until_stall_opens() == 0
    under_seed = parse_position(lesson.start, SEED)
    assert not under_seed.connections_open()
    assert not any(kind_of(m) == CONNECTION for m in under_seed.legal_moves())
    (goal,) = lesson.goal_moves()
    assert kind_of(goal) == CONNECTION
    board, side, grace, _, _ = lesson.start.split(" ")
    a_ply_short = parse_position(f"{board} {side} {grace} {STALL_PLIES - 1} {STALL_PLIES - 1}")
    assert not a_ply_short.connections_open(), "one ply short of the stall, still closed"
    played = after(position, goal)
    assert not played.free_edges() and not played.connections_open()
    again = played.plies_until_stall_opens()
    for language in LANGUAGES:
        assert str(position.quiet) in text(language, "lesson.stall.text")
        assert str(again) in text(language, "lesson.stall.done")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_what_the_tutorial_says_is_on_the_game_screen_is_there(
    profile: str, language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The count card quotes the connected count as the game screen shows it, and the
    stall lesson's result says the game screen then counts the next stall down: in a
    game where a satellite has just connected with every edge held, both are drawn on
    every device."""
    driver = Driver(profile, tmp_path)
    app = driver.app
    app.settings.language = language
    start_game(app, stalled_game(25))
    position = driver.game_screen().game.position
    driver.play(parse_move(position, "c8-e8"))  # the red colony grows
    driver.advance(400)
    assert not position.free_edges()
    shown = screen_words(app, monkeypatch).text()
    quoted = text(language, "note.count.text").split('"')[1]
    assert squeezed(quoted.replace("x", str(position.connected_total()))) in shown
    plies = position.plies_until_stall_opens()
    assert plies is not None and str(plies) in text(language, "lesson.stall.done")
    counted = [squeezed(app.ui.t(key, plies=plies)) for key in ("hud.closed_opens", "hud.opens_in")]
    assert any(words in shown for words in counted), (counted, shown)


def _open_lesson(driver: Driver, index: int) -> GameScreen:
    """Lesson ``index`` on the board, reached through the title and its card."""
    driver.choose_item("Tutorial")
    card = driver.app.top
    assert isinstance(card, LessonCard) and card.index == index
    driver.confirm()
    return driver.game_screen()


@pytest.mark.parametrize("index", range(len(LESSONS)))
def test_the_lesson_menu_opens_on_resume_and_skips_the_lesson_being_played(
    index: int, tmp_path: Path
) -> None:
    store_settings(tmp_path, Settings(tutorial_lessons=index))
    driver = Driver("hatmini", tmp_path)
    _open_lesson(driver, index)
    driver.open_menu()
    menu = driver.app.top
    assert isinstance(menu, TutorialMenu)
    assert menu.index == 0 and menu.shown()[0].label() == "Resume", "the cursor starts on top"
    driver.choose_item("Skip lesson")
    if index + 1 < len(LESSONS):
        card = driver.app.top
        assert isinstance(card, LessonCard) and card.index == index + 1, "the next lesson"
    else:
        assert isinstance(driver.app.top, TitleScreen) and len(driver.app.screens) == 1
    assert load_settings(tmp_path).tutorial_lessons == index + 1


def test_skipping_an_earlier_lesson_again_loses_no_progress(tmp_path: Path) -> None:
    """A player who goes back to lesson 2 after doing four skips it: the tutorial
    goes on at lesson 3, and the four done stay done."""
    store_settings(tmp_path, Settings(tutorial_lessons=len(LESSONS)))
    driver = Driver("tabletop", tmp_path)
    driver.choose_item("Tutorial")
    driver.next_choice()  # the first lesson's card: on to the second
    driver.confirm()
    driver.open_menu()
    driver.choose_item("Skip lesson")
    card = driver.app.top
    assert isinstance(card, LessonCard) and card.index == 2
    assert load_settings(tmp_path).tutorial_lessons == len(LESSONS)


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_reflex_press_on_the_done_cards_menu_stays_in_the_tutorial(
    profile: str, tmp_path: Path
) -> None:
    """After each lesson, the menu button then the choose button (a player's reflex)
    comes back to the lesson's card: nothing is left, nothing skipped."""
    driver = Driver(profile, tmp_path)
    app = driver.app
    for index, lesson in enumerate(LESSONS):
        if index == 0:
            driver.choose_item("Tutorial")
        driver.confirm()
        driver.play(lesson.goal_moves()[0])
        driver.advance(400 + RESULT_MS)
        done = app.top
        assert isinstance(done, DoneCard) and done.index == index
        driver.open_menu()
        driver.confirm()
        assert app.top is done, lesson.name
        driver.confirm()
        for _ in lesson.notes:
            assert isinstance(app.top, NoteCard)
            driver.open_menu()
            driver.confirm()
            assert isinstance(app.top, NoteCard), lesson.name
            driver.confirm()
    assert isinstance(app.top, TitleScreen)
    assert load_settings(tmp_path).tutorial_lessons == len(LESSONS)


def test_show_me_points_at_a_move_that_completes_the_lesson(tmp_path: Path) -> None:
    driver = Driver("hatmini", tmp_path)
    driver.choose_item("Tutorial")
    driver.confirm()
    screen = driver.app.top
    assert isinstance(screen, GameScreen) and _lesson_on(screen) is LESSONS[0]
    driver.open_menu()
    driver.choose_item("Show me")
    driver.advance(100)
    assert screen.hint in LESSONS[0].goal_moves()


def test_a_finished_tutorial_starts_again_from_the_first_lesson(tmp_path: Path) -> None:
    store_settings(tmp_path, Settings(tutorial_lessons=len(LESSONS)))
    driver = Driver("tabletop", tmp_path)
    driver.choose_item("Tutorial")
    card = driver.app.top
    assert isinstance(card, LessonCard) and card.index == 0
    driver.next_choice()  # skipping again does not undo the finished tutorial
    assert load_settings(tmp_path).tutorial_lessons == len(LESSONS)


@pytest.mark.parametrize("stored", [-1, 100, "3", 2.0, True, None])
def test_damaged_progress_reads_as_none_and_keeps_the_rest(stored: object, tmp_path: Path) -> None:
    document = {"language": "es", "tutorial_lessons": stored}
    (tmp_path / SETTINGS_FILE).write_bytes(encode_line(document))
    assert load_settings(tmp_path) == Settings(language="es")


def test_after_a_lesson_its_menu_offers_no_skip_and_a_goes_on(tmp_path: Path) -> None:
    driver = Driver("tabletop", tmp_path)
    driver.choose_item("Tutorial")
    driver.confirm()
    driver.play(LESSONS[0].goal_moves()[0])
    driver.advance(400 + RESULT_MS)
    assert isinstance(driver.app.top, DoneCard)
    driver.open_menu()
    menu = driver.app.top
    assert isinstance(menu, TutorialMenu)
    assert "Skip lesson" not in [item.label() for item in menu.shown()]
    driver.choose_item("Resume")
    driver.confirm()
    card = driver.app.top
    assert isinstance(card, LessonCard) and card.index == 1
