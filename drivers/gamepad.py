"""USB gamepads -> the physical buttons of a device profile, through SDL's game
controller API.

SDL knows where the buttons sit on hundreds of pads (its controller database):
whatever a maker calls them, "a" is the bottom face button and "dpup" the D-pad's
up.  The wiring hands over the profile's table of which pad button presses
which of its buttons (``Profile.pad_buttons``); a pad plugged in or pulled out
while the game runs is opened or let go, and what it held is released.  The
sticks and triggers are not read: the game is played on buttons.  (Their motion
still passes through SDL's queue, which the app empties: SDL makes a pad's
controller events from its joystick events, so those cannot be blocked.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame
from pygame._sdl2 import controller

PAD_BUTTONS: dict[str, int] = {
    "a": pygame.CONTROLLER_BUTTON_A,
    "b": pygame.CONTROLLER_BUTTON_B,
    "x": pygame.CONTROLLER_BUTTON_X,
    "y": pygame.CONTROLLER_BUTTON_Y,
    "back": pygame.CONTROLLER_BUTTON_BACK,
    "guide": pygame.CONTROLLER_BUTTON_GUIDE,
    "start": pygame.CONTROLLER_BUTTON_START,
    "leftstick": pygame.CONTROLLER_BUTTON_LEFTSTICK,
    "rightstick": pygame.CONTROLLER_BUTTON_RIGHTSTICK,
    "leftshoulder": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
    "rightshoulder": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
    "dpup": pygame.CONTROLLER_BUTTON_DPAD_UP,
    "dpdown": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    "dpleft": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    "dpright": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
}
"""SDL's name of each game controller button (``SDL_GameControllerGetStringForButton``)."""

PadChange = tuple[str, bool]


def pad_button_map(pad_buttons: Mapping[str, str]) -> dict[int, str]:
    """The SDL game controller button -> physical button table of a profile, from the
    pad button names its buttons list (a name SDL does not know raises KeyError)."""
    return {PAD_BUTTONS[name]: button for name, button in pad_buttons.items()}


class GamepadInput:
    """The profile's buttons pressed on every game controller SDL finds, plugged in
    before the game started or while it runs."""

    def __init__(self, pad_buttons: Mapping[str, str]) -> None:
        self.buttons = pad_button_map(pad_buttons)
        """SDL game controller button -> physical button."""
        self._pads: dict[int, controller.Controller] = {}
        """The open pads by their joystick instance id (what their events name)."""
        self._held: dict[int, set[str]] = {}
        """The physical buttons each pad holds down."""
        # pygame's flag that the controllers are set up outlives pygame.quit(), which
        # quits SDL's: started afresh, SDL announces the pads already plugged in (as
        # CONTROLLERDEVICEADDED) whatever ran in this process before.
        controller.quit()
        controller.init()

    def read(self, events: Sequence[pygame.event.Event]) -> list[PadChange]:
        changes: list[PadChange] = []
        for event in events:
            if event.type == pygame.CONTROLLERDEVICEADDED:
                self._open(event.device_index)
            elif event.type == pygame.CONTROLLERDEVICEREMOVED:
                changes += self._close(event.instance_id)
            elif event.type in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
                button = self.buttons.get(event.button)
                if button is not None and event.instance_id in self._pads:
                    pressed = event.type == pygame.CONTROLLERBUTTONDOWN
                    self._note(event.instance_id, button, pressed)
                    changes.append((button, pressed))
        return changes

    def _open(self, device_index: int) -> None:
        pad = controller.Controller(device_index)
        instance = pad.as_joystick().get_instance_id()
        self._pads[instance] = pad
        self._held[instance] = set()

    def _note(self, instance: int, button: str, pressed: bool) -> None:
        held = self._held[instance]
        if pressed:
            held.add(button)
        else:
            held.discard(button)

    def _close(self, instance: int) -> list[PadChange]:
        """Let go a pad pulled out, and every button it held."""
        pad = self._pads.pop(instance, None)
        if pad is not None:
            pad.quit()
        return [(button, False) for button in sorted(self._held.pop(instance, set()))]

    def close(self) -> None:
        for pad in self._pads.values():
            pad.quit()
        self._pads.clear()
        self._held.clear()
        controller.quit()
