"""The panel's backlight: the player's brightness, dimmed when idle, off on the title.

The first button pressed on a dimmed or dark screen only wakes it, so a player
reaching for the device does not also play a move they cannot see.  Without a
backlight (the simulator, a plain HDMI screen) all of this does nothing; a light
that is only switched on and off (lcdhat's) is not dimmed, only put out on the title.
"""

from __future__ import annotations

from enum import StrEnum

from device.hardware.power import Backlight
from device.play.settings import Settings

DIM_PERCENT = 10
OFF_ON_TITLE_MS = 5 * 60_000
"""On the title screen, nobody is in the middle of anything: the light goes off."""


class Light(StrEnum):
    BRIGHT = "bright"
    DIM = "dim"
    OFF = "off"


class Lighting:
    def __init__(self, backlight: Backlight | None, settings: Settings, now: int) -> None:
        self._backlight = backlight
        self._settings = settings
        self._last_input = now
        self.light = Light.BRIGHT
        self._apply()

    @property
    def last_input(self) -> int:
        """When a button was last pressed (or the app started)."""
        return self._last_input

    @property
    def present(self) -> bool:
        return self._backlight is not None

    def input(self, now: int) -> bool:
        """A button was pressed: True when it only woke the screen up."""
        self._last_input = now
        if self.light is Light.BRIGHT or self._backlight is None:
            return False
        self.light = Light.BRIGHT
        self._apply()
        return True

    def tick(self, now: int, on_title: bool) -> None:
        if self._backlight is None:
            return  # a screen without a light of ours never dims: no press only wakes it
        wanted = self._wanted(now - self._last_input, on_title)
        if wanted is not self.light:
            self.light = wanted
            self._apply()

    def next_deadline(self, on_title: bool) -> int | None:
        """When the light next changes by itself (None: never, or no backlight)."""
        if self._backlight is None:
            return None
        moments = []
        if self._settings.dim_after_s and self.light is Light.BRIGHT and self._backlight.dims:
            moments.append(self._settings.dim_after_s * 1000)
        if on_title and self.light is not Light.OFF:
            moments.append(OFF_ON_TITLE_MS)
        return self._last_input + min(moments) if moments else None

    def settings_changed(self) -> None:
        self._apply()

    def _wanted(self, idle_ms: int, on_title: bool) -> Light:
        if on_title and idle_ms >= OFF_ON_TITLE_MS:
            return Light.OFF
        dim_after = self._settings.dim_after_s
        dims = self._backlight is not None and self._backlight.dims
        if dim_after and dims and idle_ms >= dim_after * 1000:
            return Light.DIM
        return Light.BRIGHT

    def _apply(self) -> None:
        if self._backlight is None:
            return
        levels = {
            Light.BRIGHT: self._settings.brightness,
            Light.DIM: min(DIM_PERCENT, self._settings.brightness),
            Light.OFF: 0,
        }
        try:
            self._backlight.set_level(levels[self.light])
        except OSError:
            self._backlight = None  # a light that cannot be set is left as it is
