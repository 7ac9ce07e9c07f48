"""Every message, question and panel over the game fits its box on every profile in
both languages, and none shows the system's own words for an error (an errno, a
path): those go to the log.

The messages and questions are found in the source: every i18n key named in a
call that shows a message (``show_message``, ``Notice``, ``failure``) or asks a
question (``ConfirmScreen``, a menu's ``_confirm``), so a new one is checked too.
Each is filled with the longest words its placeholders can hold.
"""

from __future__ import annotations

import ast
import errno
import logging
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_driver import Driver
from screen_gallery import BUSY_SEED, played_game

from device.hardware.profiles import PROFILES
from device.i18n import LANGUAGES, STRINGS
from device.journal.kept_settings import MOST_NAMED
from device.journal.notice import Reason, file_name
from device.link.events import LinkStateName
from device.look.link_panel import link_panel, link_panel_fits
from device.play.settings import CHOICES, PROGRESS
from device.play.tutorial import LESSONS
from device.screens.dialogs import ConfirmScreen, MessageScreen
from device.screens.game_screen import start_game
from device.screens.settings_screens import KeepRotationScreen

ROOT = Path(__file__).resolve().parents[2]
SHOWING = {"show_message", "Notice", "failure"}
ASKING = {"ConfirmScreen", "_confirm"}
LONG_FILE = file_name("a file someone copied into the save folder by hand.journal")
LINK_PROBLEM = "The other device plays another version of the game."
"""A problem as the link states it (the link's own messages are checked where they are made)."""


def _called(node: ast.Call) -> str:
    function = node.func
    if isinstance(function, ast.Attribute):
        return function.attr
    return function.id if isinstance(function, ast.Name) else ""


def keys_in_source(calls: set[str]) -> set[str]:
    """The i18n keys written inside calls to one of ``calls`` in the app and the launcher."""
    found: set[str] = set()
    for folder in ("device", "deploy"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and _called(node) in calls:
                    found |= {
                        inner.value
                        for inner in ast.walk(node)
                        if isinstance(inner, ast.Constant) and inner.value in STRINGS
                    }
    return found


def _setting_labels(driver: Driver) -> str:
    """The longest list of refused settings a message names."""
    t = driver.app.ui.t
    labels = [
        t("title.tutorial" if n in PROGRESS else f"settings.{n}") for n in [*CHOICES, *PROGRESS]
    ]
    return ", ".join(sorted(labels, key=len)[-MOST_NAMED:])


def fillings(key: str, driver: Driver) -> Iterator[dict[str, object]]:
    """Every value each of ``key``'s placeholders may show, in as few sets as that takes."""
    t = driver.app.ui.t
    english, _ = STRINGS[key]
    wanted = {name for _, name, _, _ in string.Formatter().parse(english) if name}
    hints = sorted({t(lesson.key("wrong")) for lesson in LESSONS} | {t("tutorial.no_connection")})
    choices: dict[str, list[object]] = {
        "reason": [t(reason) for reason in Reason],
        "file": [LONG_FILE],
        "count": [99],
        "names": [_setting_labels(driver)],
        "problem": [LINK_PROBLEM],
        "hint": [*hints],
    }
    missing = wanted - choices.keys()
    assert not missing, f"{key}: no sample for {missing}"
    if not wanted:
        yield {}
        return
    longest = max(len(choices[name]) for name in wanted)
    for index in range(longest):
        yield {name: choices[name][min(index, len(choices[name]) - 1)] for name in wanted}


def test_the_source_names_the_messages_and_questions_this_test_checks() -> None:
    messages = keys_in_source(SHOWING)
    assert {"msg.settings_reset", "msg.save_failed", "tutorial.wrong", "link.failed"} <= messages
    assert {"confirm.resign", "confirm.to_title", "power.title"} <= keys_in_source(ASKING)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_message_and_question_fits_its_box(
    profile: str, language: str, tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path)
    app = driver.app
    app.settings.language = language
    t = app.ui.t
    too_big = []
    for key in sorted(keys_in_source(SHOWING)):
        for values in fillings(key, driver):
            words = t(key, **values)
            if not MessageScreen(app, words).fits():
                too_big.append(words)
    for key in sorted(keys_in_source(ASKING)):
        if not ConfirmScreen(app, t(key), lambda: None).fits():
            too_big.append(t(key))
    app.settings.rotation = 90
    app.apply_settings()
    if not KeepRotationScreen(app, 0).fits():
        too_big.append(t("rotation.keep"))
    assert not too_big


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_link_panels_fit_over_the_board_and_name_the_menu_button(
    profile: str, language: str, tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path)
    app = driver.app
    app.settings.language = language
    ui = app.ui
    for rotation in (0, 90, 180, 270):
        app.settings.rotation = rotation
        for title, lines in (
            (ui.t("link.lost_title"), [ui.t("link.lost_body")]),
            (ui.t("link.stopped_title"), [LINK_PROBLEM]),
        ):
            panel = link_panel(ui, title, lines)
            assert link_panel_fits(ui, panel), (rotation, title)
            assert panel.button.does == "help.menu"


@pytest.mark.parametrize("rotation", [0, 90])
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_link_lost_leaves_the_menu_buttons_name_in_sight(
    profile: str, rotation: int, tmp_path: Path
) -> None:
    """The panel covers the board, never the HUD or the key column naming the menu."""
    driver = Driver(profile, tmp_path)
    app = driver.app
    app.settings.rotation = rotation
    start_game(app, played_game(BUSY_SEED, plies=120))
    screen = driver.game_screen()
    screen.match.link_status = LinkStateName.LOST
    panel = link_panel(app.ui, app.ui.t("link.lost_title"), [app.ui.t("link.lost_body")])
    assert screen.controls() == [panel.button], "only the menu does anything now"
    layout = app.ui.layout
    named_at = layout.keys if layout.keys.w else layout.hud
    assert not named_at.colliderect(panel.box), "the menu's name is covered"


def _saves_in_a_file(tmp_path: Path) -> Path:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the save folder should be")
    return blocker / "saves"


class RefusingPower:
    def power_off(self) -> None:
        raise PermissionError(errno.EACCES, "Interactive authentication required", "logind")


def _shown(driver: Driver) -> list[MessageScreen]:
    return [screen for screen in driver.app.screens if isinstance(screen, MessageScreen)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_no_system_error_text_reaches_the_screen_and_the_log_keeps_it(
    profile: str, language: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    settings = tmp_path / "damaged"
    settings.mkdir()
    (settings / "settings.json").write_bytes(b"\x00garbage\xff")
    messages: list[MessageScreen] = []
    for folder in (_saves_in_a_file(tmp_path), settings):
        driver = Driver(profile, folder)
        driver.app.settings.language = language
        messages += _shown(driver)
    driver = Driver(profile, tmp_path / "power", power=RefusingPower())
    driver.app.settings.language = language
    driver.choose_item(driver.app.ui.t("menu.power_off"))
    driver.choose_item(driver.app.ui.t("confirm.yes"))
    messages += _shown(driver)
    assert len(messages) >= 3
    for message in messages:
        words = message.words
        assert "Errno" not in words and "/" not in words and "[" not in words, words
        assert "authentication" not in words, words
        assert message.fits(), words
    logged = caplog.text
    assert "Not a directory" in logged and "Interactive authentication required" in logged
