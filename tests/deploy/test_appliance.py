"""satellites-appliance: the boot launcher, run here on SDL's dummy driver."""

import threading
from pathlib import Path

import pygame
import pytest

from deploy import appliance
from deploy.config import Config, render_config
from device.settings import Settings, load_settings, store_settings
from drivers.preflight import PreflightError


@pytest.fixture(autouse=True)
def keep_sdl_on_the_dummy_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    """The launcher sets SDL_VIDEODRIVER for real; put it back after each test."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


def write_config(folder: Path, **values: object) -> Path:
    config = Config(save_dir=folder / "saves", display="dummy", **values)  # type: ignore[arg-type]
    path = folder / "config.toml"
    path.write_text(render_config(config), encoding="utf-8")
    return path


def quit_soon() -> threading.Timer:
    timer = threading.Timer(0.5, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    timer.start()
    return timer


def test_the_appliance_runs_the_game_until_it_is_asked_to_quit(tmp_path: Path) -> None:
    path = write_config(tmp_path, profile="lcdhat", language="es")
    timer = quit_soon()
    assert appliance.main(["--config", str(path)]) == 0
    timer.join()
    assert load_settings(tmp_path / "saves").language == "es"


def test_a_players_own_language_choice_is_kept(tmp_path: Path) -> None:
    path = write_config(tmp_path, language="es")
    (tmp_path / "saves").mkdir()
    store_settings(tmp_path / "saves", Settings(language="en"))
    timer = quit_soon()
    assert appliance.main(["--config", str(path)]) == 0
    timer.join()
    assert load_settings(tmp_path / "saves").language == "en"


def test_a_broken_config_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.toml"
    path.write_text('profile = "gameboy"\n', encoding="utf-8")
    assert appliance.main(["--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "profile" in err and "Traceback" not in err


def test_missing_kmsdrm_permissions_stop_with_the_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_config(tmp_path)
    path.write_text(path.read_text().replace('"dummy"', '"kmsdrm"'), encoding="utf-8")

    def refuse() -> None:
        raise PreflightError("no access to /dev/input: sudo usermod -aG input satellites")

    monkeypatch.setattr(appliance, "require_kmsdrm", refuse)
    assert appliance.main(["--config", str(path)]) == 2
    assert "usermod -aG input" in capsys.readouterr().err
