"""The framebuffer backend, on a regular file laid out as the kernel's /dev/fbN."""

import random
import struct
from pathlib import Path

import pygame
import pytest

from drivers.display import HeadlessDisplay
from drivers.framebuffer import (
    FramebufferDisplay,
    FramebufferError,
    FramebufferGeometry,
    PixelFormat,
    prepare_framebuffer_file,
)

PADDING = 0xA5


@pytest.fixture(autouse=True)
def _video() -> None:
    pygame.display.init()


def speckled(size: tuple[int, int], seed: int = 7) -> pygame.Surface:
    """A picture where every pixel differs from its neighbours, so a misplaced one shows."""
    surface = pygame.Surface(size)
    rng = random.Random(seed)
    for y in range(size[1]):
        for x in range(size[0]):
            surface.set_at((x, y), (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    return surface


def encode(colour: pygame.typing.ColorLike, pixel_format: PixelFormat) -> bytes:
    """One pixel as the kernel's RGB565 or XRGB8888 framebuffer holds it (little-endian)."""
    red, green, blue = pygame.Color(colour).rgb
    if pixel_format is PixelFormat.RGB565:
        return struct.pack("<H", (red >> 3) << 11 | (green >> 2) << 5 | blue >> 3)
    return struct.pack("<I", red << 16 | green << 8 | blue)


def expected_rows(picture: pygame.Surface, pixel_format: PixelFormat) -> list[bytes]:
    width, height = picture.get_size()
    return [
        b"".join(encode(picture.get_at((x, y)), pixel_format) for x in range(width))
        for y in range(height)
    ]


def framebuffer_file(path: Path, geometry: FramebufferGeometry) -> Path:
    """A stand-in for /dev/fbN whose row padding holds a marker the backend must not touch."""
    path.write_bytes(bytes([PADDING]) * geometry.length)
    return path


def rows_of(path: Path, geometry: FramebufferGeometry) -> list[bytes]:
    data = path.read_bytes()
    return [
        data[y * geometry.line_length : (y + 1) * geometry.line_length]
        for y in range(geometry.height)
    ]


@pytest.mark.parametrize("pixel_format", list(PixelFormat))
@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_the_file_holds_the_turned_picture_pixel_for_pixel(
    tmp_path: Path, pixel_format: PixelFormat, rotation: int
) -> None:
    logical = (48, 32)
    panel = (48, 32) if rotation in (0, 180) else (32, 48)
    geometry = FramebufferGeometry.for_format(pixel_format, *panel)
    path = framebuffer_file(tmp_path / "fb0", geometry)
    display = FramebufferDisplay(logical, path, rotation, geometry)
    picture = speckled(logical)
    display.surface.blit(picture, (0, 0))
    display.present([display.surface.get_rect()])
    reference = HeadlessDisplay(logical, rotation)
    reference.surface.blit(picture, (0, 0))
    assert rows_of(path, geometry) == expected_rows(reference.last_frame(), pixel_format)


@pytest.mark.parametrize("pixel_format", list(PixelFormat))
def test_a_padded_stride_leaves_the_padding_alone(
    tmp_path: Path, pixel_format: PixelFormat
) -> None:
    geometry = FramebufferGeometry.for_format(pixel_format, 40, 30, line_length=256)
    path = framebuffer_file(tmp_path / "fb0", geometry)
    display = FramebufferDisplay((40, 30), path, 0, geometry)
    picture = speckled((40, 30), seed=3)
    display.surface.blit(picture, (0, 0))
    display.present([display.surface.get_rect()])
    row = 40 * geometry.bytes_per_pixel
    rows = rows_of(path, geometry)
    assert [r[:row] for r in rows] == expected_rows(picture, pixel_format)
    assert all(r[row:] == bytes([PADDING]) * (256 - row) for r in rows)


def test_only_the_changed_tile_is_written(tmp_path: Path) -> None:
    geometry = FramebufferGeometry.for_format(PixelFormat.RGB565, 320, 240)
    path = framebuffer_file(tmp_path / "fb0", geometry)
    display = FramebufferDisplay((320, 240), path, 0, geometry)
    before = path.read_bytes()
    written = display.bytes_written
    display.surface.fill((255, 255, 255), pygame.Rect(64, 32, 32, 32))
    display.surface.fill((0, 255, 0), pygame.Rect(0, 0, 8, 8))  # drawn but not presented
    display.present([pygame.Rect(64, 32, 32, 32)])
    assert display.bytes_written - written == 32 * 32 * 2
    after = path.read_bytes()
    changed = {offset for offset in range(len(after)) if after[offset] != before[offset]}
    expected = {
        y * 640 + x * 2 + byte for y in range(32, 64) for x in range(64, 96) for byte in (0, 1)
    }
    assert changed == expected


@pytest.mark.parametrize(
    ("output", "scale", "offset"), [((1920, 1080), 3, (240, 60)), ((1024, 768), 2, (32, 64))]
)
def test_a_large_screen_shows_the_picture_scaled_whole_and_centred(
    tmp_path: Path, output: tuple[int, int], scale: int, offset: tuple[int, int]
) -> None:
    geometry = FramebufferGeometry.for_format(PixelFormat.XRGB8888, *output)
    path = framebuffer_file(tmp_path / "fb0", geometry)
    background = (24, 26, 34)
    display = FramebufferDisplay((480, 320), path, 0, geometry, background)
    display.surface.fill((200, 10, 10))
    display.surface.set_at((479, 319), (0, 0, 255))
    display.present([display.surface.get_rect()])
    rows = rows_of(path, geometry)

    def pixel(x: int, y: int) -> bytes:
        return rows[y][x * 4 : x * 4 + 4]

    left, top = offset
    right, bottom = left + 480 * scale, top + 320 * scale
    assert pixel(left, top) == encode((200, 10, 10), PixelFormat.XRGB8888)
    assert pixel(right - 1, bottom - 1) == encode((0, 0, 255), PixelFormat.XRGB8888)
    assert pixel(right - scale, bottom - scale) == encode((0, 0, 255), PixelFormat.XRGB8888)
    assert pixel(right - scale - 1, bottom - 1) == encode((200, 10, 10), PixelFormat.XRGB8888)
    border = encode(background, PixelFormat.XRGB8888)
    for x, y in ((0, 0), (left - 1, top), (right, bottom - 1), (output[0] - 1, output[1] - 1)):
        if 0 <= x < output[0] and 0 <= y < output[1]:
            assert pixel(x, y) == border


def test_turning_the_picture_rewrites_the_whole_screen(tmp_path: Path) -> None:
    geometry = FramebufferGeometry.for_format(PixelFormat.RGB565, 240, 240)
    path = framebuffer_file(tmp_path / "fb0", geometry)
    display = FramebufferDisplay((240, 240), path, 0, geometry)
    picture = speckled((240, 240), seed=5)
    display.surface.blit(picture, (0, 0))
    display.present([display.surface.get_rect()])
    display.set_rotation(90)
    reference = HeadlessDisplay((240, 240), 90)
    reference.surface.blit(picture, (0, 0))
    assert rows_of(path, geometry) == expected_rows(reference.last_frame(), PixelFormat.RGB565)


def test_problems_are_refused_with_a_reason(tmp_path: Path) -> None:
    with pytest.raises(FramebufferError, match="cannot open"):
        FramebufferDisplay((240, 240), tmp_path / "missing")
    not_a_framebuffer = tmp_path / "plain"
    not_a_framebuffer.write_bytes(bytes(100))
    with pytest.raises(FramebufferError, match="not a framebuffer"):
        FramebufferDisplay((240, 240), not_a_framebuffer)
    small = FramebufferGeometry.for_format(PixelFormat.RGB565, 160, 128)
    with pytest.raises(FramebufferError, match="smaller than the game's 240x240"):
        FramebufferDisplay((240, 240), framebuffer_file(tmp_path / "fb1", small), 0, small)
    with pytest.raises(FramebufferError, match="stride"):
        FramebufferGeometry.for_format(PixelFormat.XRGB8888, 240, 240, line_length=900)
    short = FramebufferGeometry.for_format(PixelFormat.RGB565, 240, 240)
    (tmp_path / "fb2").write_bytes(bytes(1000))
    with pytest.raises(FramebufferError, match="less than"):
        FramebufferDisplay((240, 240), tmp_path / "fb2", 0, short)


def test_the_simulators_file_gets_the_framebuffers_size(tmp_path: Path) -> None:
    geometry = FramebufferGeometry.for_format(PixelFormat.XRGB8888, 320, 240, line_length=1344)
    path = tmp_path / "fb"
    prepare_framebuffer_file(path, geometry)
    assert path.stat().st_size == 1344 * 240


def test_a_wide_picture_turned_on_a_wide_panel_shows_its_middle(tmp_path: Path) -> None:
    geometry = FramebufferGeometry.for_format(PixelFormat.RGB565, 320, 240)
    path = framebuffer_file(tmp_path / "fb0", geometry)
    display = FramebufferDisplay((320, 240), path, 0, geometry)
    picture = speckled((320, 240), seed=9)
    display.surface.blit(picture, (0, 0))
    display.set_rotation(90)
    reference = HeadlessDisplay((320, 240), 90)
    reference.surface.blit(picture, (0, 0))
    middle = reference.last_frame().subsurface(pygame.Rect(0, 40, 240, 240))
    rows = rows_of(path, geometry)
    assert [row[40 * 2 : 280 * 2] for row in rows] == expected_rows(middle, PixelFormat.RGB565)
