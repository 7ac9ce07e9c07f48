"""Looking at a finished game again, move by move or at its final board."""

from __future__ import annotations

import pygame

from device.hardware.buttons import Button
from device.look.board_view import BoardMarks, draw_board
from device.look.controls import Control, control
from device.look.hud import HudItem, detail_items, draw_view_hud, essential_items
from device.look.verdict import verdict
from device.play.game import GameSetup
from device.play.replay import Replay
from device.screens.screen import AppView, Screen
from engine.pieces import NOBODY

NEXT_MOVE = (Button.RIGHT, Button.NEXT, Button.SELECT)
PREVIOUS_MOVE = (Button.LEFT, Button.PREV)
NBSP = "\u00a0"
"""Keeps "12 / 87" on one line when the words wrap."""


class ReplayScreen(Screen):
    """A recorded game's positions one at a time, with the move that led to each."""

    def __init__(self, app: AppView, replay: Replay, setup: GameSetup | None) -> None:
        super().__init__(app)
        self.replay = replay
        self.setup = setup
        """How the game was played (for "You win"); None when nobody here was one side."""

    def handle(self, button: Button) -> None:
        replay = self.replay
        if button in NEXT_MOVE:
            replay.next()
        elif button in PREVIOUS_MOVE:
            replay.previous()
        elif button is Button.UP:
            replay.first()
        elif button is Button.DOWN:
            replay.last()
        elif button is Button.A:
            if replay.at_end:
                replay.first()
            else:
                replay.last()
        elif button in (Button.B, Button.MENU):
            self.app.pop()

    def controls(self) -> list[Control]:
        """Each profile shows the buttons it has: arrows on a D-pad, X and Y on four buttons."""
        jump = "ctl.to_start" if self.replay.at_end else "ctl.to_end"
        return [
            control("ctl.step", Button.LEFT, Button.RIGHT),
            control("ctl.next_move", Button.NEXT),
            control("ctl.previous_move", Button.PREV),
            control("ctl.start_end", Button.UP, Button.DOWN),
            control(jump, Button.A),
            control("help.back", Button.B, Button.MENU),
            control("ctl.next", Button.SELECT),
        ]

    def counter(self) -> HudItem:
        replay = self.replay
        words = self.ui.t("replay.move", ply=replay.index, plies=replay.plies)
        return HudItem(words.replace(" / ", f"{NBSP}/{NBSP}"), self.ui.palette.text)

    def headline(self) -> list[HudItem]:
        """The move counter, then whose turn it is, or at the end how the game ended."""
        ui = self.ui
        replay = self.replay
        if not replay.at_end or not replay.outcome.finished:
            turn, _ = essential_items(ui, replay.position)
            return [self.counter(), turn]
        outcome = replay.outcome
        words = verdict(ui, outcome, self.setup)
        if outcome.winner == NOBODY:
            return [self.counter(), HudItem(words, ui.palette.text)]
        winner = outcome.winner
        result = HudItem(words, ui.palette.players_light[winner], ui.palette.players[winner])
        return [self.counter(), result]

    def details(self) -> list[HudItem]:
        """Beside the board: who leads (or who resigned), connections and colonies."""
        ui = self.ui
        replay = self.replay
        position = replay.position
        if not replay.at_end or not replay.outcome.finished:
            _, leader = essential_items(ui, position)
            return [leader, *detail_items(ui, position)]
        resigned = replay.outcome.resigned
        if resigned == NOBODY:
            return detail_items(ui, position)
        words = ui.t("end.resigned", colour=ui.colour_name(resigned))
        return [HudItem(words, ui.palette.dim), *detail_items(ui, position)]

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        surface.fill(ui.palette.background)
        position = self.replay.position
        marks = BoardMarks(last_move=self.replay.last_move)
        draw_board(surface, ui.layout, ui.palette, ui.fonts, position, marks)
        draw_view_hud(surface, ui, self.headline(), self.details(), self.controls())
