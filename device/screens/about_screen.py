"""About: the version, whether the engine is compiled, the profile, the font."""

from __future__ import annotations

import pygame

import engine
from device.hardware.buttons import Button
from device.look.controls import control, draw_screen_bar
from device.screens.screen import Screen
from device.version import installed_version


class AboutScreen(Screen):
    def handle(self, button: Button) -> None:
        if button in (Button.A, Button.B, Button.MENU):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        ui = self.ui
        y = ui.draw_title(surface, ui.t("about.title"))
        lines = [
            ui.t("app.name"),
            ui.t("about.version", version=installed_version() or "?"),
            ui.t("about.compiled" if engine.is_compiled() else "about.pure"),
            ui.t("about.profile", profile=ui.profile.name),
            ui.t("about.font"),
        ]
        ui.draw_lines(surface, lines, ui.font(), (0, y + 6), centred_in=ui.layout.width)
        draw_screen_bar(surface, ui, [control("help.back", Button.A, Button.B)])
