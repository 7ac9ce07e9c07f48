"""Autosave, Continue, damaged saves, the archive and settings across restarts."""

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from app_driver import Driver
from hypothesis import given, settings
from hypothesis import strategies as st

from device.game import VERSUS_AI, Game, GameSetup
from device.menus import MessageScreen
from device.saves import ARCHIVE_SIZE, SaveError, SaveStore
from device.settings import Settings, load_settings, store_settings
from device.storage import UnreadableFile, load_text, previous_of, save_text
from engine.pieces import BLUE
from engine.record import GameRecord


def _game(moves: int, seed: int = 4) -> Game:
    game = Game(GameRecord.from_seed(seed), GameSetup(VERSUS_AI, ai_level=3, human_colour=BLUE))
    for _ in range(moves):
        game.play(game.position.legal_moves()[0])
    return game


def test_stored_text_reads_back_and_the_previous_copy_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "file"
    save_text(path, "first")
    save_text(path, "second")
    loaded = load_text(path)
    assert loaded is not None and loaded.text == "second" and not loaded.from_previous
    assert load_text(previous_of(path)) is not None


@settings(max_examples=60, deadline=None)
@given(position=st.integers(min_value=0, max_value=200), byte=st.integers(0, 255))
def test_any_damaged_byte_falls_back_to_the_previous_copy(
    tmp_path_factory: pytest.TempPathFactory, position: int, byte: int
) -> None:
    path = tmp_path_factory.mktemp("damage") / "file"
    save_text(path, "the good old copy")
    save_text(path, "the newest copy, about to be damaged on the card")
    data = bytearray(path.read_bytes())
    index = position % len(data)
    if data[index] == byte:
        return
    data[index] = byte
    path.write_bytes(bytes(data))
    loaded = load_text(path)
    assert loaded is not None
    assert loaded.text in ("the good old copy", "the newest copy, about to be damaged on the card")
    if loaded.text == "the good old copy":
        assert loaded.from_previous and loaded.problem


def test_a_cut_short_save_and_a_missing_previous_copy_is_reported_not_raised_raw(
    tmp_path: Path,
) -> None:
    path = tmp_path / "file"
    save_text(path, "only copy")
    path.write_bytes(path.read_bytes()[:-3])
    with pytest.raises(UnreadableFile, match="cut short"):
        load_text(path)


def test_the_autosave_restores_mode_level_colour_and_every_move(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    game = _game(9)
    store.save(game)
    resumed = store.load()
    assert resumed is not None and not resumed.warning
    assert resumed.game.record.moves == game.record.moves
    assert resumed.game.setup == game.setup
    assert resumed.game.position.key() == game.position.key()


def test_a_corrupt_autosave_shows_a_message_and_continues_from_the_previous_move(
    tmp_path: Path,
) -> None:
    store = SaveStore(tmp_path)
    store.save(_game(5))
    store.save(_game(6))
    store.autosave_path.write_bytes(b"satellites-file 1 00000000 3\nxyz")
    driver = Driver("tabletop", tmp_path)
    driver.choose_item("Continue")
    assert isinstance(driver.app.top, MessageScreen)
    assert "damaged" in driver.app.top.words
    driver.confirm()
    assert driver.game_screen().game.ply == 5


def test_an_unreadable_save_is_a_message_on_screen_and_the_title_goes_on(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.save(_game(2))
    store.autosave_path.write_text("garbage")
    previous_of(store.autosave_path).write_text("more garbage")
    with pytest.raises(SaveError):
        store.load()
    driver = Driver("lcdhat", tmp_path)
    driver.choose_item("Continue")
    assert isinstance(driver.app.top, MessageScreen)
    assert "could not be read" in driver.app.top.words
    driver.confirm()
    driver.choose_item("New game")  # the damaged save is gone; the title still works


def test_the_archive_keeps_the_newest_games_only(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    game = _game(3)
    for number in range(ARCHIVE_SIZE + 4):
        store.archive(game, f"2026-{number:04d}")
    kept = store.archived()
    assert len(kept) == ARCHIVE_SIZE
    assert kept[0].name == "2026-0004.txt"


def test_settings_survive_a_restart_and_damage_gives_defaults(tmp_path: Path) -> None:
    chosen = Settings(language="es", colour_blind=True, rotation=180, think_ms=2000, repeat="fast")
    store_settings(tmp_path, chosen)
    assert load_settings(tmp_path) == chosen
    (tmp_path / "settings.json").write_text("{")
    previous_of(tmp_path / "settings.json").unlink(missing_ok=True)
    assert load_settings(tmp_path) == Settings()


def test_settings_changed_on_screen_are_there_after_a_restart(tmp_path: Path) -> None:
    driver = Driver("hatmini", tmp_path)
    driver.choose_item("Settings")
    driver.set_item("Language", "Español")
    driver.set_item("Rotación", "90°")
    driver.choose_item("Mantenerlo")
    restarted = Driver("hatmini", tmp_path)
    assert restarted.app.settings.language == "es"
    assert restarted.app.settings.rotation == 90
    assert restarted.display.output_size() == (240, 320)


PLAYER = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    sys.path.insert(0, {tests!r})
    from app_driver import Driver
    driver = Driver("tabletop", Path({folder!r}), seed=11)
    screen = driver.new_game("vs computer", level="2", colour="Blue")
    driver.advance(1300)
    for _ in range(6):
        game = screen.game
        driver.play(game.position.legal_moves()[-1])
        driver.advance(1300)
    print(len(screen.game.record.moves), flush=True)
    import time
    time.sleep(60)
    """
)


def test_continue_after_the_process_is_killed_mid_game(tmp_path: Path) -> None:
    script = PLAYER.format(tests=str(Path(__file__).parent), folder=str(tmp_path))
    env = {**os.environ, "PYTHONPATH": str(Path.cwd())}
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=env
    )
    assert child.stdout is not None
    plies = int(child.stdout.readline())
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    driver = Driver("tabletop", tmp_path)
    driver.choose_item("Continue")
    game = driver.game_screen().game
    assert game.ply == plies
    assert game.setup == GameSetup(VERSUS_AI, ai_level=2, human_colour=BLUE)
    assert game.human_to_move()
