"""Every word and number on every screen is readable on the real glass."""

from pathlib import Path

import pygame
import pytest
from board_legibility import MIN_CONTRAST, board_layout, read_values
from screen_gallery import BUSY_SEED, played_game, smallest_cap_mm

from device.hardware.profiles import PROFILES
from device.look.board_view import BoardMarks, cell_centre, colony_chips
from device.look.layout import MIN_CAP_MM, Layout, satellite_square
from device.look.theme import STANDARD, Fonts


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_no_screen_draws_letters_below_the_legible_height(profile: str, tmp_path: Path) -> None:
    assert smallest_cap_mm(profile, tmp_path) >= MIN_CAP_MM


def test_a_smaller_panel_of_the_same_pixels_gets_bigger_letters() -> None:
    pygame.font.init()
    fonts = Fonts()
    two_inch = Layout.for_screen(320, 240, 2.0, fonts)
    one_inch = Layout.for_screen(320, 240, 1.0, fonts)
    assert one_inch.text_size > two_inch.text_size
    assert fonts.cap_height(one_inch.text_size) / one_inch.px_per_mm >= MIN_CAP_MM


@pytest.mark.parametrize("colour_blind", [False, True], ids=["normal", "colour-blind"])
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_value_on_the_board_is_readable(profile: str, colour_blind: bool) -> None:
    """Both colours, every value, connected or not: tall enough on the glass, all its
    ink on its own satellite's fill (no ring or edge touches or crosses it), and
    standing out from that fill."""
    for reading in read_values(profile, colour_blind):
        assert reading.cap_mm >= MIN_CAP_MM, reading
        assert reading.ink_on_fill, reading
        assert reading.contrast >= MIN_CONTRAST, reading


def test_the_smallest_panel_gives_its_board_most_of_the_screen() -> None:
    """On lcdhat's 240 x 240 the board is wider than its old 160 px (1.56 mm cells)."""
    pygame.font.init()
    layout = board_layout("lcdhat", Fonts())
    assert layout.board.w >= 190
    assert layout.board.w * layout.board.h >= 0.6 * layout.width * layout.height


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_satellite_values_fill_most_of_their_disc(profile: str) -> None:
    pygame.font.init()
    fonts = Fonts()
    spec = PROFILES[profile]
    layout = Layout.for_screen(spec.width, spec.height, spec.diagonal_in, fonts)
    digit = fonts.cap_height(layout.value_size(fonts, layout.cell), bold=True)
    assert digit >= 0.7 * 2 * layout.disc_radius(layout.cell)


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_colony_total_never_looks_like_a_satellite(profile: str) -> None:
    """A total stands between cells (never where a satellite would), clear of every
    satellite, and no taller than a value."""
    pygame.font.init()
    fonts = Fonts()
    layout = board_layout(profile, fonts)
    position = played_game(BUSY_SEED, plies=120).position
    chips = colony_chips(layout, fonts, STANDARD, position, BoardMarks())
    assert len(chips) == 4, "every colony of the gallery's busy game shows its total"
    radius = layout.disc_radius(layout.cell)
    discs = [
        satellite_square(cell_centre(layout, cell), radius)
        for cell in range(100)
        if position.board[cell]
    ]
    middles = [
        pygame.Rect(cell_centre(layout, cell), (0, 0)).inflate(layout.cell // 2, layout.cell // 2)
        for cell in range(100)
    ]
    value_cap = fonts.cap_height(layout.value_size(fonts, layout.cell), bold=True)
    for _, rect, label in chips:
        assert not any(middle.collidepoint(rect.center) for middle in middles), rect
        assert rect.collidelist([disc.inflate(-4, -4) for disc in discs]) < 0, rect
        assert label.get_height() <= value_cap
