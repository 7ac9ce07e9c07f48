"""The one rule for text: whatever a peer, a file or the system says is drawn, never a crash."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from app_driver import Driver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_link_setup import Connector, failed_start

from device.journal.archive import ArchivedGame
from device.link.events import LinkProblem
from device.link.interface import LinkSession
from device.look.drawable import REPLACEMENT, drawable
from device.look.link_panel import draw_link_panel
from device.play.game import Game, GameSetup, Mode
from device.play.replay import Outcome, Replay
from device.screens.dialogs import MessageScreen
from device.screens.link_screens import LinkPlan, LinkWaitScreen
from device.screens.past_games_screen import PastGamesScreen
from device.screens.replay_screen import ReplayScreen

PROFILES = ("hatmini", "lcdhat", "tabletop")
HOSTILE = st.one_of(
    st.text(st.characters(codec=None, exclude_categories=())),
    st.binary().map(os.fsdecode),  # a file name that is not UTF-8: lone surrogates
    st.sampled_from(["bye\x00now", "\ud800", "\u202e", "\ufe0f", "\u200b", "a\nb\x1b[2J"]),
)


def test_drawable_shows_every_undrawable_character_as_a_replacement() -> None:
    assert drawable("bye\x00now") == f"bye{REPLACEMENT}now"
    assert drawable("caf\udce9") == f"caf{REPLACEMENT}"
    assert drawable(b"caf\xe9") == f"caf{REPLACEMENT}"
    assert drawable("Partida añadida") == "Partida añadida"
    assert drawable("x" * 100_000).endswith("\u2026") and len(drawable("x" * 100_000)) < 5000


class Crashing(Connector):
    """A connector with a fault of its own, whose words are anything but the player's."""

    def open(self) -> LinkSession:
        self.release.wait(5)
        raise RuntimeError("bye\x00now")


def test_a_connection_that_fails_on_a_fault_says_so_in_the_players_words(tmp_path: Path) -> None:
    driver = failed_start("lcdhat", tmp_path, Crashing())
    message = driver.app.top
    assert isinstance(message, MessageScreen) and "bye" not in message.words
    assert driver.app.ui.t(LinkProblem.FAILED) in message.words
    driver.app.dirty = True
    assert driver.app.draw()


_drivers: dict[str, Driver] = {}


def driver_for(profile: str, folder: Path) -> Driver:
    """One app a profile for the whole property test (making one takes a while)."""
    if profile not in _drivers:
        _drivers[profile] = Driver(profile, folder)
    return _drivers[profile]


class Waiting:
    """A link attempt still waiting (the waiting screen only asks that)."""

    finished = False


def draw_every_text_path(driver: Driver, words: str, raw: bytes) -> None:
    app, ui = driver.app, driver.app.ui
    surface = pygame.Surface(ui.profile.size)
    font = ui.font()
    for text in (words, raw):
        font.render(text, True, ui.palette.text)
        ui.font(bold=True).size(text)
    lines = [*ui.wrap(words, font, 100), ui.fit(words, font, 80)]
    ui.draw_lines(surface, lines, ui.heading_font(words, 100), (0, 0), centred_in=100)
    ui.draw_title(surface, words)
    MessageScreen(app, words).draw(surface)
    MessageScreen(app, ui.t("msg.save_lost", reason=words)).draw(surface)
    draw_link_panel(surface, ui, words, [words, words])
    LinkWaitScreen(app, Waiting(), LinkPlan(words, "host")).draw(surface)  # type: ignore[arg-type]
    past = PastGamesScreen(app)
    game = Game.new(3, GameSetup(mode=Mode.HOTSEAT), (words, words), words)
    named = Path("/saves/finished") / (words.replace("/", "") or "x")
    past.games = [
        ArchivedGame(named, words, words, words, None, Outcome(winner=0)),
        ArchivedGame(named, problem=words),
    ]
    past.draw(surface)
    ReplayScreen(app, Replay.of(game), None).draw(surface)


@pytest.mark.parametrize("profile", PROFILES)
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(words=HOSTILE, raw=st.binary())
def test_any_text_from_anywhere_is_drawn_on_every_screen_without_an_exception(
    profile: str, tmp_path: Path, words: str, raw: bytes
) -> None:
    draw_every_text_path(driver_for(profile, tmp_path), words, raw)
