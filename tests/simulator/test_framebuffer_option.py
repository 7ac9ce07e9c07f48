"""``--fb-device``: the simulator presents into a file exactly as the device's framebuffer."""

import struct
from pathlib import Path

import pygame
import pytest

from simulator.cli import main


def encoded_rows(picture: pygame.Surface, pixel_format: str) -> list[bytes]:
    """Each row of the picture as an RGB565 or XRGB8888 framebuffer holds it (little-endian)."""
    width, height = picture.get_size()
    rgb = pygame.image.tobytes(picture, "RGB")
    rows = []
    for y in range(height):
        row = bytearray()
        for x in range(width):
            at = (y * width + x) * 3
            red, green, blue = rgb[at : at + 3]
            if pixel_format == "rgb565":
                row += struct.pack("<H", (red >> 3) << 11 | (green >> 2) << 5 | blue >> 3)
            else:
                row += struct.pack("<I", red << 16 | green << 8 | blue)
        rows.append(bytes(row))
    return rows


@pytest.mark.parametrize(
    ("profile", "pixel_format", "stride"),
    [("hatmini", "rgb565", None), ("lcdhat", "xrgb8888", 1024), ("hatmini", "xrgb8888", None)],
)
def test_the_file_holds_the_last_frame_pixel_for_pixel(
    tmp_path: Path, profile: str, pixel_format: str, stride: int | None
) -> None:
    framebuffer = tmp_path / "fb0"
    out = tmp_path / "out"
    arguments = ["--headless", "--profile", profile, "--out", str(out)]
    arguments += ["--save-dir", str(tmp_path / "saves"), "--fb-device", str(framebuffer)]
    arguments += ["--fb-format", pixel_format]
    if stride is not None:
        arguments += ["--fb-stride", str(stride)]
    assert main(arguments) == 0
    frame = pygame.image.load(out / "last.png")
    width, height = frame.get_size()
    row_length = width * (2 if pixel_format == "rgb565" else 4)
    line_length = stride or row_length
    data = framebuffer.read_bytes()
    assert len(data) == line_length * height
    rows = [data[y * line_length : y * line_length + row_length] for y in range(height)]
    assert rows == encoded_rows(frame, pixel_format)


def test_framebuffer_options_are_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    framebuffer = str(tmp_path / "fb0")
    assert main(["--fb-device", framebuffer]) == 2
    assert "add --headless" in capsys.readouterr().err
    arguments = ["--headless", "--fb-device", framebuffer, "--fb-format", "xrgb8888"]
    arguments += ["--out", str(tmp_path / "out")]
    assert main([*arguments, "--fb-stride", "100", "--save-dir", str(tmp_path)]) == 2
    assert "stride" in capsys.readouterr().err
