"""A game's result in words, from this device's side when one side was played here."""

from __future__ import annotations

from device.look.ui import Ui
from device.play.game import GameSetup, Mode
from device.play.replay import Outcome
from engine.pieces import NOBODY


def own_colour(setup: GameSetup | None) -> int:
    """The colour played on this device (against the computer or over the link), or NOBODY."""
    if setup is None or setup.mode == Mode.HOTSEAT:
        return NOBODY
    return setup.human_colour


def verdict(ui: Ui, outcome: Outcome, setup: GameSetup | None, *, past: bool = False) -> str:
    """ "You win", "Blue wins", "Draw" (``past``: "You won", "Blue won", for a list)."""
    t = ui.t
    tense = "past" if past else "end"
    if not outcome.finished:
        return t("past.unfinished")
    if outcome.winner == NOBODY:
        return t("end.draw")
    mine = own_colour(setup)
    if mine == NOBODY:
        return t(f"{tense}.wins", colour=ui.colour_name(outcome.winner))
    return t(f"{tense}.you_win" if outcome.winner == mine else f"{tense}.you_lose")
