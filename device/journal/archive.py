"""Finished games as "Past games" shows them, and the one place that reads the
archive for the replay.

Listing reads each game's heading only (date, players, result, how it was
played): replaying fifty games to list them would take seconds on the
handheld.  A game's moves are read, and checked, when it is opened.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from device.i18n import LANGUAGES, text
from device.journal.events import heading
from device.journal.file import SUFFIX, read_journal
from device.journal.folder import SaveFolder, archived_text
from device.journal.notice import Reason, reason_of
from device.play.game import LEVEL_TAG, MODE_TAG, Game, GameSetup, Mode, mode_named
from device.play.opponent import LEVEL_NUMBERS
from device.play.replay import Outcome, resigned_in
from engine.pieces import BLUE, COLOUR_NAMES, NOBODY, RED
from engine.record import RESULTS, parse_headers, parse_record

RED_WON, BLUE_WON, DRAWN, UNFINISHED = RESULTS
UNREADABLE = (OSError, ValueError, RecursionError)
"""What reading a damaged file raises (JournalError and RecordError are ValueErrors)."""


@dataclass(frozen=True)
class ArchivedGame:
    """One archived game as its heading tells it, or the file that should have held it."""

    path: Path
    date: str = ""
    red: str = ""
    blue: str = ""
    setup: GameSetup | None = None
    """How it was played, where the file tells (None: two colours, nobody is "you")."""
    outcome: Outcome | None = None
    problem: str = ""
    """Why the file cannot be read, in the system's words (then ``outcome`` is None)."""
    reason: Reason = Reason.DAMAGED
    """The same in the player's (where ``problem`` is set)."""


def has_past_games(saves: SaveFolder) -> bool:
    return bool(saves.archived_files())


def past_games(saves: SaveFolder) -> list[ArchivedGame]:
    """Every archived game, newest first; a damaged file is listed with its problem."""
    return [summary_of(saves, path) for path in reversed(saves.archived_files())]


def summary_of(saves: SaveFolder, path: Path) -> ArchivedGame:
    try:
        if path.name.endswith(SUFFIX):
            return _journal_summary(path, saves.disk.read(path))
        return _record_summary(path, parse_headers(archived_text(saves.disk, path)))
    except UNREADABLE as error:
        return ArchivedGame(path, problem=str(error), reason=reason_of(error))


def _journal_summary(path: Path, data: bytes) -> ArchivedGame:
    header, end = heading(data)
    record = header.record
    if end is None:
        outcome = Outcome(winner=NOBODY, finished=False)
    else:
        resigned = str(end.get("resigned"))
        loser = COLOUR_NAMES.index(resigned) if resigned in COLOUR_NAMES else NOBODY
        outcome = _outcome(str(end.get("end")), loser)
    return ArchivedGame(path, record.date, record.red, record.blue, header.setup, outcome)


def _record_summary(path: Path, headers: dict[str, str]) -> ArchivedGame:
    red, blue = headers.get("Red", ""), headers.get("Blue", "")
    outcome = _outcome(headers.get("Result", UNFINISHED), resigned_in(headers))
    setup = setup_of(headers, red, blue)
    return ArchivedGame(path, headers.get("Date", ""), red, blue, setup, outcome)


def _outcome(result: str, resigned: int) -> Outcome:
    """The result a file claims (its moves are checked when it is opened)."""
    if resigned != NOBODY:
        return Outcome(winner=1 - resigned, resigned=resigned)
    winners = {RED_WON: RED, BLUE_WON: BLUE, DRAWN: NOBODY}
    if result not in winners:
        return Outcome(winner=NOBODY, finished=False)
    return Outcome(winner=winners[result])


def load_game(saves: SaveFolder, game: ArchivedGame) -> Game:
    """The whole game, every move checked; one of ``UNREADABLE`` when it cannot be read."""
    path = game.path
    if path.name.endswith(SUFFIX):
        return read_journal(saves.disk, path).game()
    record = parse_record(archived_text(saves.disk, path))
    loaded = Game(record, game.setup or GameSetup())
    loaded.resigned = resigned_in(record.tags)
    return loaded


def setup_of(tags: dict[str, str], red: str, blue: str) -> GameSetup | None:
    """How a game of the first save format was played, from its tags and player names.

    The colour played here is the one named "You" (in any language) against the
    computer or over the link; None when the record does not tell.
    """
    mode = mode_named(tags.get(MODE_TAG))
    if mode is None:
        return None
    setup = GameSetup(mode=mode)
    level = tags.get(LEVEL_TAG, "")
    if level.isdigit() and int(level) in LEVEL_NUMBERS:
        setup.ai_level = int(level)
    if mode not in (Mode.VERSUS_AI, Mode.LINK):
        return setup
    you = {text(language, "player.you") for language in LANGUAGES}
    if red in you:
        setup.human_colour = RED
    elif blue in you:
        setup.human_colour = BLUE
    else:
        return None
    return setup
