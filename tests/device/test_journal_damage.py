"""Every byte of real journals damaged in turn: flipped, overwritten with a line
break, or the file cut there.  Reading never raises but for an unreadable
header, keeps the longest valid prefix, tells the player about damaged lines
exactly once (and nothing about a last line cut short: an append that never
finished), and ``check`` fails only for a file that really cannot be loaded.

The expected outcome comes from a model of the format, not from the reader:
the lines before the damaged byte are intact, the one holding it is not.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from device.journal.__main__ import main as journal_main
from device.journal.events import JournalError, replay
from device.journal.file import ARCHIVE, SUFFIX
from device.journal.folder import SaveError, SaveFolder
from device.journal.notice import Notice
from device.play.game import Game, GameSetup, Mode
from engine.notation import format_move
from engine.playout import random_move
from engine.record import GameRecord

PLIES = 6
TAIL_NOTICES = ("msg.journal_tail", "msg.journal_tail_many")


@dataclass(frozen=True)
class Damage:
    name: str
    at: int
    data: bytes


@dataclass(frozen=True)
class Expected:
    loads: bool
    """The header line is intact."""
    moves: list[str]
    lost_lines: int
    """Complete lines from the damaged one to the end (0: nothing to tell)."""
    ended: bool


def played_journal(folder: Path, seed: int, resign: bool) -> bytes:
    """The journal the app writes for a hotseat game of PLIES plies (then resigned)."""
    rng = random.Random(seed)
    saves = SaveFolder(folder)
    saves.start()
    game = Game(GameRecord.from_seed(seed), GameSetup(Mode.HOTSEAT))
    journal = saves.begin(game)
    for _ in range(PLIES):
        game.play(random_move(game.position, rng))
        journal.sync(game)
    if resign:
        game.resigned = game.position.side
        journal.finish(game)
    return journal.path.read_bytes()


def damages(data: bytes, line_breaks: bool = True) -> Iterator[Damage]:
    """Each byte flipped (all its bits), made a line break, and the file cut before it."""
    for at in range(len(data)):
        yield Damage("flipped", at, data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1 :])
        if line_breaks and data[at] != ord("\n"):
            yield Damage("line break", at, data[:at] + b"\n" + data[at + 1 :])
        yield Damage("cut", at, data[:at])


def expected(original: bytes, damage: Damage) -> Expected:
    """What a reader must make of ``damage.data``, from the lines of ``original``."""
    lines = original.split(b"\n")[:-1]
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    hit = max(index for index, start in enumerate(starts) if start <= damage.at)
    events = [json.loads(line.split(b" ", 1)[1]) for line in lines[:hit]]
    moves = [str(event["move"]) for event in events if "move" in event]
    ended = any("end" in event for event in events)
    if damage.name == "cut":
        return Expected(hit > 0, moves, 0, ended)
    lost = damage.data[starts[hit] :].count(b"\n")
    return Expected(hit > 0, moves, lost, ended)


def check(folder: Path) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = journal_main(["check", str(folder)])
    return code, out.getvalue()


def start_and_resume(folder: Path) -> tuple[list[Notice], list[str] | None]:
    """A start of the app on ``folder`` and Continue: what it says, the moves it resumes."""
    saves = SaveFolder(folder)
    notices = saves.start()
    if not saves.has_game():
        return notices, None
    try:
        resumed = saves.resume()
    except SaveError:
        return [*notices, Notice("SaveError")], None
    if resumed.notice is not None:
        notices.append(resumed.notice)
    return notices, [format_move(move) for move in resumed.game.record.moves]


@pytest.fixture(scope="module")
def journals(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, bytes]:
    """An unfinished game's journal and a resigned one's."""
    unfinished = played_journal(tmp_path_factory.mktemp("unfinished"), 11, resign=False)
    return unfinished, played_journal(tmp_path_factory.mktemp("resigned"), 12, resign=True)


@pytest.mark.parametrize("which", ["unfinished", "resigned"])
def test_every_damaged_byte_reads_as_the_longest_valid_prefix_and_check_agrees(
    which: str, journals: tuple[bytes, bytes], tmp_path: Path
) -> None:
    original = journals[0] if which == "unfinished" else journals[1]
    folder = tmp_path / "saves"
    (folder / ARCHIVE).mkdir(parents=True)
    path = folder / ARCHIVE / f"20261201-000000-000000{SUFFIX}"
    cases = 0
    for damage in damages(original):
        want = expected(original, damage)
        case = f"{which}, byte {damage.at} {damage.name}"
        try:
            replayed = replay(damage.data)
        except JournalError:
            assert not want.loads, case
        else:
            assert want.loads, case
            assert replayed.moves == want.moves, case
            assert replayed.lost_lines == want.lost_lines, case
            assert replayed.ended == want.ended, case
        if damage.name == "line break":
            continue  # check reads as the reader does: flips and cuts are enough for it
        path.write_bytes(damage.data)
        code, said = check(folder)
        assert code == (0 if want.loads else 1), f"{case}: {said}"
        assert code == 0 or path.name in said, f"{case}: the file is named: {said}"
        cases += 1
    assert cases == 2 * len(original)


def test_every_damaged_byte_of_the_game_in_progress_is_told_once_and_the_file_kept(
    journals: tuple[bytes, bytes], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "fsync", lambda descriptor: None)  # only time; nothing is killed
    original = journals[0]
    name = f"20261201-000000-000000{SUFFIX}"
    shown = 0
    for number, damage in enumerate(damages(original, line_breaks=False)):
        folder = tmp_path / str(number)
        folder.mkdir()
        (folder / name).write_bytes(damage.data)
        want = expected(original, damage)
        case = f"byte {damage.at} {damage.name}"
        notices, moves = start_and_resume(folder)
        keys = [notice.key for notice in notices]
        if not want.loads:
            assert keys == ["msg.save_lost"] and moves is None, case
            assert (folder / name).read_bytes() == damage.data, f"{case}: the file is kept"
            continue
        assert moves == want.moves, case
        told = [key for key in keys if key in TAIL_NOTICES]
        assert len(told) == (1 if want.lost_lines else 0) and keys == told, f"{case}: {keys}"
        if want.lost_lines > 1:
            assert notices[0].values == {"count": want.lost_lines}, case
        shown += len(told)
        again, moves_again = start_and_resume(folder)
        assert again == [] and moves_again == want.moves, f"{case}: told again {again}"
        assert check(folder)[0] == 0, case
        shutil.rmtree(folder)
    assert shown > 0
