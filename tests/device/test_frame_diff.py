"""Only what changed on screen is sent to the display."""

from collections.abc import Sequence
from pathlib import Path

import pygame
import pytest
from app_driver import Driver

from device.look.frame_diff import FrameDiff


def test_an_unchanged_frame_sends_nothing_and_a_small_change_sends_its_tile() -> None:
    surface = pygame.Surface((320, 240))
    diff = FrameDiff()
    assert sum(r.w * r.h for r in diff.changed(surface)) == 320 * 240
    assert diff.changed(surface) == []
    surface.fill((255, 0, 0), pygame.Rect(40, 40, 3, 3))
    assert diff.changed(surface) == [pygame.Rect(32, 32, 32, 32)]


def record_presents(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> list[list[pygame.Rect]]:
    """Every list of rectangles the app presents from now on."""
    presented: list[list[pygame.Rect]] = []
    original = driver.app.display.present

    def record(dirty: Sequence[pygame.Rect]) -> None:
        presented.append(list(dirty))
        original(dirty)

    monkeypatch.setattr(driver.app.display, "present", record)
    return presented


def draw_now(driver: Driver) -> None:
    driver.app.dirty = True  # the test driver skips drawing; draw this one frame
    driver.app.draw()


def test_moving_the_cursor_presents_a_small_part_of_the_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = Driver("tabletop", tmp_path)
    driver.new_game("two players")
    driver.advance(1000)
    draw_now(driver)
    presented = record_presents(driver, monkeypatch)
    driver.tap("RIGHT")
    draw_now(driver)
    area = sum(r.w * r.h for frame in presented for r in frame)
    assert 0 < area < 480 * 320 // 4


def test_a_rotation_presents_the_whole_screen_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = Driver("lcdhat", tmp_path)
    draw_now(driver)
    presented = record_presents(driver, monkeypatch)
    driver.app.settings.rotation = 90
    driver.app.settings_changed()
    driver.app.draw()
    assert sum(r.w * r.h for r in presented[-1]) == 240 * 240
