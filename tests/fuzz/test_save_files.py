"""Fuzz: the files of the save folder (a game's journal, the first format's autosave).

Promise: reading gives the game as far as the file is intact, or an error
with a one-line message for the player; never another exception, whatever
the file holds.  A damaged journal never yields a move it did not hold.
"""

import json
import tempfile
import zlib
from pathlib import Path

from budget import cases
from hypothesis import given
from hypothesis import strategies as st
from mutations import HOSTILE_TEXT, damaged_bytes, damaged_text
from ram_folder import ram_folder
from records import game_records

from device.journal.disk import Disk
from device.journal.events import JournalError, Replayed, replay
from device.journal.folder import SaveFolder
from device.journal.lines import encode_line
from device.journal.old_saves import OldFormatError, game_from_autosave
from device.play.game import Game, GameSetup, Mode
from engine.notation import format_move
from engine.record import GameRecord, format_record


@st.composite
def saved_games(draw: st.DrawFn) -> Game:
    mode = draw(st.sampled_from([mode for mode in Mode if mode is not Mode.LINK]))
    setup = GameSetup(
        mode=mode,
        ai_level=draw(st.integers(1, 5)),
        human_colour=draw(st.integers(0, 1)),
        tabletop=draw(st.booleans()),
    )
    record: GameRecord = draw(game_records(max_plies=20))
    return Game(record, setup)


def journal_of(game: Game) -> bytes:
    """The journal the app writes for ``game``, one ply at a time (in memory: the
    fsyncs are not what is tested)."""
    with tempfile.TemporaryDirectory(dir=ram_folder()) as name:
        saves = SaveFolder(Path(name), new_id=lambda: "fuzz")
        saves.start()
        partial = Game(GameRecord(game.record.start, seed=game.record.seed), game.setup)
        journal = saves.begin(partial)
        journal.sync(partial)
        for move in game.record.moves:
            partial.play(move)
            journal.sync(partial)
        return Disk().read(journal.path)


def read(data: bytes) -> Replayed | None:
    try:
        replayed = replay(data)
        replayed.game()
    except JournalError as error:
        assert len(str(error).splitlines()) == 1, str(error)
        return None
    return replayed


@cases(150)
@given(st.binary(max_size=400))
def test_any_bytes_read_as_a_journal_or_give_a_journal_error(data: bytes) -> None:
    read(data)


@cases(150)
@given(
    saved_games().flatmap(lambda game: st.tuples(st.just(game), damaged_bytes(journal_of(game))))
)
def test_a_damaged_journal_gives_a_beginning_of_its_game_never_another_move(
    case: tuple[Game, bytes],
) -> None:
    game, data = case
    replayed = read(data)
    if replayed is not None:
        held = [format_move(move) for move in game.record.moves]
        assert replayed.moves == held[: len(replayed.moves)]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | HOSTILE_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(HOSTILE_TEXT, inner, max_size=3),
    max_leaves=8,
)


@st.composite
def odd_journals(draw: st.DrawFn) -> bytes:
    """Lines with right checksums whose events hold anything JSON can."""
    lines = journal_of(draw(saved_games())).splitlines(keepends=True)
    events = [json.loads(line.partition(b" ")[2]) for line in lines]
    for _ in range(draw(st.integers(1, 3))):
        event = draw(st.sampled_from(events))
        event[draw(st.sampled_from([*sorted(event), "undo", "end", "ply"]))] = draw(JSON_VALUES)
    return b"".join(encode_line(event) for event in events)


@cases(150)
@given(odd_journals())
def test_any_event_behind_a_right_checksum_reads_or_gives_a_journal_error(data: bytes) -> None:
    read(data)


def autosave_of(game: Game) -> str:
    document = {
        "mode": game.setup.mode,
        "ai_level": game.setup.ai_level,
        "human_colour": game.setup.human_colour,
        "tabletop": game.setup.tabletop,
        "record": format_record(game.record),
    }
    return json.dumps(document, indent=1)


def container(body: bytes) -> bytes:
    """A first-format checked container, checksum right, around ``body``."""
    return f"satellites-file 1 {zlib.crc32(body):08x} {len(body)}\n".encode() + body


@cases(150)
@given(
    st.one_of(
        saved_games().map(autosave_of).flatmap(damaged_text),
        HOSTILE_TEXT,
        st.just("[" * 5000),
    )
)
def test_any_first_format_autosave_converts_or_gives_a_message(text: str) -> None:
    try:
        game_from_autosave(container(text.encode("utf-8", "replace")))
    except OldFormatError as error:
        assert len(str(error).splitlines()) == 1, str(error)
