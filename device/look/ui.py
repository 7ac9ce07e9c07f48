"""What every screen draws with: layout, palette, fonts, words."""

from __future__ import annotations

import pygame

from device.hardware.profiles import Edge, Profile
from device.i18n import text
from device.look.layout import Layout, picture_edge
from device.look.theme import Colour, Fonts, Palette, palette_for
from device.play.settings import Settings

ELLIPSIS = "\u2026"


class Ui:
    def __init__(self, profile: Profile, settings: Settings, fonts: Fonts) -> None:
        self.profile = profile
        self.settings = settings
        self.fonts = fonts
        self._layouts: dict[int, Layout] = {}
        self.half_turned = False
        """Whether the picture being drawn turns half round on top of the rotation
        (tabletop play, the far player's turn)."""

    @property
    def layout(self) -> Layout:
        """The layout for the picture as it is turned now (the rotation, and a half
        turn across a table): the side keys are named beside the edge of the glass
        they stand by."""
        rotation = (self.settings.rotation + (180 if self.half_turned else 0)) % 360
        if rotation not in self._layouts:
            profile = self.profile
            beside = profile.keys_beside
            keys_edge = Edge.RIGHT if beside is None else picture_edge(beside, rotation)
            self._layouts[rotation] = Layout.for_screen(
                profile.width, profile.height, profile.diagonal_in, self.fonts, keys_edge
            )
        return self._layouts[rotation]

    @property
    def palette(self) -> Palette:
        return palette_for(self.settings.colour_blind)

    def t(self, key: str, **values: object) -> str:
        return text(self.settings.language, key, **values)

    def colour_name(self, colour: int) -> str:
        return self.t(f"colour.{colour}")

    def font(self, size: int | None = None, bold: bool = False) -> pygame.font.Font:
        return self.fonts.get(size or self.layout.text_size, bold)

    def wrap(self, words: str, font: pygame.font.Font, width: int) -> list[str]:
        """Break ``words`` into lines no wider than ``width`` pixels (a word wider than
        that, a file's name, is cut where it must)."""
        lines: list[str] = []
        for paragraph in words.split("\n"):
            line = ""
            for word in paragraph.split(" "):
                for piece in self._pieces(word, font, width):
                    candidate = f"{line} {piece}" if line else piece
                    if line and font.size(candidate)[0] > width:
                        lines.append(line)
                        line = piece
                    else:
                        line = candidate
            lines.append(line)
        return lines

    def _pieces(self, word: str, font: pygame.font.Font, width: int) -> list[str]:
        """``word`` cut into pieces no wider than ``width`` (itself when it fits)."""
        pieces = []
        while font.size(word)[0] > width and len(word) > 1:
            fits = self._longest_start(word, font, width, "")
            pieces.append(word[:fits])
            word = word[fits:]
        return [*pieces, word]

    @staticmethod
    def _longest_start(words: str, font: pygame.font.Font, width: int, tail: str) -> int:
        """How many characters of ``words``, followed by ``tail``, fit in ``width``
        (at least one: a piece is never empty)."""
        fits, longer = 1, len(words)
        while fits < longer:
            middle = (fits + longer + 1) // 2
            if font.size(words[:middle] + tail)[0] <= width:
                fits = middle
            else:
                longer = middle - 1
        return fits

    def fit(self, words: str, font: pygame.font.Font, width: int) -> str:
        """``words`` as they fit in ``width`` pixels on one line: cut with an ellipsis
        when too long."""
        if font.size(words)[0] <= width:
            return words
        # the longest start that fits, found by halving (a file's text may be long)
        fits = self._longest_start(words, font, width, ELLIPSIS)
        if font.size(words[:fits] + ELLIPSIS)[0] > width:
            fits = 0
        return words[:fits].rstrip() + ELLIPSIS

    def heading_font(self, words: str, width: int) -> pygame.font.Font:
        """The title size when ``words`` fit in ``width`` at it, else the text size (bold)."""
        font = self.font(self.layout.title_size, bold=True)
        return font if font.size(words)[0] <= width else self.font(bold=True)

    def draw_lines(
        self,
        surface: pygame.Surface,
        lines: list[str],
        font: pygame.font.Font,
        topleft: tuple[int, int],
        colour: Colour | None = None,
        centred_in: int | None = None,
    ) -> int:
        """Draw lines downwards; returns the y below the last one."""
        x, y = topleft
        for line in lines:
            image = font.render(line, True, colour or self.palette.text)
            if centred_in is not None:
                surface.blit(image, (x + (centred_in - image.get_width()) // 2, y))
            else:
                surface.blit(image, (x, y))
            y += font.get_linesize()
        return y

    def draw_title(self, surface: pygame.Surface, title: str) -> int:
        """A screen's heading, as big as the menus' titles; returns the y where the
        content may start."""
        font = self.font(self.layout.title_size, bold=True)
        image = font.render(title, True, self.palette.text)
        surface.blit(image, ((self.layout.width - image.get_width()) // 2, 4))
        return 8 + font.get_linesize()
