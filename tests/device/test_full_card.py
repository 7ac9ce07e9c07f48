"""A card that fills up at each write of a game in turn, and stays full: every game
kept, the player told the card is full (and what to do), never that a game
"could not be read"; once there is room again, everything resumes.

The card fills in the middle of a write: an append leaves the first half of
its line on the card, as a real write cut short by ENOSPC does.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from app_driver import Driver
from test_save_faults import PROFILE, dismiss, play_session, stored_games

from device.i18n import text
from device.journal.disk import Disk
from device.journal.events import replay
from device.journal.file import SUFFIX
from engine.notation import format_move

CARD_FULL = text("en", "msg.card_full")


@dataclass
class FullCard:
    """The real card, full from its ``full_at``-th write on (0: never)."""

    full_at: int = 0
    writes: int = 0
    failed: list[str] = field(default_factory=list)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(Disk, "append", self._filling(Disk.append, half=True))
        monkeypatch.setattr(Disk, "write_durably", self._filling(Disk.write_durably))

    def _filling(self, write: Callable[..., None], half: bool = False) -> Callable[..., None]:
        def filling(disk: Disk, path: Path, data: bytes) -> None:
            self.writes += 1
            if not self.full_at or self.writes < self.full_at:
                write(disk, path, data)
                return
            self.failed.append(path.name)
            if half:
                Disk.append.__wrapped__(disk, path, data[: len(data) // 2])  # type: ignore[attr-defined]
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        filling.__wrapped__ = write  # type: ignore[attr-defined]
        return filling


def journals_on_disk(folder: Path) -> dict[str, list[str]]:
    """Every journal's moves as the files hold them (read without writing)."""
    found = {}
    for path in sorted([*folder.glob(f"*{SUFFIX}"), *folder.glob(f"finished/*{SUFFIX}")]):
        found[path.name] = replay(path.read_bytes()).moves
    return found


def start_and_continue(folder: Path) -> tuple[list[str], list[str] | None]:
    """The app started (Continue pressed if offered): what it says, the moves resumed."""
    driver = Driver(PROFILE, folder, seed=99)
    told = dismiss(driver)
    if not driver.app.saves.has_game():
        return told, None
    driver.choose_item("Continue")
    told += dismiss(driver)
    return told, [format_move(move) for move in driver.game_screen().game.record.moves]


def test_a_card_full_from_any_write_of_a_game_on_keeps_every_game_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "fsync", lambda descriptor: None)  # only time: nothing is killed
    counting = FullCard()
    with monkeypatch.context() as patch:
        counting.install(patch)
        play_session(tmp_path / "counting")
    assert counting.writes > 5
    for full_at in range(1, counting.writes + 1):
        folder = tmp_path / str(full_at)
        card = FullCard(full_at)
        with monkeypatch.context() as patch:
            card.install(patch)
            session = play_session(folder)
            case = f"full from write {full_at} ({card.failed[0]})"
            assert session.told and set(session.told) == {CARD_FULL}, case
            kept = journals_on_disk(folder)
            told, resumed = start_and_continue(folder)  # the card is still full
            assert set(told) <= {CARD_FULL}, f"{case}: {told}"
            assert journals_on_disk(folder) == kept, f"{case}: a journal changed or went"
            in_progress = [moves for name, moves in kept.items() if (folder / name).exists()]
            if in_progress and in_progress[-1]:
                assert resumed == in_progress[-1], f"{case}: Continue offers {resumed}"
        told, _ = start_and_continue(folder)  # room on the card again
        assert told == [], f"{case}: {told}"
        for seed, moves, _ in stored_games(folder):
            assert moves == session.played[seed][: len(moves)], case
        assert journals_on_disk(folder).keys() >= kept.keys(), case
