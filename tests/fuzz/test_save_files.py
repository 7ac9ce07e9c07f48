"""Fuzz: the autosave file Continue reads (a checked container around a JSON document).

Promise: loading gives the saved game, nothing, or SaveError with a one-line
message for the player; never another exception, whatever the file holds.
"""

import json
import tempfile
import zlib
from pathlib import Path

from budget import cases
from hypothesis import given
from hypothesis import strategies as st
from mutations import HOSTILE_TEXT, damaged_bytes, damaged_text
from records import game_records

from device.game import MODES, Game, GameSetup
from device.saves import AUTOSAVE, SaveError, SaveStore
from device.storage import MAGIC, save_text
from engine.record import GameRecord


@st.composite
def saved_games(draw: st.DrawFn) -> Game:
    setup = GameSetup(
        mode=draw(st.sampled_from(MODES)),
        ai_level=draw(st.integers(1, 5)),
        human_colour=draw(st.integers(0, 1)),
        tabletop=draw(st.booleans()),
    )
    record: GameRecord = draw(game_records(max_plies=20))
    return Game(record, setup)


def document_of(game: Game) -> str:
    """The autosave's JSON, as the store writes it."""
    with tempfile.TemporaryDirectory() as folder:
        SaveStore(Path(folder)).save(game)
        data = (Path(folder) / AUTOSAVE).read_bytes()
    return data.partition(b"\n")[2].decode("utf-8")


def file_of(game: Game) -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        SaveStore(Path(folder)).save(game)
        return (Path(folder) / AUTOSAVE).read_bytes()


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | HOSTILE_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(HOSTILE_TEXT, inner, max_size=3),
    max_leaves=8,
)


@st.composite
def odd_documents(draw: st.DrawFn) -> str:
    """A well-formed document whose fields hold anything JSON can."""
    document = json.loads(document_of(draw(saved_games())))
    for name in draw(st.lists(st.sampled_from(sorted(document)), max_size=3)):
        document[name] = draw(JSON_VALUES)
    return json.dumps(document)


def load_from(folder: Path) -> None:
    try:
        SaveStore(folder).load()
    except SaveError as error:
        assert len(str(error).splitlines()) == 1, str(error)


def checked_container(body: bytes) -> bytes:
    """Any bytes behind a header whose checksum and length are right."""
    return f"{MAGIC} {zlib.crc32(body):08x} {len(body)}\n".encode() + body


@cases(150)
@given(
    st.one_of(
        saved_games().map(file_of).flatmap(damaged_bytes),
        st.binary(max_size=300),
        st.binary(max_size=300).map(checked_container),
    )
)
def test_any_file_bytes_load_or_give_a_save_error(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / AUTOSAVE).write_bytes(data)
        load_from(folder)


@cases(150)
@given(
    st.one_of(
        saved_games().map(document_of).flatmap(damaged_text),
        odd_documents(),
        HOSTILE_TEXT,
        st.just("[" * 5000),
    )
)
def test_any_document_in_an_intact_file_loads_or_gives_a_save_error(text: str) -> None:
    """The checksum is right, so only the document's own checks stand in the way."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        save_text(folder / AUTOSAVE, text.encode("utf-8", "replace").decode("utf-8"))
        load_from(folder)
