"""What a screen draws in words: every piece of text rendered while listening."""

from typing import Any

import pygame
import pytest

from device.app import App
from device.look.drawable import DrawableFont


def squeezed(words: str) -> str:
    """``words`` without their spaces: a wrapped line breaks at any space."""
    return "".join(words.split())


class DrawnWords:
    """Every piece of text drawn while it listens, with its font's size."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.drawn: list[tuple[str, int]] = []
        render = DrawableFont.render

        def recording(font: DrawableFont, text: str | bytes | None, *args: Any) -> pygame.Surface:
            self.drawn.append((str(text or ""), font.point_size))
            return render(font, text, *args)

        monkeypatch.setattr(DrawableFont, "render", recording)

    def text(self) -> str:
        """All the words drawn, run together without spaces."""
        return "".join(squeezed(words) for words, _ in self.drawn)


def screen_words(app: App, monkeypatch: pytest.MonkeyPatch) -> DrawnWords:
    """The words of the screen on top, as drawn now (fonts measured beforehand, so
    only the screen's own words are heard)."""
    app.dirty = True
    app.draw()
    words = DrawnWords(monkeypatch)
    app.dirty = True
    app.draw()
    return words
