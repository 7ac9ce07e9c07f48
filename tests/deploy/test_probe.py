"""The doctor's probe: never over a running game; a frame the kernel hides is a failure."""

from pathlib import Path

import pygame
import pytest

from deploy import probe
from deploy.config import Config, VideoOutput
from drivers.display import HeadlessDisplay, RotatingDisplay

SIZE = (320, 240)


def panel_output(sysfs: Path, enabled: str, dpms: str = "On") -> None:
    connector = sysfs / "class" / "drm" / "card1-SPI-1"
    connector.mkdir(parents=True)
    (connector / "status").write_text("connected\n")
    (connector / "enabled").write_text(f"{enabled}\n")
    (connector / "dpms").write_text(f"{dpms}\n")


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[RotatingDisplay]:
    shown: list[RotatingDisplay] = []

    def open_headless(config: Config, size: tuple[int, int], sysfs: Path) -> RotatingDisplay:
        pygame.display.init()
        shown.append(HeadlessDisplay(size))
        return shown[-1]

    monkeypatch.setattr(probe, "_open", open_headless)
    return shown


def test_a_running_game_is_not_painted_over(tmp_path: Path, opened: list[RotatingDisplay]) -> None:
    config = Config(display=VideoOutput.FRAMEBUFFER)
    verdict = probe.probe(config, SIZE, tmp_path, running=lambda: True)
    assert verdict.startswith("ok: not painted: the game is running")
    assert "systemctl stop satellites.service" in verdict
    assert opened == []


def test_a_frame_on_a_panel_the_kernel_never_enabled_fails(
    tmp_path: Path, opened: list[RotatingDisplay]
) -> None:
    panel_output(tmp_path, "disabled")
    verdict = probe.probe(Config(display=VideoOutput.FRAMEBUFFER), SIZE, tmp_path, lambda: False)
    assert verdict.startswith("FAIL:") and "SPI-1 is disabled" in verdict
    assert len(opened) == 1


def test_a_blanked_panel_fails(tmp_path: Path, opened: list[RotatingDisplay]) -> None:
    panel_output(tmp_path, "enabled", dpms="Off")
    verdict = probe.probe(Config(display=VideoOutput.FRAMEBUFFER), SIZE, tmp_path, lambda: False)
    assert "DPMS Off" in verdict


def test_a_shown_panel_is_ok(tmp_path: Path, opened: list[RotatingDisplay]) -> None:
    panel_output(tmp_path, "enabled")
    verdict = probe.probe(Config(display=VideoOutput.FRAMEBUFFER), SIZE, tmp_path, lambda: False)
    assert verdict == "ok: framebuffer showed a frame of 320x240"
