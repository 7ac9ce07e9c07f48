"""A power switch for the simulated device, so its title offers "Power off" as a
handheld's does (the Pi's switch asks systemd to shut down)."""

from __future__ import annotations

import pygame


class SimulatedPowerSwitch:
    """Powering off ends the simulator, as the shutdown ends the app on the device."""

    def power_off(self) -> None:
        print("The device powers off.")
        pygame.event.post(pygame.event.Event(pygame.QUIT))
