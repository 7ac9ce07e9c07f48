"""The journal of a game, Continue, the archive, first-format saves and settings across
restarts, damage and crashes."""

from __future__ import annotations

import errno
import logging
import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from app_driver import Driver
from format1 import AUTOSAVE, LINK_SAVE, PREVIOUS, container, copy_fixture
from read_only import make_read_only

from device.hardware.buttons import RepeatSpeed
from device.journal.disk import Disk
from device.journal.file import ARCHIVE, ARCHIVE_SIZE
from device.journal.folder import SaveFolder, archived_text
from device.journal.lines import encode_line
from device.journal.settings_file import load_settings, store_settings
from device.link.game import Role
from device.play.game import Game, GameSetup, Mode
from device.play.settings import Settings
from device.screens.dialogs import MessageScreen
from device.screens.menu_screen import MenuScreen
from engine.notation import format_move
from engine.pieces import BLUE
from engine.playout import random_move
from engine.record import GameRecord, format_record


def _game(moves: int, seed: int = 4, mode: Mode = Mode.VERSUS_AI) -> Game:
    game = Game(GameRecord.from_seed(seed), GameSetup(mode, ai_level=3, human_colour=BLUE))
    for _ in range(moves):
        game.play(game.position.legal_moves()[0])
    return game


def started(folder: Path, disk: Disk | None = None) -> SaveFolder:
    """The save folder as the app finds it at start."""
    saves = SaveFolder(folder, disk)
    saves.start()
    return saves


def kept(game: Game, folder: Path) -> Path:
    """Store ``game`` as the game in progress, ply by ply; its journal's path."""
    saves = started(folder)
    partial = Game(GameRecord.from_seed(game.record.seed or 0), game.setup)
    journal = saves.begin(partial)
    journal.sync(partial)
    for move in game.record.moves:
        partial.play(move)
        journal.sync(partial)
    return journal.path


def messages(driver: Driver) -> list[str]:
    return [screen.words for screen in driver.app.screens if isinstance(screen, MessageScreen)]


def title_labels(driver: Driver) -> list[str]:
    title = driver.app.screens[0]
    assert isinstance(title, MenuScreen)
    return [item.label() for item in title.shown()]


# -- the journal ----------------------------------------------------------------------


def test_continue_restores_mode_level_colour_and_every_move(tmp_path: Path) -> None:
    game = _game(9)
    kept(game, tmp_path)
    resumed = started(tmp_path).resume()
    assert resumed.notice is None
    assert resumed.game.record.moves == game.record.moves
    assert resumed.game.setup == game.setup
    assert resumed.game.position.key() == game.position.key()


def test_the_journal_is_one_checked_line_per_event(tmp_path: Path) -> None:
    path = kept(_game(3), tmp_path)
    lines = path.read_bytes().splitlines()
    assert len(lines) == 4, "the header, then one line per ply"
    assert all(len(line.split(b" ", 1)[0]) == 8 for line in lines)
    assert b'"ply":3' in lines[-1]


def test_an_undo_is_an_event_and_the_game_resumes_without_the_moves_taken_back(
    tmp_path: Path,
) -> None:
    game = _game(4, mode=Mode.HOTSEAT)
    saves = started(tmp_path)
    journal = saves.begin(game)
    journal.sync(game)
    game.undo()
    journal.sync(game)
    assert b'"undo":3' in journal.path.read_bytes().splitlines()[-1]
    assert started(tmp_path).resume().game.record.moves == game.record.moves


def test_a_damaged_last_move_is_told_once_and_the_game_resumes_before_it(tmp_path: Path) -> None:
    path = kept(_game(6), tmp_path)
    data = bytearray(path.read_bytes())
    data[-5] ^= 0x01  # inside the last line
    path.write_bytes(bytes(data))
    driver = Driver("tabletop", tmp_path)
    driver.choose_item("Continue")
    assert messages(driver) == ["The last move could not be read: the game resumes before it."]
    driver.confirm()
    assert driver.game_screen().game.ply == 5
    again = Driver("tabletop", tmp_path)
    again.choose_item("Continue")
    assert messages(again) == [], "told once"
    assert again.game_screen().game.ply == 5


def test_the_damage_message_speaks_spanish_too(tmp_path: Path) -> None:
    path = kept(_game(6), tmp_path)
    path.write_bytes(path.read_bytes()[:-3] + b"!!\n")
    store_settings(tmp_path, Settings(language="es"))
    driver = Driver("tabletop", tmp_path)
    driver.choose_item("Continuar")
    assert messages(driver) == [
        "No se pudo leer la última jugada: la partida sigue desde antes de ella."
    ]


def test_a_last_line_cut_short_by_a_crash_is_no_damage(tmp_path: Path) -> None:
    """The move on an unfinished line was never shown: nothing is lost, nothing told."""
    path = kept(_game(6), tmp_path)
    path.write_bytes(path.read_bytes()[:-7])
    driver = Driver("tabletop", tmp_path)
    driver.choose_item("Continue")
    assert messages(driver) == []
    assert driver.game_screen().game.ply == 5


def test_a_journal_from_a_newer_version_is_kept_untouched_and_the_player_told(
    tmp_path: Path,
) -> None:
    newer = tmp_path / "20991231-000000-abcdef.journal"
    data = encode_line({"journal": 3, "game": "20991231-000000-abcdef", "future": True})
    newer.write_bytes(data)
    driver = Driver("tabletop", tmp_path)
    assert any("newer version" in words for words in messages(driver))
    assert not any(label.startswith("Continue") for label in title_labels(driver))
    driver.confirm()
    driver.new_game("two players")
    assert newer.read_bytes() == data


def test_a_new_game_gives_up_the_game_in_progress(tmp_path: Path) -> None:
    old = kept(_game(3), tmp_path)
    driver = Driver("tabletop", tmp_path)
    driver.new_game("two players")
    assert not old.exists()
    assert len(list(tmp_path.glob("*.journal"))) == 1


# -- the end of a game and the archive --------------------------------------------


SHORT_GAME_SEED = 3
"""finish_game's game of 100 plies (7: 262)."""


def finish_game(folder: Path, disk: Disk | None = None, seed: int = 7) -> Game:
    """Play a hotseat game to its end through the save folder, as the match does."""
    saves = started(folder, disk)
    game = Game(GameRecord.from_seed(seed), GameSetup(Mode.HOTSEAT))
    journal = saves.begin(game)
    journal.sync(game)
    rng = random.Random(seed)
    while not game.is_over():
        game.play(random_move(game.position, rng))
        journal.sync(game)
    journal.finish(game)
    return game


class Killed(BaseException):
    """The process stops here (nothing after this call happens)."""


class KillingDisk(Disk):
    """The real disk, until its ``at``-th call, which never returns."""

    def __init__(self, at: int) -> None:
        self.at, self.calls = at, 0

    def _count(self) -> None:
        self.calls += 1
        if self.calls == self.at:
            raise Killed

    def append(self, path: Path, data: bytes) -> None:
        self._count()
        super().append(path, data)

    def write_durably(self, path: Path, data: bytes) -> None:
        self._count()
        super().write_durably(path, data)

    def rename(self, source: Path, target: Path) -> None:
        self._count()
        super().rename(source, target)

    def unlink(self, path: Path) -> None:
        self._count()
        super().unlink(path)


def test_a_finished_game_is_archived_once_and_continue_is_gone(tmp_path: Path) -> None:
    game = finish_game(tmp_path)
    saves = started(tmp_path)
    assert not saves.has_game()
    archived = saves.archived()
    assert [entry.record.moves for entry in archived] == [game.record.moves]
    assert archived[0].setup == GameSetup(Mode.HOTSEAT)


def test_no_kill_during_a_game_and_its_end_brings_back_a_finished_game_or_archives_it_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game per call: a short one (100 plies), and no fsyncs, which only cost time here
    # (a kill is an exception: what was written stays in the page cache).
    monkeypatch.setattr(os, "fsync", lambda descriptor: None)
    total = KillingDisk(0)
    game = finish_game(tmp_path / "count", total, SHORT_GAME_SEED)
    for at in range(1, total.calls + 1):
        folder = tmp_path / str(at)
        with pytest.raises(Killed):
            finish_game(folder, KillingDisk(at), SHORT_GAME_SEED)
        for _ in range(2):  # and a kill before the start finished tidying changes nothing
            saves = started(folder)
        archived = saves.archived()
        assert len(archived) <= 1
        if archived:
            assert archived[0].record.moves == game.record.moves
            assert not saves.has_game()
        elif saves.has_game():
            moves = saves.resume().game.record.moves
            assert moves == game.record.moves[: len(moves)], "no move from the future"


def test_the_archive_keeps_the_newest_games_and_reads_the_first_formats_records(
    tmp_path: Path,
) -> None:
    archive = tmp_path / ARCHIVE
    archive.mkdir()
    game = _game(3)
    old = format_record(game.record)
    for number in range(ARCHIVE_SIZE + 3):
        (archive / f"20261130-{number:06d}-abcdef.txt").write_text(old)
    finished = finish_game(tmp_path)
    archived = started(tmp_path).archived()
    assert len(archived) == ARCHIVE_SIZE
    assert archived[0].path.name == "20261130-000004-abcdef.txt"
    assert archived[0].setup is None, "the first format did not keep the setup"
    assert archived[-1].record.moves == finished.record.moves


def test_a_game_finished_after_the_clock_went_back_is_archived_not_pruned(
    tmp_path: Path,
) -> None:
    archive = tmp_path / ARCHIVE
    archive.mkdir()
    old = format_record(_game(3).record)
    for number in range(ARCHIVE_SIZE):
        (archive / f"20991231-{number:06d}-abcdef.txt").write_text(old)  # the clock was ahead
    finished = finish_game(tmp_path)
    archived = started(tmp_path).archived()
    assert len(archived) == ARCHIVE_SIZE
    assert any(game.record.moves == finished.record.moves for game in archived)
    assert not (archive / "20991231-000000-abcdef.txt").exists(), "the oldest name went"


def test_every_archived_game_reads_as_the_engine_record_the_archive_would_hold(
    tmp_path: Path,
) -> None:
    game = finish_game(tmp_path)
    old = tmp_path / ARCHIVE / "20261130-000000-abcdef.txt"
    old.write_text(format_record(_game(3).record))
    (tmp_path / ARCHIVE / "20261130-000001-abcdef.txt").write_bytes(b"\xff not a record")
    saves = started(tmp_path)
    files = saves.archived_files()
    assert [path.suffix for path in files] == [".txt", ".txt", ".journal"]
    assert archived_text(saves.disk, files[0]) == old.read_text()
    assert archived_text(saves.disk, files[-1]) == format_record(game.record)
    with pytest.raises(ValueError):
        archived_text(saves.disk, files[1])
    assert len(saves.archived()) == 2, "an unreadable file is left out"


# -- saves off -------------------------------------------------------------------------


def test_saves_off_is_told_in_a_players_words_and_the_reason_goes_to_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    make_read_only(monkeypatch, tmp_path)
    with caplog.at_level(logging.WARNING):
        driver = Driver("hatmini", tmp_path)
    (words,) = [words for words in messages(driver) if "Saves are off" in words]
    assert str(tmp_path) not in words and "write" not in words.lower()
    assert str(tmp_path) in caplog.text, "the folder and the reason are in the log"


def test_a_read_only_folder_says_saves_are_off_and_a_game_is_played_from_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept(_game(4, mode=Mode.HOTSEAT), tmp_path)
    before = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
    make_read_only(monkeypatch, tmp_path)
    driver = Driver("hatmini", tmp_path)
    assert any("Saves are off" in words for words in messages(driver))
    driver.confirm()
    driver.choose_item("Continue")
    game = driver.game_screen().game
    assert game.ply == 4
    driver.play(game.position.legal_moves()[0])
    assert game.ply == 5
    driver.app.to_title()
    driver.choose_item("Continue")
    assert driver.game_screen().game.ply == 5, "the game goes on from memory"
    after = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
    assert after == before


class FullDisk(Disk):
    def append(self, path: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_full_card_is_a_message_and_the_next_save_writes_the_whole_journal(
    tmp_path: Path,
) -> None:
    game = _game(2)
    saves = started(tmp_path, FullDisk())
    journal = saves.begin(game)
    journal.sync(game)
    game.play(game.position.legal_moves()[0])
    with pytest.raises(OSError, match="No space"):
        journal.sync(game)
    journal.disk = Disk()  # room again
    game.play(game.position.legal_moves()[0])
    journal.sync(game)
    assert started(tmp_path).resume().game.record.moves == game.record.moves


# -- the first save format -------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "plies", "mode"), [("ai", 6, Mode.VERSUS_AI), ("hotseat", 7, Mode.HOTSEAT)]
)
def test_first_format_saves_are_converted_once(
    tmp_path: Path, name: str, plies: int, mode: Mode
) -> None:
    folder = copy_fixture(name, tmp_path / "saves", settings=True)
    saves = started(folder)
    assert sorted(path.name for path in folder.iterdir() if not path.name.endswith(".journal")) == [
        "settings.json"
    ]
    game = saves.resume().game
    assert game.ply == plies and game.setup.mode == mode
    assert load_settings(folder).language == "es"
    again = started(folder)
    assert [path.name for path in folder.glob("*.journal")] == [saves.resume().journal.path.name]
    assert again.resume().game.record.moves == game.record.moves


def test_a_first_format_linked_game_takes_the_cables_copy(tmp_path: Path) -> None:
    folder = copy_fixture("link", tmp_path / "saves")
    resumed = started(folder).resume()
    assert resumed.game.setup.mode == Mode.LINK and resumed.game.setup.human_colour == 0
    assert [format_move(move) for move in resumed.game.record.moves] == [
        "e10-e8",
        "a3-c3",
        "f1-f3",
        "i3-j3",
        "h2-i1",
    ]
    link = resumed.journal.header.link
    assert link is not None
    assert (link.role, link.peer, link.link_game) == (
        Role.GUEST,
        "socket://127.0.0.1:7777",
        305441741,
    )
    assert not (folder / LINK_SAVE).exists()


def test_a_first_format_conversion_cut_short_is_finished_not_repeated(tmp_path: Path) -> None:
    folder = copy_fixture("ai", tmp_path / "saves")
    kill_before_removing = KillingDisk(2)  # 1: the journal is written; 2: the first removal
    with pytest.raises(Killed):
        started(folder, kill_before_removing)
    assert (folder / AUTOSAVE).exists()
    saves = started(folder)
    assert len(list(folder.glob("*.journal"))) == 1
    assert not (folder / AUTOSAVE).exists() and not (folder / PREVIOUS).exists()
    assert saves.resume().game.ply == 6


# -- settings ---------------------------------------------------------------------------


def test_settings_survive_a_restart_and_damage_gives_defaults(tmp_path: Path) -> None:
    chosen = Settings(
        language="es", colour_blind=True, rotation=180, think_ms=2000, repeat=RepeatSpeed.FAST
    )
    store_settings(tmp_path, chosen)
    assert load_settings(tmp_path) == chosen
    assert load_settings(tmp_path).repeat is RepeatSpeed.FAST
    (tmp_path / "settings.json").write_text("{")
    assert load_settings(tmp_path) == Settings()


@pytest.mark.parametrize(
    "stored",
    [
        {"language": "fr", "rotation": 45, "think_ms": "fast", "colour_blind": 1},
        {"brightness": 1000, "dim_after_s": -1, "repeat": None, "unknown": [1, 2]},
        [1, 2, 3],
        "settings",
    ],
)
def test_unknown_or_out_of_range_settings_fall_back_to_their_defaults(
    tmp_path: Path, stored: object
) -> None:
    (tmp_path / "settings.json").write_bytes(
        encode_line(stored) if isinstance(stored, dict) else container(repr(stored).encode())
    )
    assert load_settings(tmp_path) == Settings()


def test_settings_that_fell_back_are_named_once(tmp_path: Path) -> None:
    stored = {"language": "es", "rotation": 45, "think_ms": 99, "repeat": "normal"}
    (tmp_path / "settings.json").write_bytes(encode_line(stored))
    driver = Driver("hatmini", tmp_path)
    assert driver.app.settings.language == "es" and driver.app.settings.rotation == 0
    assert messages(driver) == [
        "Ajustes no leídos: Rotación, Tiempo IA; vuelven a sus valores por defecto."
    ]
    again = Driver("hatmini", tmp_path)
    assert messages(again) == [] and again.app.settings.language == "es"


def test_a_setting_newer_than_the_file_takes_its_default_silently(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_bytes(encode_line({"language": "es"}))
    driver = Driver("hatmini", tmp_path)
    assert messages(driver) == [] and driver.app.settings == Settings(language="es")


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


# -- a real crash ---------------------------------------------------------------------------

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
    assert game.setup == GameSetup(Mode.VERSUS_AI, ai_level=2, human_colour=BLUE)
    assert game.human_to_move()
