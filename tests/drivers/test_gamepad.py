"""A USB gamepad presses the profile's buttons, through SDL's game controller API."""

from collections.abc import Iterator

import pygame
import pytest
from virtual_pad import VirtualPad

from device.hardware.profiles import PROFILES
from drivers.gamepad import GamepadInput, pad_button_map

Plugged = tuple[GamepadInput, VirtualPad]


@pytest.fixture(params=["lcdhat"])
def plugged(request: pytest.FixtureRequest) -> Iterator[Plugged]:
    """A profile's gamepad input, and a pad plugged in while it runs (opened at the
    first read); the profile is the test's ``parametrize(..., indirect=True)``."""
    pygame.display.init()
    gamepad = GamepadInput(PROFILES[request.param].pad_buttons)
    pad = VirtualPad()
    assert gamepad.read(pygame.event.get()) == [], "a pad plugged in presses nothing"
    yield gamepad, pad
    pad.unplug()
    gamepad.close()
    pygame.quit()


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_button_of_a_profile_can_be_pressed_on_a_pad(profile: str) -> None:
    pads = pad_button_map(PROFILES[profile].pad_buttons)  # SDL knows every name
    assert set(pads.values()) == set(PROFILES[profile].meanings)


def test_a_pad_plugged_in_while_the_game_runs_presses_the_profiles_buttons(
    plugged: Plugged,
) -> None:
    gamepad, pad = plugged
    pad.press("a")
    assert gamepad.read(pygame.event.get()) == [("PRESS", True)]
    pad.release("a")
    pad.press("dpleft")  # SDL reports a pad's changes in one poll in button order
    assert sorted(gamepad.read(pygame.event.get())) == [("LEFT", True), ("PRESS", False)]
    pad.press("start")
    assert gamepad.read(pygame.event.get()) == [("KEY2", True)]
    pad.press("leftshoulder")  # a button the profile does not use
    assert gamepad.read(pygame.event.get()) == []


@pytest.mark.parametrize("plugged", ["tabletop"], indirect=True)
def test_a_pad_pulled_out_lets_go_what_it_held(plugged: Plugged) -> None:
    gamepad, pad = plugged
    pad.press("b")
    pad.press("dpup")
    assert gamepad.read(pygame.event.get()) == [("B", True), ("UP", True)]
    pad.unplug()
    assert sorted(gamepad.read(pygame.event.get())) == [("B", False), ("UP", False)]
    assert gamepad.read(pygame.event.get()) == []


@pytest.mark.parametrize("plugged", ["hatmini"], indirect=True)
def test_a_stick_pushed_presses_nothing_and_the_d_pad_steps_the_choices(
    plugged: Plugged,
) -> None:
    gamepad, pad = plugged
    pad.move_stick(1.0)
    assert gamepad.read(pygame.event.get()) == []
    pad.press("dpdown")
    assert gamepad.read(pygame.event.get()) == [("X", True)], "the HAT's X: the next choice"
