"""The window's loop is the app's own step, its input the desktop's keys with the
simulator's own taken first."""

from pathlib import Path

import pygame

from device.app import App
from device.devices import Devices
from device.hardware.profiles import PROFILES
from device.screens.title_screen import TitleScreen
from drivers.display import HeadlessDisplay
from drivers.keyboard import keymap_for
from simulator.desktop_keys import DesktopKeys
from simulator.runner import WindowRun


def test_the_simulators_keys_are_taken_before_the_app_and_the_rest_reach_it(
    tmp_path: Path,
) -> None:
    pygame.display.init()
    pygame.font.init()
    profile = PROFILES["tabletop"]
    keys = DesktopKeys(keymap_for(profile.pygame_keys))
    devices = Devices(profile, HeadlessDisplay(profile.size), tmp_path / "saves", inputs=(keys,))
    app = App(devices)
    offered: list[int] = []
    frame_times: list[float] = []

    def on_key(key: int) -> bool:
        offered.append(key)
        return key == pygame.K_F2

    keys.own_key = on_key
    for key in (pygame.K_F2, pygame.K_DOWN):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    try:
        WindowRun(app, tmp_path / "frames", record=True, frame_time=frame_times.append).run()
    finally:
        pygame.quit()
    assert offered == [pygame.K_F2, pygame.K_DOWN]
    title = app.screens[0]
    assert isinstance(title, TitleScreen) and title.index == 1, "DOWN reached the app, F2 did not"
    assert frame_times and all(ms > 0 for ms in frame_times)
    assert (tmp_path / "frames" / "frame-00001.png").is_file(), "the frame was recorded"
