"""Every word and number on every screen is readable on the real glass."""

from pathlib import Path

import pygame
import pytest
from screen_gallery import smallest_cap_mm

from device.layout import MIN_CAP_MM, Layout
from device.profiles import PROFILES
from device.theme import Fonts


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


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_satellite_values_fill_most_of_their_disc(profile: str) -> None:
    pygame.font.init()
    fonts = Fonts()
    spec = PROFILES[profile]
    layout = Layout.for_screen(spec.width, spec.height, spec.diagonal_in, fonts)
    digit = fonts.cap_height(layout.value_size(fonts, layout.cell), bold=True)
    assert digit >= 0.7 * 2 * layout.disc_radius(layout.cell)
