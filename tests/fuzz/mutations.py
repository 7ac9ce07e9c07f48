"""Hostile variations of valid input: edits that keep most of it intact, and garbage."""

from hypothesis import strategies as st

NASTY_CHARACTERS = st.one_of(
    st.characters(categories=["Cc", "Cf", "Cs", "Zl", "Zp", "Zs", "Nd", "No"]),
    st.sampled_from('\n\r\x00\u2028\u0661\u00b2\uff11-:/. "\\[]0123456789rb'),
)
"""Controls, separators, lone surrogates, every script's digits, and the format's own marks."""
HOSTILE_TEXT = st.text(st.one_of(st.characters(), NASTY_CHARACTERS), max_size=60)


@st.composite
def damaged_text(draw: st.DrawFn, valid: str, max_edits: int = 4) -> str:
    """``valid`` with a few characters inserted, deleted, replaced or a piece repeated."""
    text = valid
    for _ in range(draw(st.integers(1, max_edits))):
        at = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["insert", "delete", "replace", "repeat", "cut"]))
        piece = draw(st.text(NASTY_CHARACTERS, min_size=1, max_size=3))
        if edit == "insert":
            text = text[:at] + piece + text[at:]
        elif edit == "delete":
            text = text[:at] + text[at + len(piece) :]
        elif edit == "replace":
            text = text[:at] + piece + text[at + len(piece) :]
        elif edit == "repeat":
            text = text[:at] + text[at : at + 20] * 2 + text[at + 20 :]
        else:
            text = text[:at]
    return text


@st.composite
def damaged_bytes(draw: st.DrawFn, valid: bytes, max_edits: int = 4) -> bytes:
    """``valid`` with a few bytes flipped, inserted, deleted or the tail cut."""
    data = bytearray(valid)
    for _ in range(draw(st.integers(1, max_edits))):
        at = draw(st.integers(0, len(data)))
        edit = draw(st.sampled_from(["flip", "insert", "delete", "cut"]))
        if edit == "flip" and at < len(data):
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif edit == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=4))
        elif edit == "delete":
            del data[at : at + draw(st.integers(1, 4))]
        elif edit == "cut":
            del data[at:]
    return bytes(data)
