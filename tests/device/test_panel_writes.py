"""What the app's frames cost on the device's framebuffer: only the changed tiles are written."""

import struct
from pathlib import Path

import pygame
import pytest
from app_driver import Driver
from test_frame_diff import draw_now, record_presents

from device.look.frame_diff import TILE
from drivers.framebuffer import (
    FramebufferDisplay,
    FramebufferGeometry,
    PixelFormat,
    prepare_framebuffer_file,
)


def rgb565_rows(picture: pygame.Surface) -> list[bytes]:
    width, height = picture.get_size()
    rgb = pygame.image.tobytes(picture, "RGB")
    return [
        b"".join(
            struct.pack("<H", (r >> 3) << 11 | (g >> 2) << 5 | b >> 3)
            for r, g, b in zip(*[iter(rgb[y * width * 3 : (y + 1) * width * 3])] * 3, strict=True)
        )
        for y in range(height)
    ]


def panel(tmp_path: Path, size: tuple[int, int]) -> tuple[FramebufferDisplay, Path]:
    geometry = FramebufferGeometry.for_format(PixelFormat.RGB565, *size)
    device = tmp_path / "fb0"
    prepare_framebuffer_file(device, geometry)
    return FramebufferDisplay(size, device, 0, geometry), device


@pytest.mark.parametrize(("profile", "step"), [("tabletop", "RIGHT"), ("lcdhat", "DOWN")])
def test_a_cursor_step_writes_only_the_tiles_it_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, profile: str, step: str
) -> None:
    display, device = panel(tmp_path, {"tabletop": (480, 320), "lcdhat": (240, 240)}[profile])
    driver = Driver(profile, tmp_path / "saves", display=display)
    driver.new_game("two players")
    driver.advance(1000)
    draw_now(driver)
    before, written = device.read_bytes(), display.bytes_written
    presented = record_presents(driver, monkeypatch)
    driver.tap(step)
    draw_now(driver)
    rects = [rect for frame in presented for rect in frame]
    area = sum(rect.w * rect.h for rect in rects)
    assert display.bytes_written - written == area * 2
    width, height = display.surface.get_size()
    assert TILE * TILE <= area <= width * height // 10
    after = device.read_bytes()
    for offset in (i for i in range(len(after)) if after[i] != before[i]):
        pixel = pygame.Rect((offset // 2) % width, (offset // 2) // width, 1, 1)
        assert pixel.collidelist(rects) != -1
    rows = [after[y * width * 2 : (y + 1) * width * 2] for y in range(height)]
    assert rows == rgb565_rows(display.surface)


def test_after_a_move_the_panel_shows_the_frame(tmp_path: Path) -> None:
    display, device = panel(tmp_path, (320, 240))
    driver = Driver("hatmini", tmp_path / "saves", display=display)
    screen = driver.new_game("two players")
    draw_now(driver)
    full = display.bytes_written
    written = display.bytes_written
    selection = screen.selection
    assert selection is not None
    driver.play(selection.moves[0])
    driver.advance(1000)
    draw_now(driver)
    assert 0 < display.bytes_written - written < full
    data = device.read_bytes()
    assert [data[y * 640 : (y + 1) * 640] for y in range(240)] == rgb565_rows(display.surface)
