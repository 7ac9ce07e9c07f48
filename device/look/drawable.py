"""The one rule for text on screen: whatever reaches a font is made drawable first.

Text comes from everywhere: the other device's reasons over the link, file
names in the save folder, the dates and names inside journals and records,
the operating system's messages.  Any of it may hold a NUL, control
characters, lone surrogates (a file name that is not UTF-8), bytes that are
not text, or characters with no width at all, and the font library raises
on each of those.  ``drawable`` turns every such character into a visible
replacement, and the fonts the screens draw with (``DrawableFont``, handed
out by ``device.look.theme.Fonts``) apply it to everything they measure or
render, so no screen can bypass it.
"""

from __future__ import annotations

import re
import unicodedata

import pygame

REPLACEMENT = "\ufffd"
"""What an undrawable character is shown as."""
MAX_CHARS = 4000
"""Longer text is cut (with an ellipsis): no screen shows more, and a hostile
string of megabytes would only cost memory and time."""
UNDRAWABLE = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Unicode categories drawn as the replacement: controls (NUL, line feeds, escapes),
format characters (zero width: alone they are text the font cannot render),
surrogates (undecodable bytes of a file name), line and paragraph separators."""
_PRINTABLE_ASCII = re.compile("[ -~]").search
"""Text holding one of these has width: no need to measure it first."""


def drawable(words: str | bytes) -> str:
    """``words`` with every character a font cannot draw shown as U+FFFD; bytes are
    decoded as UTF-8, whatever is not UTF-8 shown as U+FFFD too."""
    if isinstance(words, bytes):
        words = words[: MAX_CHARS * 4].decode("utf-8", errors="replace")
    if len(words) > MAX_CHARS:
        words = words[: MAX_CHARS - 1] + "\u2026"
    if words.isprintable():
        return words  # the usual case, quick: no character of UNDRAWABLE is printable
    return "".join(
        REPLACEMENT if unicodedata.category(char) in UNDRAWABLE else char for char in words
    )


class DrawableFont(pygame.font.Font):
    """A font that measures and renders only drawable text (see the module's docstring).

    Text this font gives no width at all (marks with nothing to sit on, which the
    font library refuses to render) is shown as one replacement a character.
    """

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        return super().size(self._drawn(text))

    def render(
        self,
        text: str | bytes | None,
        antialias: bool,
        color: pygame.typing.ColorLike,
        bgcolor: pygame.typing.ColorLike | None = None,
        wraplength: int = 0,
    ) -> pygame.Surface:
        return super().render(self._drawn(text or ""), antialias, color, bgcolor, wraplength)

    def _drawn(self, text: str | bytes) -> str:
        words = drawable(text)
        if words and not _PRINTABLE_ASCII(words) and super().size(words)[0] == 0:
            return REPLACEMENT * len(words)
        return words
