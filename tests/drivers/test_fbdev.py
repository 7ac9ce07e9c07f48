"""The panel is lit by the app itself, whatever number the kernel gave its framebuffer."""

from pathlib import Path

import pygame
import pytest
from fake_kernel import FakeFbKernel

from drivers.fbdev import FB_BLANK_UNBLANK, FBIOBLANK, FBIOPAN_DISPLAY, light
from drivers.framebuffer import FramebufferDisplay, FramebufferGeometry, PixelFormat

PANEL = FramebufferGeometry.for_format(PixelFormat.RGB565, 320, 240)


@pytest.fixture(autouse=True)
def _video() -> None:
    pygame.display.init()


def device_file(tmp_path: Path) -> Path:
    path = tmp_path / "fb1"
    path.write_bytes(bytes(PANEL.length))
    return path


def test_opening_the_panel_pans_to_its_screen_then_unblanks_it(tmp_path: Path) -> None:
    kernel = FakeFbKernel(PANEL)
    display = FramebufferDisplay((320, 240), device_file(tmp_path), ioctl=kernel)
    assert kernel.calls == [(FBIOPAN_DISPLAY, kernel.var), (FBIOBLANK, FB_BLANK_UNBLANK)]
    assert display.geometry == PANEL
    assert display.light_problem is None


def test_a_driver_that_refuses_to_pan_is_said_not_fatal(tmp_path: Path) -> None:
    kernel = FakeFbKernel(PANEL, refuse=frozenset({FBIOPAN_DISPLAY}))
    display = FramebufferDisplay((320, 240), device_file(tmp_path), ioctl=kernel)
    assert display.light_problem is not None
    assert "refused" in display.light_problem


def test_light_asks_nothing_more_than_pan_and_unblank() -> None:
    kernel = FakeFbKernel(PANEL)
    assert light(3, kernel) is None
    assert [request for request, _ in kernel.calls] == [FBIOPAN_DISPLAY, FBIOBLANK]


def test_a_pixel_is_encoded_as_the_framebuffer_holds_it() -> None:
    assert PANEL.encode((255, 0, 0)) == (0xF800).to_bytes(2, "little")
    wide = FramebufferGeometry.for_format(PixelFormat.XRGB8888, 4, 4)
    assert wide.encode((1, 2, 3)) == bytes([3, 2, 1, 0])


def test_until_the_first_frame_the_panel_shows_the_background(tmp_path: Path) -> None:
    """The splash gives way to the game's background, never to a black flash."""
    device = device_file(tmp_path)
    FramebufferDisplay((320, 240), device, geometry=PANEL, background=(24, 26, 34))
    assert device.read_bytes() == PANEL.encode((24, 26, 34)) * (320 * 240)
