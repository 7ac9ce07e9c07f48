"""The HUD under the board (lcdhat) keeps the status line (the turn's dot, the
connected count, the connections' state) and the prompt in sight, every profile
shows the counts a player plays by, and names the button that does what a prompt
asks."""

from collections.abc import Callable
from pathlib import Path

import pytest
from app_driver import Driver
from drawn_words import screen_words, squeezed
from screen_gallery import DECIDED_SEED, at_landing, on_destination, played_game
from stalls import stalled_game

from device.app import App
from device.hardware.profiles import PROFILES
from device.i18n import LANGUAGES
from device.look.hud import HudItem, draw_hud, headline_items, lines_below, status_item
from device.screens.game_screen import GameScreen, start_game
from engine.moves import CONNECTION
from engine.notation import parse_move
from engine.rules import SEED, STANDARD
from engine.scoring import score

GRACE_PLY = 121
"""Random play from ``DECIDED_SEED`` has grace moves to play at this ply."""


def test_under_the_board_the_status_and_the_prompt_stay_with_grace_moves(tmp_path: Path) -> None:
    driver = Driver("lcdhat", tmp_path)
    app = driver.app
    assert not app.ui.layout.side_panel
    game = played_game(DECIDED_SEED, plies=GRACE_PLY)
    assert game.position.grace > 0
    start_game(app, game)
    screen = app.top
    assert isinstance(screen, GameScreen)
    screen.refusal = "hud.why.not_yours"
    words = screen.prompt()
    assert words == app.ui.t("hud.why.not_yours")

    prompt = HudItem(words, app.ui.palette.cursor)
    headline = headline_items(app.ui, game.position, prompt)
    shown, bar = lines_below(app.ui, headline, prompt, screen.controls())
    assert shown[0] == status_item(app.ui, game.position)
    assert shown[0].dot == app.ui.palette.players[game.position.side], "the turn's dot"
    assert f"\u26a1{game.position.grace}" in shown[0].words, "the grace moves left"
    assert words in [item.words for item in shown]
    layout = app.ui.layout
    assert (len(shown) + bar) * layout.line <= layout.hud.h, "every line fits under the board"
    for item in shown:
        assert app.ui.font().size(item.words)[0] <= layout.width - 2, item.words


STATES = {
    "closed": (8, STANDARD, "hud.closed_opens", "hud.opens_in"),
    "stalled": (25, STANDARD, "hud.open_stall", "hud.open_short"),
    "seed": (37, SEED, "hud.closed_ends", "hud.ends_in"),
}
"""Plies of stall, rules, and the words (long and short) for the connections."""


@pytest.mark.parametrize("state", sorted(STATES))
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_profile_shows_the_count_the_connections_and_the_colonies(
    profile: str, language: str, state: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On the game screen of every device, in words of the legible size: how many are
    connected, whether connections are open and, while every edge is held, how many
    plies until a stall opens them or the game ends; and the colonies each controls."""
    stalled, rules, long, short = STATES[state]
    driver = Driver(profile, tmp_path)
    app = driver.app
    app.settings.language = language
    game = stalled_game(stalled, rules)
    position = game.position
    counted = {
        "closed": position.plies_until_stall_opens(),
        "stalled": position.plies_until_stall_opens(),
        "seed": position.plies_until_no_progress(),
    }
    plies = counted[state]
    assert plies == {"closed": 12, "stalled": 0, "seed": 63}[state]
    start_game(app, game)
    driver.advance(400)
    words = screen_words(app, monkeypatch)
    shown = words.text()
    t = app.ui.t
    counts = score(position).counts
    assert f"{position.connected_total()}/23" in shown
    forms = [squeezed(t(key, plies=plies)) for key in (long, short)]
    assert any(form in shown for form in forms), (forms, shown)
    colonies = (
        squeezed(t("hud.colonies", red=counts[0], blue=counts[1])),
        f"{counts[0]}-{counts[1]}",
    )
    assert any(form in shown for form in colonies), (colonies, shown)
    assert min(size for _, size in words.drawn) >= app.ui.layout.text_size


def _on_a_connection(app: App) -> GameScreen:
    """The cursor on a destination that connects: the prompt previews the move."""
    return on_destination(app, CONNECTION)


@pytest.mark.parametrize("reach", [at_landing, _on_a_connection], ids=["landing", "preview"])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_prompt_never_hides_the_button_that_answers_it(
    profile: str, language: str, reach: Callable[[App], GameScreen], tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path)
    app = driver.app
    app.settings.language = language
    screen = reach(app)
    words = screen.prompt()
    assert words, "the screen asks something"
    action = screen.controls()[0]
    prompt = HudItem(words, app.ui.palette.cursor)
    named = draw_hud(app.display.surface, app.ui, screen.game.position, prompt, screen.controls())
    assert action in named, f"{app.ui.t(action.does)!r} is not named under {words!r}"


def test_under_the_board_the_stall_counts_down_and_then_connections_open(tmp_path: Path) -> None:
    driver = Driver("lcdhat", tmp_path)
    app = driver.app
    start_game(driver.app, stalled_game(17))
    screen = driver.game_screen()
    position = screen.game.position

    def status() -> str:
        return status_item(app.ui, position).words

    for move, left in (("h8-h7", 3), ("h3-h2", 2), ("h7-h8", 1)):
        assert app.ui.t("hud.opens_in", plies=left) in status()
        assert not position.connections_open()
        driver.play(parse_move(position, move))
    assert position.connections_open() and not position.free_edges()
    assert app.ui.t("hud.open_short") in status(), "a stall has opened them"
