"""Fonts hold no open file: a process that makes many apps (a test run, a
restarted app loop) keeps its file descriptors, which pyserial's select() needs
below 1024."""

import os
from pathlib import Path

import pygame
import pytest

from device.look.theme import Fonts

OPEN_FILES = Path("/proc/self/fd")


@pytest.mark.skipif(not OPEN_FILES.is_dir(), reason="needs /proc/self/fd")
def test_many_fonts_of_many_apps_open_no_file() -> None:
    pygame.font.init()
    before = len(os.listdir(OPEN_FILES))
    kept = []
    for _ in range(20):
        fonts = Fonts()
        kept += [fonts.get(size, bold) for size in range(8, 30, 3) for bold in (False, True)]
    assert len(os.listdir(OPEN_FILES)) - before < 5
    assert all(font.size("H")[1] > 0 for font in kept), "every font still renders"
