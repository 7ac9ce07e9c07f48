"""The launcher's first second: the panel waited for, the splash, the console kept off."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from fake_kernel import FakeFbKernel, FakeTty

from deploy import session
from deploy.appliance import _stop
from deploy.config import Config, VideoOutput
from deploy.panel import PANEL_WAIT_S, wait_for_panel
from device.look.palettes import STANDARD
from drivers.console import KD_GRAPHICS, KD_TEXT, Console
from drivers.fbdev import FramebufferGeometry, PixelFormat
from drivers.splash import show_splash

PANEL = FramebufferGeometry.for_format(PixelFormat.RGB565, 320, 240)


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps = 0

    def sleep(self, seconds: float) -> None:
        self.sleeps += 1
        self.now += seconds


def spi_panel(sysfs: Path) -> None:
    """What the kernel shows once the panel's driver has bound: card1-SPI-1 with fb1."""
    (sysfs / "class" / "drm" / "card1-SPI-1").mkdir(parents=True)
    (sysfs / "class" / "drm" / "card1" / "device" / "graphics" / "fb1").mkdir(parents=True)


def test_the_launcher_waits_for_a_late_panel_within_one_start(tmp_path: Path) -> None:
    sysfs, clock = tmp_path / "sys", FakeClock()
    (sysfs / "class" / "drm").mkdir(parents=True)

    def sleep(seconds: float) -> None:
        clock.sleep(seconds)
        if clock.now >= 7:  # the panel's driver binds 7 s into the boot
            spi_panel(sysfs)

    found = wait_for_panel(Config(), sysfs, sleep=sleep, clock=lambda: clock.now)
    assert found == Path("/dev/fb1")
    assert 7 <= clock.now < 8


def test_no_panel_gives_up_after_the_wait(tmp_path: Path) -> None:
    sysfs, clock = tmp_path / "sys", FakeClock()
    (sysfs / "class" / "drm").mkdir(parents=True)
    assert wait_for_panel(Config(), sysfs, sleep=clock.sleep, clock=lambda: clock.now) is None
    assert PANEL_WAIT_S <= clock.now < PANEL_WAIT_S + 1


def test_the_splash_paints_the_panel_and_lights_it(tmp_path: Path) -> None:
    device = tmp_path / "fb1"
    device.write_bytes(bytes(PANEL.length))
    kernel = FakeFbKernel(PANEL)
    assert show_splash(device, STANDARD.background, STANDARD.players, kernel)
    assert len(kernel.calls) == 2, "panned and unblanked"
    picture = device.read_bytes()
    corner = picture[:2]
    assert corner == PANEL.encode(STANDARD.background)
    middle_row = picture[120 * PANEL.line_length : 121 * PANEL.line_length]
    assert PANEL.encode(STANDARD.players[0]) in middle_row
    assert PANEL.encode(STANDARD.players[1]) in middle_row


def test_a_missing_framebuffer_gets_no_splash(tmp_path: Path) -> None:
    assert not show_splash(tmp_path / "fb9", STANDARD.background, STANDARD.players)


def test_the_console_comes_back_when_the_game_is_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tty = FakeTty(tmp_path / "tty0")
    tty.path.touch()
    monkeypatch.setattr(Console, "open", lambda path: Console(os.open(path, os.O_RDWR), tty))
    config = Config(display=VideoOutput.FRAMEBUFFER)
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        with pytest.raises(SystemExit), session.console_kept_off(config, tty.path):
            assert tty.modes == [KD_GRAPHICS]
            os.kill(os.getpid(), signal.SIGTERM)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert tty.modes == [KD_GRAPHICS, KD_TEXT]


def test_a_desktop_display_leaves_the_console_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tty = FakeTty(tmp_path / "tty0")
    tty.path.touch()
    monkeypatch.setattr(Console, "open", lambda path: Console(os.open(path, os.O_RDWR), tty))
    with session.console_kept_off(Config(display=VideoOutput.X11), tty.path):
        assert tty.modes == [], "a desktop's console is not put in graphics mode"
    assert tty.modes == []
    assert capsys.readouterr() == ("", "")


def loaded_after(module: str) -> set[str]:
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", f"import sys, {module}; print(' '.join(sys.modules))"],
        capture_output=True, text=True, check=True, cwd=root,
        env={"PYTHONPATH": str(root), "SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    return set(done.stdout.split())


def test_the_splash_needs_neither_pygame_nor_the_game() -> None:
    loaded = loaded_after("deploy.appliance")
    assert not {"pygame", "device.app", "engine.ai.thinker", "deploy.session"} & loaded


def test_the_title_does_without_the_link_protocol_and_the_cables_driver() -> None:
    loaded = loaded_after("deploy.session")
    assert not {"device.link.session", "drivers.link.transport"} & loaded
