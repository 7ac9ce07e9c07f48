"""A full card at each call of the save folder's disk in turn, and a read-only
folder: the app never crashes, tells the player, plays on from memory; after a
restart the folder loads, tells nothing, and holds no move the player did not
play and no game archived twice.

The games are played with the buttons (``app_driver``): a game against the
computer, resigned, then a hotseat game left in progress.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from app_driver import Driver
from read_only import make_read_only

from device.journal.__main__ import main as journal_main
from device.journal.disk import Disk
from device.journal.folder import SaveFolder
from device.play.game import Game, GameSetup, Mode
from device.screens.dialogs import MessageScreen
from device.screens.end_screen import EndScreen
from engine.playout import random_move
from engine.record import GameRecord

WRITING = ("append", "write_durably", "rename", "mkdir", "unlink", "fsync_folder")
"""The Disk methods that change the card (and so can find it full)."""
PROFILE = "hatmini"
THINK_MS = 1300
"""The computer's pace (the default setting, 1 s) and a little more."""


@dataclass
class Faults:
    """Every method of ``Disk`` counted; writing calls from number ``first`` on raise
    ENOSPC (all of them, or only that one when ``once``)."""

    first: int | None = None
    once: bool = False
    calls: list[str] = field(default_factory=list)
    raised: int = 0

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for name in [n for n, v in vars(Disk).items() if callable(v) and not n.startswith("_")]:
            monkeypatch.setattr(Disk, name, self._wrap(name, getattr(Disk, name)))

    def _wrap(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def counted(disk: Disk, *args: Any) -> Any:
            self.calls.append(name)
            number = len(self.calls)
            hit = number == self.first if self.once else number >= (self.first or number + 1)
            if hit and name in WRITING:
                self.raised += 1
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return method(disk, *args)

        return counted


def dismiss(driver: Driver) -> list[str]:
    """Read and close every message on top (OK on each); the words."""
    told: list[str] = []
    while isinstance(driver.app.top, MessageScreen):
        told.append(driver.app.top.words)
        driver.confirm()
    return told


@dataclass
class Session:
    told: list[str] = field(default_factory=list)
    played: dict[int, list[int]] = field(default_factory=dict)
    """Each game's moves as the player saw them, by seed."""


def play_session(folder: Path, seed: int = 3) -> Session:
    """Start the app, a game against the computer (two moves each, resigned), then a
    hotseat game (three plies), dismissing every message on the way."""
    session = Session()
    driver = Driver(PROFILE, folder, seed=seed)
    rng = random.Random(seed)
    for mode, plies in (("vs computer", 2), ("two players", 3)):
        session.told += dismiss(driver)
        driver.choose_item("New game")
        driver.set_item("Play", mode)
        driver.choose_item("Start")
        session.told += dismiss(driver)
        game = driver.game_screen().game
        for _ in range(plies):
            driver.play(random_move(game.position.copy(), rng))
            if mode == "vs computer":
                driver.advance(THINK_MS)
            session.told += dismiss(driver)
        assert game.record.seed is not None
        session.played[game.record.seed] = list(game.record.moves)
        if mode == "vs computer":
            driver.open_menu()
            driver.choose_item("Resign")
            driver.choose_item("Yes")
            driver.advance(500)
            session.told += dismiss(driver)
            assert isinstance(driver.app.top, EndScreen)
            driver.back()  # to the title
    return session


def restart(folder: Path) -> list[str]:
    """The app started again (and Continue pressed if it offers it): what it says."""
    driver = Driver(PROFILE, folder, seed=99)
    told = dismiss(driver)
    if driver.app.saves.has_game():
        driver.choose_item("Continue")
        told += dismiss(driver)
    return told


def check(folder: Path) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = journal_main(["check", str(folder)])
    return code, out.getvalue()


def stored_games(folder: Path) -> Iterator[tuple[int, list[int], bool]]:
    """Each game the folder holds: seed, moves, archived."""
    saves = SaveFolder(folder)
    saves.start()
    for archived in saves.archived():
        assert archived.record.seed is not None
        yield archived.record.seed, archived.record.moves, True
    if saves.has_game():
        record = saves.resume().game.record
        assert record.seed is not None
        yield record.seed, record.moves, False


def test_the_session_plays_as_scripted_with_room_on_the_card(tmp_path: Path) -> None:
    session = play_session(tmp_path)
    assert session.told == [] and restart(tmp_path) == []
    stored = {seed: (moves, archived) for seed, moves, archived in stored_games(tmp_path)}
    assert {seed: moves for seed, (moves, _) in stored.items()} == session.played
    assert sorted(archived for _, archived in stored.values()) == [False, True]


def calls_of_a_session(folder: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    with monkeypatch.context() as patch:
        faults = Faults()
        faults.install(patch)
        play_session(folder)
    return faults.calls


@pytest.mark.parametrize("once", [False, True], ids=["full-from-then-on", "full-once"])
def test_a_full_card_at_each_call_is_told_and_play_goes_on(
    once: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "fsync", lambda descriptor: None)  # only time; nothing is killed
    calls = calls_of_a_session(tmp_path / "counting", monkeypatch)
    assert {"append", "write_durably", "rename"} <= set(calls)
    findings: list[str] = []
    for first, method in enumerate(calls, 1):
        if method in WRITING:
            findings += full_at(first, method, once, tmp_path / str(first), monkeypatch)
    assert not findings, "\n".join(findings)


def full_at(
    first: int, method: str, once: bool, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> list[str]:
    """Play the session with the card full at call ``first``, restart: what went wrong."""
    case = f"full at call {first} ({method}{', once' if once else ''})"
    with monkeypatch.context() as patch:
        faults = Faults(first, once)
        faults.install(patch)
        session = play_session(folder)
    findings = []
    if faults.raised == 0:
        findings.append(f"{case}: never reached")
    if not session.told:
        findings.append(f"{case}: the player is not told")
    wrong = [words for words in session.told if not _about_saving(words)]
    if wrong:
        findings.append(f"{case}: the player is told {wrong}")
    told = restart(folder)
    if told:
        findings.append(f"{case}: a restart says {told}")
    code, said = check(folder)
    if code:
        findings.append(f"{case}: check exits {code}: {said}")
    games = list(stored_games(folder))
    archived = Counter(seed for seed, _, archived in games if archived)
    findings += [f"{case}: game {s} archived {n} times" for s, n in archived.items() if n > 1]
    for seed, moves, _ in games:
        if moves != session.played[seed][: len(moves)]:
            findings.append(f"{case}: game {seed} holds moves never played")
    return findings


def _about_saving(words: str) -> bool:
    return "could not be saved" in words or "Saves are off" in words


def test_a_read_only_folder_plays_from_memory_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "saves"
    before_session = play_session(folder)
    before = {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}
    with monkeypatch.context() as patch:
        make_read_only(patch, folder)
        session = play_session(folder, seed=4)
        assert len(session.told) == 1 and "Saves are off" in session.told[0], session.told
        assert [len(moves) for moves in session.played.values()] == [
            len(moves) for moves in before_session.played.values()
        ]
    after = {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}
    assert after == before
    assert restart(folder) == []


def test_a_game_whose_last_ply_is_stored_but_not_its_end_is_archived_at_the_next_start(
    tmp_path: Path,
) -> None:
    game = Game(GameRecord.from_seed(7), GameSetup(Mode.HOTSEAT))
    rng = random.Random(7)
    saves = SaveFolder(tmp_path)
    saves.start()
    journal = saves.begin(game)
    while not game.is_over():
        game.play(random_move(game.position, rng))
        journal.sync(game)  # the process stops here, before the end is stored
    driver = Driver(PROFILE, tmp_path)
    assert dismiss(driver) == []
    assert not driver.app.saves.has_game(), "Continue would bring back a finished game"
    assert [archived.record.moves for archived in driver.app.saves.archived()] == [
        game.record.moves
    ]
