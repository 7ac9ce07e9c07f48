"""Game records for property tests: real games, any Unicode in the headers."""

import random

from games import lively_move
from hypothesis import strategies as st

from engine.record import STANDARD_HEADERS, GameRecord
from engine.rules import RULE_SETS

NASTY_CHARACTERS = st.characters(categories=["Cc", "Cf", "Cs", "Zl", "Zp", "Zs"])
"""Controls, format marks, lone surrogates, line and paragraph separators, spaces."""
HEADER_TEXT = st.text(st.one_of(st.characters(), NASTY_CHARACTERS, st.sampled_from('"\\[]')))
TAG_NAMES = st.from_regex(r"[A-Za-z][A-Za-z0-9]{0,10}", fullmatch=True).filter(
    lambda name: name not in STANDARD_HEADERS
)


@st.composite
def game_records(draw: st.DrawFn, max_plies: int = 120) -> GameRecord:
    """A record of a lively game under any rule set, from a seeded or hand-set
    start, cut anywhere."""
    record = GameRecord.from_seed(
        draw(st.integers(0, 2**32)),
        red=draw(HEADER_TEXT),
        blue=draw(HEADER_TEXT),
        rules=draw(st.sampled_from(RULE_SETS)),
    )
    if draw(st.booleans()):
        record.seed = None
    record.date = draw(HEADER_TEXT)
    record.tags = draw(st.dictionaries(TAG_NAMES, HEADER_TEXT, max_size=3))
    rng = random.Random(draw(st.integers(0, 2**32)))
    position = record.final_position()
    for _ in range(draw(st.integers(0, max_plies))):
        if position.is_over():
            break
        move = lively_move(position, rng)
        position.make(move)
        record.moves.append(move)
    return record
