"""The two palettes (the normal one and the colour-blind-safe one), without pygame.

Apart from the theme so that the device's splash can paint in the game's
colours before pygame is loaded.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    background: Colour
    board_light: Colour
    board_dark: Colour
    edge: Colour
    grid: Colour
    text: Colour
    dim: Colour
    players: tuple[Colour, Colour]
    players_light: tuple[Colour, Colour]
    player_text: Colour
    cursor: Colour
    selected: Colour
    normal_target: Colour
    connection_target: Colour
    displacement_target: Colour
    landing: Colour
    """Where a displaced satellite may go: orange, as the rules promise."""
    last_move: Colour
    """The from-to mark of the last move: a colour used for nothing else."""
    hint: Colour
    free_edge: Colour
    disputed: Colour
    pair: Colour
    crown: Colour
    panel: Colour
    highlight: Colour
    shapes: bool
    """Red satellites round, Blue ones square: colour is then not needed."""


STANDARD = Palette(
    background=(24, 26, 34),
    board_light=(58, 62, 78),
    board_dark=(50, 54, 68),
    edge=(70, 74, 94),
    grid=(36, 38, 48),
    text=(236, 236, 240),
    dim=(150, 154, 170),
    players=((214, 64, 64), (56, 118, 226)),
    players_light=((255, 150, 150), (150, 190, 255)),
    player_text=(255, 255, 255),
    cursor=(255, 240, 90),
    selected=(120, 110, 40),
    normal_target=(215, 215, 225),
    connection_target=(80, 230, 120),
    displacement_target=(255, 90, 200),
    landing=(255, 150, 20),
    last_move=(0, 200, 220),
    hint=(230, 200, 255),
    free_edge=(170, 90, 255),
    disputed=(190, 190, 200),
    pair=(130, 134, 150),
    crown=(255, 210, 40),
    panel=(34, 36, 46),
    highlight=(70, 74, 100),
    shapes=False,
)

COLOUR_BLIND = Palette(
    background=(20, 20, 24),
    board_light=(64, 64, 70),
    board_dark=(54, 54, 60),
    edge=(80, 80, 88),
    grid=(34, 34, 40),
    text=(240, 240, 240),
    dim=(160, 160, 166),
    # Okabe-Ito vermillion and blue, told apart by shape as well.
    players=((213, 94, 0), (0, 114, 178)),
    players_light=((240, 170, 120), (110, 180, 230)),
    player_text=(255, 255, 255),
    cursor=(255, 250, 150),
    selected=(110, 104, 40),
    normal_target=(230, 230, 230),
    # measured apart under simulated colour-vision deficiencies (tests/device/colour_vision.py)
    connection_target=(128, 160, 224),
    displacement_target=(180, 165, 120),
    landing=(240, 170, 0),
    last_move=(192, 224, 192),
    hint=(128, 128, 128),
    free_edge=(96, 224, 224),
    disputed=(200, 200, 200),
    pair=(140, 140, 146),
    crown=(240, 228, 66),
    panel=(32, 32, 38),
    highlight=(76, 76, 96),
    shapes=True,
)
