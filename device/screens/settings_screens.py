"""Settings, and the question after the picture turned (keep the new rotation?)."""

from __future__ import annotations

from collections.abc import Callable

from device.play.settings import CHOICES
from device.screens.menu_screen import Item, MenuScreen
from device.screens.screen import AppView

LIGHT_SETTINGS = ("brightness", "dim_after_s")
"""Shown only on a device with a backlight."""
SOUND_SETTINGS = ("sound", "volume")
"""Shown only where there is an audio output."""
KEEP_ROTATION_MS = 10_000
"""A new rotation nobody confirms within this long turns back by itself."""


class SettingsScreen(MenuScreen):
    title_key = "settings.title"

    def items(self) -> list[Item]:
        hidden = (() if self.app.lighting.present else LIGHT_SETTINGS) + (
            () if self.app.sounds.present else SOUND_SETTINGS
        )
        rows = [
            Item(self._label(name), adjust=self._adjuster(name))
            for name in CHOICES
            if name not in hidden
        ]
        return [*rows, Item(lambda: self.ui.t("settings.done"), self.back)]

    def _label(self, name: str) -> Callable[[], str]:
        def label() -> str:
            return f"{self.ui.t('settings.' + name)}: {self._value(name)}"

        return label

    def _value(self, name: str) -> str:
        settings = self.ui.settings
        t = self.ui.t
        if name == "language":
            return t("settings.language." + settings.language)
        if name in ("colour_blind", "think_ahead"):
            return t("on" if getattr(settings, name) else "off")
        if name == "rotation":
            return t("settings.degrees", degrees=settings.rotation)
        if name == "think_ms":
            return t("settings.seconds", seconds=f"{settings.think_ms / 1000:g}")
        if name == "brightness":
            return t("settings.percent", percent=settings.brightness)
        if name == "sound":
            return t("on" if settings.sound else "off")
        if name == "volume":
            return t("settings.percent", percent=settings.volume)
        if name == "dim_after_s":
            if not settings.dim_after_s:
                return t("off")
            return t("settings.seconds", seconds=settings.dim_after_s)
        return t("settings.repeat." + settings.repeat)

    def _adjuster(self, name: str) -> Callable[[int], None]:
        def adjust(step: int) -> None:
            self.ui.settings.cycle(name, step)
            self.app.settings_changed()

        def turn(step: int) -> None:
            kept = self.ui.settings.rotation
            self.ui.settings.cycle(name, step)
            self.app.apply_settings()
            self.app.push(KeepRotationScreen(self.app, kept))

        return turn if name == "rotation" else adjust


class KeepRotationScreen(MenuScreen):
    """Asked after the picture turned: unless the player keeps the new rotation,
    the old one comes back by itself (a picture turned wrongly may be hard to read)."""

    overlay = True
    wraps = False

    def __init__(self, app: AppView, kept: int) -> None:
        super().__init__(app)
        self.kept = kept
        """The rotation to go back to."""
        self.now = app.now()
        self.deadline = self.now + KEEP_ROTATION_MS

    def title(self) -> str:
        return self.ui.t("rotation.keep")

    def items(self) -> list[Item]:
        t = self.ui.t
        return [
            Item(lambda: t("rotation.revert", seconds=self.seconds_left()), self.revert),
            Item(lambda: t("rotation.keep_it"), self.keep),
        ]

    def seconds_left(self) -> int:
        return max(0, -(-(self.deadline - self.now) // 1000))

    def back(self) -> None:
        self.revert()

    def revert(self) -> None:
        self.ui.settings.rotation = self.kept
        self.app.apply_settings()
        self.app.pop()

    def keep(self) -> None:
        self.app.settings_changed()
        self.app.pop()

    def update(self, now: int) -> bool:
        shown = self.seconds_left()
        self.now = now
        if now >= self.deadline:
            self.revert()
            return True
        return self.seconds_left() != shown

    def wakeup(self, now: int) -> int | None:
        """When the countdown shows its next second (or runs out)."""
        return self.deadline - 1000 * max(0, self.seconds_left() - 1)
