"""Fuzz: game records (the archive of finished games, the autosave's core).

Promise: ``parse_record`` returns a record or raises RecordError with a
one-line message, never another exception; what it accepts is written back
and reads again to the same record.
"""

from budget import cases
from hypothesis import given
from hypothesis import strategies as st
from mutations import HOSTILE_TEXT, damaged_text
from records import game_records

from engine.record import RecordError, format_record, parse_record

RECORD_INPUT = st.one_of(
    game_records(max_plies=30).map(format_record).flatmap(damaged_text),
    HOSTILE_TEXT,
)


@cases(300)
@given(RECORD_INPUT)
def test_any_text_is_a_record_or_a_one_line_record_error(text: str) -> None:
    try:
        record = parse_record(text)
    except RecordError as error:
        assert len(str(error).splitlines()) == 1
        return
    assert parse_record(format_record(record)) == record
