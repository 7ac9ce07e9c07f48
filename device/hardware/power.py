"""The device's power and light, as the app sees them: switching off, the backlight, the supply."""

from __future__ import annotations

from typing import Protocol


class PowerSwitch(Protocol):
    """Turns the whole device off (the system shuts down)."""

    def power_off(self) -> None:
        """Ask for the shutdown; an OSError's message says why it was refused."""
        ...


class Backlight(Protocol):
    """The panel's light."""

    @property
    def dims(self) -> bool:
        """Whether it has levels between off and full (a light a GPIO switches has not)."""
        ...

    def set_level(self, percent: int) -> None:
        """0 is off, 100 the brightest."""
        ...


class Supply(Protocol):
    """The power supply as the board sees it."""

    def undervoltage(self) -> bool:
        """True while the voltage is too low (the board may slow down or crash)."""
        ...
