"""The simulator's title pictures a card's panel is checked against: whatever the pace
of the device's loop, its title rests on one of them."""

import sys
from pathlib import Path

import pygame

from deploy.vm.firstboot import TITLE_PICTURES, simulator_title
from deploy.vm.pictures import Picture
from device.hardware.profiles import ProfileName
from device.play.demo import MOVE_EVERY_MS, PLAYS_FOR_MS
from device.screens.title_screen import SLIDE_MS
from simulator.power import SimulatedPowerSwitch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "device"))
from app_driver import Driver


def _shown(driver: Driver) -> Picture:
    driver.app.dirty = True
    driver.app.draw()
    surface = driver.app.display.surface
    return Picture(surface.get_width(), surface.get_height(), pygame.image.tobytes(surface, "RGB"))


def test_a_slow_devices_title_rests_on_one_of_the_simulators_pictures(tmp_path: Path) -> None:
    pictures = simulator_title(ProfileName.HATMINI, tmp_path / "simulator")
    assert len(pictures) == TITLE_PICTURES
    known = {picture.as_rgb565() for picture in pictures}
    assert len(known) > TITLE_PICTURES // 2, "the title's game moves between pictures"

    driver = Driver("hatmini", tmp_path / "saves", power=SimulatedPowerSwitch())
    driver.now = 4_321
    assert _shown(driver).as_rgb565() == pictures[0].as_rgb565(), "the first frame"
    late = MOVE_EVERY_MS + 700 - SLIDE_MS
    seen_resting = 0
    while driver.now < PLAYS_FOR_MS + 3 * late:
        driver.now += late  # the loop wakes late for every move
        driver.app.update(driver.now)
        driver.now += SLIDE_MS
        driver.app.update(driver.now)
        seen_resting += _shown(driver).as_rgb565() in known
    assert seen_resting > 10, "a late loop's moves are the same moves"
    assert _shown(driver).as_rgb565() in known, "and the board stands still on one of them"
