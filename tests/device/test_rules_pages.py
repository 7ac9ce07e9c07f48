"""The rules' diagrams show every colony total, clear of the marks, on every profile;
the words give the counts the engine plays by."""

from pathlib import Path
from typing import Any

import pygame
import pytest
from app_driver import Driver

from device.hardware.profiles import PROFILES
from device.i18n import LANGUAGES, RULE_PAGES, text
from device.look.board_view import BoardMarks, cell_centre, colony_chips, draw_board
from device.look.layout import Layout
from device.look.pages import sentences
from device.screens import rules_screen
from device.screens.rules_screen import RulesScreen
from engine.position import Position
from engine.rules import SEED, STANDARD
from engine.scoring import groups

Drawn = tuple[Layout, Position, BoardMarks]


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_diagram_shows_each_colony_total_clear_of_the_marks(
    profile: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[Drawn] = []
    real = draw_board

    def recording(
        surface: pygame.Surface,
        layout: Layout,
        palette: Any,
        fonts: Any,
        position: Position,
        marks: BoardMarks,
    ) -> None:
        drawn.append((layout, position, marks))
        real(surface, layout, palette, fonts, position, marks)

    monkeypatch.setattr(rules_screen, "draw_board", recording)
    driver = Driver(profile, tmp_path)
    app = driver.app
    rules = RulesScreen(app)
    app.push(rules)
    for page in range(1, RULE_PAGES + 1):
        rules.page, rules.part = page, 0
        while True:
            app.dirty = True
            app.draw()
            if rules.part + 1 >= rules.parts_count():
                break
            rules.part += 1
    assert drawn
    for layout, position, marks in drawn:
        colonies = [group for group in groups(position) if group.is_colony]
        chips = colony_chips(layout, app.ui.fonts, app.ui.palette, position, marks)
        assert len(chips) == len(colonies), "a total is missing"
        radius = layout.disc_radius(layout.cell)
        marked = [
            pygame.Rect(cell_centre(layout, cell), (0, 0)).inflate(radius, radius)
            for cell in (*marks.targets, *marks.landings)
        ]
        for _, rect, _ in chips:
            assert layout.view.contains(rect), "a total is cut off by its diagram's frame"
            assert rect.collidelist(marked) < 0, "a total sits on a mark"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_words_give_the_counts_the_engine_plays_by(language: str) -> None:
    """A stall's 20 moves and the no-progress end's 100, each also as moves each player
    makes, wherever the rules pages, the end of a game and the tutorial say them."""
    stall, no_progress = STANDARD.opening_plies, STANDARD.quiet_limit
    assert stall and SEED.quiet_limit == no_progress
    for key in ("rules.8.text", "lesson.stall.text"):
        assert f"{stall} " in text(language, key) and f"({stall // 2} " in text(language, key)
    for key in ("rules.6.text", "end.reason.4"):
        words = text(language, key)
        assert f"{no_progress} " in words and f"({no_progress // 2} " in words


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_sentence_stays_on_one_screenful_and_no_picture_stands_without_words(
    profile: str, language: str, tmp_path: Path
) -> None:
    """On the 240-pixel panel a page takes several screenfuls: each ends at the end of
    a sentence, and each diagram shares its screenful with a sentence of its page."""
    app = Driver(profile, tmp_path).app
    app.settings.language = language
    rules = RulesScreen(app)
    for page in range(1, RULE_PAGES + 1):
        rules.page = page
        screenfuls = rules.screenfuls()
        shown = [" ".join(block.words for block in part if block.words) for part in screenfuls]
        for sentence in sentences(app.ui.t(f"rules.{page}.text")):
            assert any(sentence in words for words in shown), (page, sentence, shown)
        for words in shown:
            assert words, f"page {page}: a screenful with a picture and no words"
