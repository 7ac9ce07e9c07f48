"""A gamepad for the tests: one of SDL's virtual joysticks, typed as a game controller.

SDL announces it, maps it and reports its buttons exactly as a USB pad's, so a
test presses buttons through SDL's game controller API with no pad plugged in.
pygame does not wrap virtual joysticks: they are reached in the SDL library
pygame itself loaded (found in the process's memory map).
"""

from __future__ import annotations

import ctypes
from pathlib import Path

import pygame

from drivers.gamepad import PAD_BUTTONS

JOYSTICK_TYPE_GAMECONTROLLER = 1
AXES, BUTTONS, HATS = 6, pygame.CONTROLLER_BUTTON_MAX, 0


def loaded_sdl() -> ctypes.CDLL:
    """The SDL 2 library of this process (pygame's own copy)."""
    for line in Path("/proc/self/maps").read_text(encoding="utf-8").splitlines():
        path = line.split()[-1]
        name = Path(path).name
        if name.startswith("libSDL2-2") or name.startswith("libSDL2.so"):
            return ctypes.CDLL(path)
    raise AssertionError("pygame's SDL library is not loaded")


class VirtualPad:
    """A pad plugged in (SDL sends CONTROLLERDEVICEADDED); ``press`` and ``release`` its
    buttons by SDL's names ("a", "dpup"), ``unplug`` it."""

    def __init__(self) -> None:
        sdl = self._sdl = loaded_sdl()
        sdl.SDL_JoystickAttachVirtual.restype = ctypes.c_int
        sdl.SDL_JoystickOpen.restype = ctypes.c_void_p
        sdl.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        sdl.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
        sdl.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
        pygame.joystick.init()  # SDL's joystick subsystem, where virtual joysticks live
        self.index = sdl.SDL_JoystickAttachVirtual(
            JOYSTICK_TYPE_GAMECONTROLLER, AXES, BUTTONS, HATS
        )
        assert self.index >= 0, "SDL attached no virtual joystick"
        self._joystick = sdl.SDL_JoystickOpen(self.index)
        assert self._joystick, "SDL did not open the virtual joystick"

    def press(self, button: str) -> None:
        self._set(button, 1)

    def release(self, button: str) -> None:
        self._set(button, 0)

    def move_stick(self, fraction: float) -> None:
        """Push the left stick right by ``fraction`` of its travel."""
        axis = pygame.CONTROLLER_AXIS_LEFTX
        assert (
            self._sdl.SDL_JoystickSetVirtualAxis(self._joystick, axis, int(fraction * 32767)) == 0
        )

    def _set(self, button: str, down: int) -> None:
        assert (
            self._sdl.SDL_JoystickSetVirtualButton(self._joystick, PAD_BUTTONS[button], down) == 0
        )

    def unplug(self) -> None:
        if self._joystick:
            self._sdl.SDL_JoystickClose(self._joystick)
            self._sdl.SDL_JoystickDetachVirtual(self.index)
            self._joystick = None
