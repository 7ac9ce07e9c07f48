"""Every screen of the gallery looks as approved, on every profile, in both
languages and both palettes (profile x English/Spanish x normal/colour-blind).

A pixel differs when one of its channels moves by more than ``CHANNEL_SLACK``
(font rasterising smooths edges a little differently from one build to the
next). A picture fails when too many pixels differ in all, or when they crowd
into one small square: a wrong digit on one satellite changes about a tenth of
a percent of the screen, all of it inside its cell. A failing picture leaves
``<name>.actual.png`` and ``<name>.diff.png`` (the differences in magenta over
the approved picture, greyed) in the test's folder, named in the failure.

To approve new pictures after a deliberate change of the look, run this file with
SATELLITES_UPDATE_GOLDEN=1 and look at the PNGs in tests/device/golden/ before committing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest
from app_driver import Driver
from screen_gallery import BUSY_SEED, LOOKS, Look, played_game, render_gallery, shot_file

from device.hardware.profiles import PROFILES
from device.screens.game_screen import start_game
from engine.geometry import cell_at
from engine.pieces import RED, piece

GOLDEN = Path(__file__).parent / "golden"
CHANNEL_SLACK = 48
"""A pixel counts as different when a channel moves by more than this."""
MAX_DIFFERENT = 0.002
"""At most this share of the pixels may differ in all."""
SQUARE = 16
"""The side of the squares (overlapping by half) where differences may not crowd."""
MAX_IN_SQUARE = 16
"""At most this many pixels may differ in any one square (a wrong digit makes 50-110)."""
DIFFERENT = (255, 0, 255)


@dataclass(frozen=True)
class Comparison:
    share: float
    """The share of all pixels that differ."""
    crowded: pygame.Rect | None
    """The square where most pixels differ, when more than allowed do."""
    in_square: int
    """How many pixels differ in that square."""
    different: pygame.mask.Mask

    @property
    def passed(self) -> bool:
        return self.share <= MAX_DIFFERENT and self.crowded is None

    def describe(self) -> str:
        where = (
            f", {self.in_square} of them in the square at {self.crowded}" if self.crowded else ""
        )
        return f"{self.share:.2%} of pixels differ{where}"


def compare(expected: pygame.Surface, actual: pygame.Surface) -> Comparison:
    assert expected.get_size() == actual.get_size()
    width, height = actual.get_size()
    marked = pygame.Surface((width, height))
    marked.fill((0, 0, 0))
    slack = (CHANNEL_SLACK + 1,) * 3 + (255,)  # the threshold is exclusive
    pygame.transform.threshold(marked, actual, None, slack, DIFFERENT, 1, expected, False)
    different = pygame.mask.from_threshold(marked, DIFFERENT, (1, 1, 1, 255))
    square = pygame.mask.Mask((SQUARE, SQUARE), fill=True)
    worst, worst_at = 0, (0, 0)
    if different.count():
        for y in range(0, height, SQUARE // 2):
            for x in range(0, width, SQUARE // 2):
                count = different.overlap_area(square, (x, y))
                if count > worst:
                    worst, worst_at = count, (x, y)
    crowded = pygame.Rect(worst_at, (SQUARE, SQUARE)) if worst > MAX_IN_SQUARE else None
    return Comparison(different.count() / (width * height), crowded, worst, different)


def write_failure(
    folder: Path, name: str, expected: pygame.Surface, actual: pygame.Surface, found: Comparison
) -> list[Path]:
    """The actual picture, and the approved one greyed with the differences in magenta."""
    actual_path = folder / f"{name}.actual.png"
    diff_path = folder / f"{name}.diff.png"
    pygame.image.save(actual, actual_path)
    diff = pygame.transform.grayscale(expected)
    diff.fill((96, 96, 96), special_flags=pygame.BLEND_RGB_MULT)
    found.different.to_surface(diff, setcolor=DIFFERENT, unsetcolor=None)
    if found.crowded is not None:
        pygame.draw.rect(diff, (255, 255, 0), found.crowded.inflate(4, 4), width=1)
    pygame.image.save(diff, diff_path)
    return [actual_path, diff_path]


@pytest.mark.parametrize("look", LOOKS, ids=lambda look: look.name)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_screen_matches_its_approved_picture(
    profile: str, look: Look, tmp_path: Path
) -> None:
    shots = render_gallery(profile, tmp_path / "saves", look=look)
    update = os.environ.get("SATELLITES_UPDATE_GOLDEN") == "1"
    failures = []
    for name, surface in shots.items():
        path = GOLDEN / shot_file(profile, look, name)
        if update:
            GOLDEN.mkdir(exist_ok=True)
            pygame.image.save(surface, path)
            continue
        assert path.exists(), f"no approved picture {path.name}: see this file's docstring"
        expected = pygame.image.load(path)
        found = compare(expected, surface)
        if not found.passed:
            written = write_failure(tmp_path, path.stem, expected, surface, found)
            failures.append(f"{name}: {found.describe()}; see {', '.join(map(str, written))}")
    assert not failures, "\n".join(failures)


def test_no_approved_picture_is_left_without_its_screen(tmp_path: Path) -> None:
    # A profile's gallery shows the same screens in every look: one rendering names them.
    expected = {
        shot_file(profile, look, name)
        for profile in PROFILES
        for name in render_gallery(profile, tmp_path / profile)
        for look in LOOKS
    }
    assert {path.name for path in GOLDEN.glob("*.png")} == expected


def board_with_c4(profile: str, value: int, save_dir: Path) -> pygame.Surface:
    """The gallery's busy game, its c4 made a red satellite of ``value``."""
    driver = Driver(profile, save_dir)
    game = played_game(BUSY_SEED, plies=120)
    game.position.board[cell_at(2, 3)] = piece(RED, value)
    start_game(driver.app, game)
    driver.advance(400)
    driver.app.dirty = True
    driver.app.draw()
    return driver.app.display.surface.copy()


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_one_wrong_satellite_value_fails_and_is_shown(profile: str, tmp_path: Path) -> None:
    two = board_with_c4(profile, 2, tmp_path / "two")
    three = board_with_c4(profile, 3, tmp_path / "three")
    assert compare(two, board_with_c4(profile, 2, tmp_path / "again")).passed
    found = compare(two, three)
    assert found.share <= MAX_DIFFERENT, "a small change: the share alone would pass it"
    assert not found.passed and found.crowded is not None
    c4 = Driver(profile, tmp_path / "layout").app.ui.layout.cell_rect(2, 3)
    assert found.crowded.colliderect(c4), "the square that fails is the satellite's cell"
    actual, diff = write_failure(tmp_path, "c4", two, three, found)
    assert pygame.image.tobytes(pygame.image.load(actual), "RGB") == pygame.image.tobytes(
        three, "RGB"
    )
    marked = pygame.image.load(diff)
    square = found.crowded
    shown = {
        marked.get_at((x, y))[:3]
        for x in range(square.left, square.right)
        for y in range(square.top, square.bottom)
    }
    assert DIFFERENT in shown, "the diff marks the changed pixels"
