"""A USB gamepad presses the profile's buttons, through SDL's game controller API."""

from collections.abc import Iterator

import pygame
import pytest
from virtual_pad import VirtualPad

from device.hardware.profiles import PROFILES
from drivers.gamepad import GamepadInput, pad_button_map


@pytest.fixture
def sdl() -> Iterator[None]:
    pygame.display.init()
    yield
    pygame.quit()


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_button_of_a_profile_can_be_pressed_on_a_pad(profile: str) -> None:
    pads = pad_button_map(PROFILES[profile].pad_buttons)  # SDL knows every name
    assert set(pads.values()) == set(PROFILES[profile].meanings)


def test_a_pad_plugged_in_while_the_game_runs_presses_the_profiles_buttons(sdl: None) -> None:
    gamepad = GamepadInput(PROFILES["lcdhat"].pad_buttons)
    pad = VirtualPad()
    try:
        assert gamepad.read() == []
        pad.press("a")
        assert gamepad.read() == [("PRESS", True)]
        pad.release("a")
        pad.press("dpleft")  # SDL reports a pad's changes in one poll in button order
        assert sorted(gamepad.read()) == [("LEFT", True), ("PRESS", False)]
        pad.press("start")
        assert gamepad.read() == [("KEY2", True)]
        pad.press("leftshoulder")  # a button the profile does not use
        assert gamepad.read() == []
    finally:
        pad.unplug()
        gamepad.close()


def test_a_pad_pulled_out_lets_go_what_it_held(sdl: None) -> None:
    gamepad = GamepadInput(PROFILES["tabletop"].pad_buttons)
    pad = VirtualPad()
    try:
        assert gamepad.read() == []  # the pad is opened
        pad.press("b")
        pad.press("dpup")
        assert gamepad.read() == [("B", True), ("UP", True)]
        pad.unplug()
        assert sorted(gamepad.read()) == [("B", False), ("UP", False)]
        assert gamepad.read() == []
    finally:
        pad.unplug()
        gamepad.close()


def test_a_stick_pushed_presses_nothing(sdl: None) -> None:
    gamepad = GamepadInput(PROFILES["tabletop"].pad_buttons)
    pad = VirtualPad()
    try:
        assert gamepad.read() == []
        pad.move_stick(1.0)
        assert gamepad.read() == []
        pad.press("dpdown")
        assert gamepad.read() == [("DOWN", True)]
    finally:
        pad.unplug()
        gamepad.close()
