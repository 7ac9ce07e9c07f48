"""``--buttons serial-emulator``: desktop keys -> emulated controller -> pty -> reader -> app."""

import threading
import time
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from pathlib import Path

import pygame
import pytest
from waiting import DEADLINE_S, LOOK_EVERY_S, wait_until

from device.app import App
from device.devices import Devices
from device.hardware.profiles import KEYS, PROFILES
from device.screens.menu_screen import MenuScreen
from device.screens.new_game_screen import NewGameScreen
from device.screens.title_screen import TitleScreen
from drivers.display import HeadlessDisplay
from drivers.keyboard import keymap_for
from drivers.serial_buttons.protocol import BUTTONS
from drivers.serial_buttons.reader import sdl_keys
from simulator.cli import build_parser, main
from simulator.desktop_keys import DesktopKeys
from simulator.runner import WindowRun
from simulator.serial_buttons import CONTROLLER_BUTTONS, FROM_CONTROLLER, EmulatedButtons

DEFAULT_KEYS = sdl_keys(KEYS)
"""The keys the gpio-key overlay sends for each logical button."""


@pytest.fixture
def sdl() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    yield
    pygame.quit()


class RecordingKeys(DesktopKeys):
    """The desktop's keys, noting each key event that gets past the simulator's keys and
    the controller to the app."""

    def __init__(self, keymap: Mapping[int, str]) -> None:
        super().__init__(keymap)
        self.reached: list[pygame.event.Event] = []

    def change(self, event: pygame.event.Event) -> tuple[str, bool] | None:
        self.reached.append(event)
        return super().change(event)


class Wired:
    """The pieces as the window wires them, with the loop's turns taken by hand."""

    def __init__(self, profile: str, tmp_path: Path) -> None:
        self.keys = RecordingKeys(keymap_for(PROFILES[profile].pygame_keys))
        display = HeadlessDisplay(PROFILES[profile].size)
        saves = tmp_path / "saves"
        self.app = App(Devices(PROFILES[profile], display, saves, inputs=(self.keys,)))
        self.said: list[str] = []
        self.buttons = EmulatedButtons(profile, self.keys.keymap, tmp_path, self.said.append)
        self.keys.controller = self.buttons
        self.reached_app = self.keys.reached

    def desktop_key(self, key: int) -> None:
        """A tap on the desktop keyboard, held long enough for the two-frame rule."""
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            assert self.buttons.route(pygame.event.Event(kind, key=key)), "taken, not the app's"
            self.pump_until(partial(self.last_key_was, kind))

    def pump_until(self, condition: Callable[[], bool]) -> None:
        """Run the window loop's dispatch by hand until ``condition`` holds."""
        deadline = time.monotonic() + DEADLINE_S
        while not condition():
            assert time.monotonic() < deadline, "timed out"
            self.app.take_input()
            self.app.update()
            time.sleep(LOOK_EVERY_S)

    def last_key_was(self, kind: int) -> bool:
        keys = [e for e in self.reached_app if e.type in (pygame.KEYDOWN, pygame.KEYUP)]
        return bool(keys) and keys[-1].type == kind


def cursor(app: App) -> int:
    top = app.top
    assert isinstance(top, MenuScreen)
    return top.index


def test_controller_presses_move_the_title_menu_and_survive_unplug_and_replug(
    sdl: None, tmp_path: Path
) -> None:

    wired = Wired("hatmini", tmp_path)
    wired.buttons.start()
    try:
        wired.pump_until(lambda: wired.said == ["controller connected"])
        assert isinstance(wired.app.top, TitleScreen)
        start = cursor(wired.app)
        wired.desktop_key(pygame.K_q)  # the HAT's X: the controller's RIGHT
        assert cursor(wired.app) == start + 1
        keys = [(e.type, e.key) for e in wired.reached_app if e.type != wired.buttons.status_event]
        assert keys == [(pygame.KEYDOWN, pygame.K_RIGHT), (pygame.KEYUP, pygame.K_RIGHT)]
        assert all(getattr(e, FROM_CONTROLLER) for e in wired.reached_app)

        wired.buttons.toggle_plug()
        wired.pump_until(lambda: wired.said[-1] == "controller unplugged")
        assert wired.buttons.status() == "controller unplugged (F5)"
        wired.buttons.toggle_plug()
        wired.pump_until(lambda: wired.said[-1] == "controller reconnected")
        assert wired.buttons.status() == ""

        wired.desktop_key(pygame.K_a)  # A: choose the item under the cursor (New game)
        assert isinstance(wired.app.top, NewGameScreen)
    finally:
        wired.buttons.stop()


def test_a_button_held_while_the_window_loses_focus_is_released(sdl: None, tmp_path: Path) -> None:
    wired = Wired("tabletop", tmp_path)
    wired.buttons.start()
    try:
        wired.buttons.route(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN))
        wired.pump_until(lambda: wired.last_key_was(pygame.KEYDOWN))
        pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
        wired.pump_until(lambda: wired.last_key_was(pygame.KEYUP))
    finally:
        wired.buttons.stop()


@pytest.mark.parametrize("profile", sorted(CONTROLLER_BUTTONS))
def test_every_physical_button_is_wired_to_the_controller_input_sending_its_key(
    profile: str,
) -> None:
    wiring = CONTROLLER_BUTTONS[profile]
    assert set(wiring) == set(PROFILES[profile].meanings)
    assert set(wiring.values()) <= set(BUTTONS)
    keymap = keymap_for(PROFILES[profile].pygame_keys)
    for physical, controller_button in wiring.items():
        assert keymap[DEFAULT_KEYS[controller_button]] == physical


def test_headless_runs_say_the_buttons_are_pressed_directly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "tap.txt"
    script.write_text("press A\n")
    argv = ["--headless", "--buttons", "serial-emulator", "--script", str(script)]
    assert main([*argv, "--out", str(tmp_path / "out"), "--save-dir", str(tmp_path)]) == 0
    assert "pressed directly" in capsys.readouterr().out
    assert build_parser().parse_args([]).buttons == "keyboard"


def test_a_tap_routed_down_and_up_at_once_still_reaches_the_app(sdl: None, tmp_path: Path) -> None:
    """A window loop busy drawing may route a key's down and up together: the
    controller still holds the button for the frames the reader needs."""
    wired = Wired("lcdhat", tmp_path)
    wired.buttons.start()
    try:
        wired.pump_until(lambda: wired.said == ["controller connected"])
        start = cursor(wired.app)
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            assert wired.buttons.route(pygame.event.Event(kind, key=pygame.K_DOWN))
        wired.pump_until(partial(wired.last_key_was, pygame.KEYUP))
    finally:
        wired.buttons.stop()
    assert cursor(wired.app) == start + 1


def test_the_window_loop_sends_desktop_keys_through_the_controller(
    sdl: None, tmp_path: Path
) -> None:
    wired = Wired("lcdhat", tmp_path)
    start = cursor(wired.app)

    def came_back(kind: int) -> Callable[[], bool]:
        """Whether DOWN's press or release has come back through the controller to the app."""
        return lambda: any(e.type == kind for e in list(wired.reached_app))

    def player() -> None:
        """Holds DOWN on the desktop keyboard until the app has seen it pressed, lets go,
        and closes the window once the release has made the round trip."""
        try:
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(kind, key=pygame.K_DOWN))
                wait_until(came_back(kind), f"DOWN's {pygame.event.event_name(kind)} in the app")
        finally:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    wired.buttons.start()
    tapping = threading.Thread(target=player)
    try:
        wired.pump_until(lambda: wired.said == ["controller connected"])
        tapping.start()
        WindowRun(wired.app, tmp_path).run()
    finally:
        tapping.join()
        wired.buttons.stop()
    assert cursor(wired.app) == start + 1
    keys = [e for e in wired.reached_app if e.type in (pygame.KEYDOWN, pygame.KEYUP)]
    assert [(e.type, e.key) for e in keys] == [
        (pygame.KEYDOWN, pygame.K_DOWN),
        (pygame.KEYUP, pygame.K_DOWN),
    ]
    assert all(getattr(e, FROM_CONTROLLER, False) for e in keys), "only the reader's events"
