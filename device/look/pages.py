"""Long content on a small screen: words and pictures flowed onto pages.

A word is never made smaller to fit: what does not fit goes to the next page.
A sentence stays on one page (only one taller than a whole page is cut, at a
line), and a picture asked to stay with the words before it takes their last
sentence onto its page when both do not fit where they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pygame

from device.look.theme import Colour
from device.look.ui import Ui

Painter = Callable[[pygame.Surface, pygame.Rect], None]
PARAGRAPH_GAP = 4
"""Pixels between a paragraph and what follows it."""
SENTENCE_END = re.compile(r"(?<=[.?!]) +")


@dataclass(frozen=True)
class Block:
    """Something of a fixed height: a line, a row of chips, a diagram."""

    height: int
    paint: Painter
    gap_after: int = 0
    with_words: bool = False
    """Stays on one page with the sentence before it."""
    words: str = ""
    """The words it shows, if any."""


@dataclass(frozen=True)
class Words:
    """A paragraph, wrapped to the page's width; its sentences are never cut by a page."""

    text: str
    colour: Colour | None = None
    bold: bool = False


Content = Block | Words


def sentences(text: str) -> list[str]:
    """``text`` cut after each full stop, question or exclamation mark."""
    return [part for part in SENTENCE_END.split(text.strip()) if part]


@dataclass
class _Paragraph:
    """The sentences of one ``Words`` that fell on one page."""

    words: Words
    sentences: list[str] = field(default_factory=list)

    def lines(self, ui: Ui, width: int) -> list[str]:
        font = ui.font(bold=self.words.bold)
        return ui.wrap(" ".join(self.sentences), font, width)

    def height(self, ui: Ui, width: int) -> int:
        return len(self.lines(ui, width)) * ui.layout.line + PARAGRAPH_GAP if self.sentences else 0


class _Pager:
    """Fills pages one piece at a time (see the module's docstring)."""

    def __init__(self, ui: Ui, width: int, height: int) -> None:
        self.ui, self.width, self.height = ui, width, height
        self.pages: list[list[Block | _Paragraph]] = [[]]

    def used(self, page: list[Block | _Paragraph]) -> int:
        return sum(self._height(piece) for piece in page)

    def _height(self, piece: Block | _Paragraph) -> int:
        if isinstance(piece, Block):
            return piece.height + piece.gap_after
        return piece.height(self.ui, self.width)

    def _fits(self, page: list[Block | _Paragraph]) -> bool:
        return self.used(page) - self._trailing_gap(page) <= self.height

    def _trailing_gap(self, page: list[Block | _Paragraph]) -> int:
        if not page:
            return 0
        last = page[-1]
        return last.gap_after if isinstance(last, Block) else PARAGRAPH_GAP

    def new_page(self) -> list[Block | _Paragraph]:
        if self.pages[-1]:
            self.pages.append([])
        return self.pages[-1]

    def add_words(self, words: Words) -> None:
        for sentence in sentences(words.text):
            self.add_sentence(words, sentence)

    def add_sentence(self, words: Words, sentence: str) -> None:
        page = self.pages[-1]
        paragraph = page[-1] if page and isinstance(page[-1], _Paragraph) else None
        if paragraph is None or paragraph.words is not words:
            paragraph = _Paragraph(words)
            page.append(paragraph)
        paragraph.sentences.append(sentence)
        if self._fits(page):
            return
        paragraph.sentences.pop()
        if not paragraph.sentences:
            page.pop()
        alone = _Paragraph(words, [sentence])
        self.new_page().append(alone)
        if not self._fits(self.pages[-1]):
            self.pages[-1].pop()
            self._cut(words, sentence)

    def _cut(self, words: Words, sentence: str) -> None:
        """A sentence taller than a page: as many lines as fit on each page."""
        font = self.ui.font(bold=words.bold)
        page = self.pages[-1]
        for line in self.ui.wrap(sentence, font, self.width):
            piece = _line_block(self.ui, words, line)
            page.append(piece)
            if not self._fits(page):
                page.pop()
                page = self.new_page()
                page.append(piece)

    def add_block(self, block: Block) -> None:
        page = self.pages[-1]
        page.append(block)
        if self._fits(page):
            return
        page.pop()
        moved = self._last_sentence(page) if block.with_words else None
        if moved is not None and not self._fits([moved, block]):
            self._put_back(page, moved)
            moved = None
        page = self.new_page()
        page.extend([block] if moved is None else [moved, block])

    @staticmethod
    def _put_back(page: list[Block | _Paragraph], moved: _Paragraph) -> None:
        last = page[-1] if page else None
        if isinstance(last, _Paragraph) and last.words is moved.words:
            last.sentences += moved.sentences
        else:
            page.append(moved)

    def _last_sentence(self, page: list[Block | _Paragraph]) -> _Paragraph | None:
        """The page's last sentence, taken off it to go on with what follows (None
        when the page ends with something else, or that sentence is all it holds)."""
        if not page or not isinstance(page[-1], _Paragraph):
            return None
        paragraph = page[-1]
        if len(page) == 1 and len(paragraph.sentences) == 1:
            return None
        sentence = paragraph.sentences.pop()
        if not paragraph.sentences:
            page.pop()
        return _Paragraph(paragraph.words, [sentence])

    def blocks(self) -> list[list[Block]]:
        return [[b for piece in page for b in self._as_blocks(piece)] for page in self.pages]

    def _as_blocks(self, piece: Block | _Paragraph) -> list[Block]:
        if isinstance(piece, Block):
            return [piece]
        words = piece.words
        lines = piece.lines(self.ui, self.width)
        blocks = [_line_block(self.ui, words, line) for line in lines]
        blocks[-1] = replace(blocks[-1], gap_after=PARAGRAPH_GAP)
        return blocks


def _line_block(ui: Ui, words: Words, line: str) -> Block:
    font = ui.font(bold=words.bold)
    shade = words.colour or ui.palette.text

    def paint(surface: pygame.Surface, area: pygame.Rect) -> None:
        surface.blit(font.render(line, True, shade), area.topleft)

    return Block(ui.layout.line, paint, words=line)


def paginate(ui: Ui, content: list[Content], width: int, height: int) -> list[list[Block]]:
    """``content`` in order onto pages ``width`` by ``height`` pixels, as blocks to draw."""
    pager = _Pager(ui, width, height)
    for piece in content:
        if isinstance(piece, Words):
            pager.add_words(piece)
        else:
            pager.add_block(piece)
    return pager.blocks()


def draw_page(surface: pygame.Surface, page: list[Block], area: pygame.Rect) -> None:
    y = area.y
    for block in page:
        block.paint(surface, pygame.Rect(area.x, y, area.w, block.height))
        y += block.height + block.gap_after
