"""The autosave (Continue) and the archive of finished games.

The autosave is a small JSON document around an engine game record, so the
exact game (mode, level, colours, every move) comes back after a crash.
Finished games are kept as plain engine records, the newest 50.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from pathlib import Path

from device.game import MODES, Game, GameSetup
from device.storage import UnreadableFile, load_text, remove, save_text, write_durably
from engine.record import RecordError, format_record, parse_record

AUTOSAVE = "current-game.sav"
ARCHIVE = "finished"
ARCHIVE_SIZE = 50


@dataclass(frozen=True)
class Resumed:
    game: Game
    warning: str = ""
    """Set when the latest save was damaged and the previous copy was used."""


class SaveError(Exception):
    """The saved game cannot be restored; the message is for the player."""


class SaveStore:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @property
    def autosave_path(self) -> Path:
        return self.folder / AUTOSAVE

    def has_game(self) -> bool:
        path = self.autosave_path
        return path.exists() or path.with_name(path.name + ".prev").exists()

    def save(self, game: Game) -> None:
        document = {
            "mode": game.setup.mode,
            "ai_level": game.setup.ai_level,
            "human_colour": game.setup.human_colour,
            "tabletop": game.setup.tabletop,
            "record": format_record(game.record),
        }
        save_text(self.autosave_path, json.dumps(document, indent=1))

    def load(self) -> Resumed | None:
        """The saved game, None if there is none; SaveError if it is beyond repair."""
        try:
            loaded = load_text(self.autosave_path)
        except UnreadableFile as error:
            raise SaveError(str(error)) from error
        if loaded is None:
            return None
        try:
            game = _game_from(loaded.text)
        except (ValueError, KeyError, TypeError, ArithmeticError, RecursionError) as error:
            raise SaveError(f"the saved game does not make sense ({error})") from error
        return Resumed(game, loaded.problem if loaded.from_previous else "")

    def sync(self, game: Game) -> None:
        self.save(game)

    def finish(self, game: Game) -> None:
        stamp = f"{time.strftime('%Y%m%d-%H%M%S')}-{random.randrange(16**6):06x}"
        self.archive(game, stamp)
        self.discard()

    def discard(self) -> None:
        remove(self.autosave_path)

    def archive(self, game: Game, stamp: str) -> Path:
        """Store a finished game's record and keep only the newest ARCHIVE_SIZE."""
        folder = self.folder / ARCHIVE
        path = folder / f"{stamp}.txt"
        write_durably(path, format_record(game.record).encode("utf-8"))
        for old in self.archived()[:-ARCHIVE_SIZE]:
            old.unlink()
        return path

    def archived(self) -> list[Path]:
        """Archived records, oldest first."""
        folder = self.folder / ARCHIVE
        return sorted(folder.glob("*.txt")) if folder.exists() else []


def _game_from(text: str) -> Game:
    document = json.loads(text)
    mode = document["mode"]
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    setup = GameSetup(
        mode=mode,
        ai_level=int(document["ai_level"]),
        human_colour=int(document["human_colour"]) & 1,
        tabletop=bool(document["tabletop"]),
    )
    try:
        record = parse_record(str(document["record"]))
    except RecordError as error:
        raise ValueError(str(error)) from error
    return Game(record, setup)
