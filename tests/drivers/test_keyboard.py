"""SDL keys reach the right physical buttons, on the device and on the desktop."""

import pygame
import pytest

from device.hardware import profiles as table
from device.hardware.profiles import PROFILES
from drivers.keyboard import describe_keys, keymap_for


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_physical_button_has_a_key(profile: str) -> None:
    assert set(keymap_for(PROFILES[profile].pygame_keys).values()) == set(
        PROFILES[profile].meanings
    )


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_keys_the_gpio_overlay_sends_press_their_own_button(profile: str) -> None:
    """No desktop convenience takes over the key a device button sends."""
    for button in table.PROFILES[profile].buttons:
        key = getattr(pygame, table.KEYS[button.sends].pygame)
        assert keymap_for(PROFILES[profile].pygame_keys)[key] == button.name, button


def test_the_help_overlay_names_every_button() -> None:
    pygame.init()
    for profile in PROFILES:
        named = {button for _, button in describe_keys(keymap_for(PROFILES[profile].pygame_keys))}
        assert named == set(PROFILES[profile].meanings)
    keys_for_a = next(
        keys
        for keys, button in describe_keys(keymap_for(PROFILES["tabletop"].pygame_keys))
        if button == "A"
    )
    assert "return" in keys_for_a.split(" / ")
