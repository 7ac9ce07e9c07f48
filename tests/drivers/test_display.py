"""The SDL display backends: rotation and scaling done in software, headless frames."""

import os

import pygame
import pytest

from drivers.display import FullScreenDisplay, HeadlessDisplay, WindowDisplay, display_available

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.fixture(autouse=True)
def _video() -> None:
    pygame.display.init()


def _marked(display: HeadlessDisplay | WindowDisplay) -> None:
    """A red pixel in the logical top-left corner."""
    display.surface.fill((0, 0, 0))
    display.surface.set_at((0, 0), (255, 0, 0))


@pytest.mark.parametrize(
    ("rotation", "corner"),
    [(0, (0, 0)), (90, (239, 0)), (180, (319, 239)), (270, (0, 319))],
)
def test_rotation_turns_the_picture_clockwise(rotation: int, corner: tuple[int, int]) -> None:
    display = HeadlessDisplay((320, 240), rotation)
    _marked(display)
    frame = display.last_frame()
    assert frame.get_size() == ((320, 240) if rotation in (0, 180) else (240, 320))
    assert frame.get_at(corner)[:3] == (255, 0, 0)


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_dirty_rectangles_follow_the_rotation_and_scale(rotation: int) -> None:
    display = WindowDisplay((320, 240), scale=2, rotation=rotation)
    _marked(display)
    (rect,) = display._output_rects([pygame.Rect(0, 0, 1, 1)])
    frame = display._frame()
    assert frame.get_at(rect.topleft)[:3] == (255, 0, 0)
    assert rect.size == (2, 2)


def _window() -> pygame.Surface:
    window = pygame.display.get_surface()
    assert window is not None
    return window


def test_a_window_is_the_scaled_rotated_size_and_shows_the_picture() -> None:
    WindowDisplay((240, 240), scale=3)
    assert _window().get_size() == (720, 720)
    wide = WindowDisplay((480, 320), scale=1, rotation=90)
    assert _window().get_size() == (320, 480)
    _marked(wide)
    wide.present([wide.surface.get_rect()])
    assert _window().get_at((319, 0))[:3] == (255, 0, 0)


def test_bad_rotation_and_scale_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="rotation"):
        HeadlessDisplay((240, 240), rotation=45)
    with pytest.raises(ValueError, match="scale"):
        WindowDisplay((240, 240), scale=0)


def test_no_display_is_reported_under_the_dummy_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert not display_available()
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert not display_available()
    monkeypatch.setenv("DISPLAY", ":0")
    assert display_available()


@pytest.mark.parametrize(
    ("mode", "scale", "offset"), [((1920, 1080), 3, (240, 60)), ((1024, 768), 2, (32, 64))]
)
def test_full_screen_scales_whole_centred_on_the_background(
    mode: tuple[int, int], scale: int, offset: tuple[int, int]
) -> None:
    background = (24, 26, 34)
    display = FullScreenDisplay((480, 320), background=background, mode=mode)
    display.surface.fill((200, 10, 10))
    display.surface.set_at((479, 319), (0, 0, 255))
    display.present([display.surface.get_rect()])
    window = _window()
    assert window.get_size() == mode
    left, top = offset
    right, bottom = left + 480 * scale, top + 320 * scale
    assert window.get_at((left, top))[:3] == (200, 10, 10)
    assert window.get_at((right - scale, bottom - scale))[:3] == (0, 0, 255)
    assert window.get_at((right - scale - 1, bottom - 1))[:3] == (200, 10, 10)
    for corner in ((0, 0), (left - 1, top), (right, bottom - 1), (mode[0] - 1, mode[1] - 1)):
        assert window.get_at(corner)[:3] == background


def test_full_screen_fits_the_turned_picture() -> None:
    display = FullScreenDisplay((480, 320), rotation=0, mode=(1920, 1080))
    assert display.output_size() == (1440, 960)
    display.set_rotation(90)  # on its side, 320 wide and 480 high: only 2 fit in 1080
    assert display.output_size() == (640, 960)
