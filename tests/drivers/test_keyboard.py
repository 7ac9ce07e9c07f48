"""SDL keys reach the right physical buttons, on the device and on the desktop."""

import pygame
import pytest

from deploy.profiles import load_profiles
from device.profiles import PROFILES
from drivers.keyboard import KEYMAPS, describe_keys, keymap_for


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_physical_button_has_a_key(profile: str) -> None:
    assert set(keymap_for(profile).values()) == set(PROFILES[profile].buttons)


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_keys_the_gpio_overlay_sends_press_the_labelled_button(profile: str) -> None:
    table = load_profiles()
    for button in table.profiles[profile].buttons:
        key = getattr(pygame, table.keys[button.button].pygame)
        assert KEYMAPS[profile][key] == button.label.upper().split()[-1], button


def test_the_help_overlay_names_every_button() -> None:
    pygame.init()
    for profile in PROFILES:
        named = {button for _, button in describe_keys(profile)}
        assert named == set(PROFILES[profile].buttons)
    keys_for_a = next(keys for keys, button in describe_keys("tabletop") if button == "A")
    assert "return" in keys_for_a.split(" / ")
