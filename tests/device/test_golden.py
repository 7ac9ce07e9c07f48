"""Every screen of the gallery looks as approved, on every profile, in both
languages and both palettes (profile x English/Spanish x normal/colour-blind;
small tolerance for font rasterising).

To approve new pictures after a deliberate change of the look, run this file with
SATELLITES_UPDATE_GOLDEN=1 and look at the PNGs in tests/device/golden/ before committing.
"""

import os
from pathlib import Path

import pygame
import pytest
from screen_gallery import LOOKS, Look, render_gallery, shot_file

from device.hardware.profiles import PROFILES

GOLDEN = Path(__file__).parent / "golden"
CHANNEL_SLACK = 48
"""A pixel counts as different when a channel moves by more than this."""
MAX_DIFFERENT = 0.002
"""At most this share of the pixels may differ."""


def _different_share(expected: pygame.Surface, actual: pygame.Surface) -> float:
    assert expected.get_size() == actual.get_size()
    width, height = actual.get_size()
    a = pygame.image.tobytes(expected, "RGB")
    b = pygame.image.tobytes(actual, "RGB")
    if a == b:
        return 0.0
    different = 0
    for index in range(0, len(a), 3):
        if (
            abs(a[index] - b[index]) > CHANNEL_SLACK
            or abs(a[index + 1] - b[index + 1]) > CHANNEL_SLACK
            or abs(a[index + 2] - b[index + 2]) > CHANNEL_SLACK
        ):
            different += 1
    return different / (width * height)


@pytest.mark.parametrize("look", LOOKS, ids=lambda look: look.name)
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_screen_matches_its_approved_picture(
    profile: str, look: Look, tmp_path: Path
) -> None:
    shots = render_gallery(profile, tmp_path, look=look)
    update = os.environ.get("SATELLITES_UPDATE_GOLDEN") == "1"
    failures = []
    for name, surface in shots.items():
        path = GOLDEN / shot_file(profile, look, name)
        if update:
            GOLDEN.mkdir(exist_ok=True)
            pygame.image.save(surface, path)
            continue
        assert path.exists(), f"no approved picture {path.name}: see this file's docstring"
        share = _different_share(pygame.image.load(path), surface)
        if share > MAX_DIFFERENT:
            failures.append(f"{name}: {share:.1%} of pixels differ")
    assert not failures, failures


def test_no_approved_picture_is_left_without_its_screen(tmp_path: Path) -> None:
    # A profile's gallery shows the same screens in every look: one rendering names them.
    expected = {
        shot_file(profile, look, name)
        for profile in PROFILES
        for name in render_gallery(profile, tmp_path / profile)
        for look in LOOKS
    }
    assert {path.name for path in GOLDEN.glob("*.png")} == expected
