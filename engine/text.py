"""Strict text: the numbers the engine reads, and input echoed into messages.

Numbers are ASCII digits only: ``str.isdigit`` also accepts other scripts'
digits and superscripts, which ``int`` then reads or refuses in its own words.
Anything a message echoes is shown quoted on one line, with control and
separator characters escaped, so a message is one line whatever the input.
"""

MAX_DIGITS = 18
"""Longer numbers are refused: no count, seed or depth needs more."""
_SHOWN_CHARACTERS = 40


def whole_number(text: str) -> int | None:
    """The value of ``text`` when it is 1 to MAX_DIGITS ASCII digits, else None."""
    if not 1 <= len(text) <= MAX_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def shown(text: str) -> str:
    """``text`` quoted for a message: one line, escaped, cut short when long."""
    if len(text) > _SHOWN_CHARACTERS:
        text = text[:_SHOWN_CHARACTERS] + "..."
    return repr(text)


def one_line(message: str) -> str:
    """``message`` with every character that is not printable escaped (line breaks too)."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)
