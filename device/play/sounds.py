"""Which sound effect each thing that happens in the app makes, and playing it.

The game's side of it reads the engine's view of a move (its kind, the
groups, the grace counter, whether the game is over) and never works a rule
out on its own.  The sounds themselves are made in ``device.look.tones``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum

from device.hardware.sound import Speaker
from device.play.game import Game, Mode
from device.play.replay import outcome_of
from device.play.settings import Settings
from engine.moves import CONNECTION, DISPLACEMENT, kind_of
from engine.pieces import NOBODY
from engine.position import Position
from engine.scoring import groups


class Effect(StrEnum):
    CURSOR = "cursor"
    """The cursor or a menu's highlight moved."""
    CHOOSE = "choose"
    """A choice was made: a satellite picked, a plain move played, a menu item taken."""
    CONNECTION = "connection"
    COLONY = "colony"
    """A move made a new colony."""
    DISPLACEMENT = "displacement"
    GRACE = "grace"
    """Somebody's satellites are all connected: the other player's grace moves begin."""
    WIN = "win"
    LOSS = "loss"


def colony_count(position: Position) -> int:
    return sum(1 for group in groups(position) if group.is_colony)


def move_effect(before: Position, move: int, after: Position) -> Effect | None:
    """The sound of ``move`` (a pass too) played from ``before`` to ``after``; None
    for a move that ends the game (its end has a sound of its own).

    One sound per move, the weightiest: grace moves starting, then a new colony,
    then how the move was made.
    """
    if after.is_over():
        return None
    if after.grace > before.grace:
        return Effect.GRACE
    if colony_count(after) > colony_count(before):
        return Effect.COLONY
    kind = kind_of(move)
    if kind == DISPLACEMENT:
        return Effect.DISPLACEMENT
    if kind == CONNECTION:
        return Effect.CONNECTION
    return Effect.CHOOSE


def end_effect(game: Game) -> Effect | None:
    """How a finished game sounds to the person at the buttons: two players at one
    device hear the win of whoever won; a draw is quiet."""
    winner = outcome_of(game.position, game.resigned).winner
    if winner == NOBODY:
        return None
    if game.setup.mode == Mode.HOTSEAT or winner == game.setup.human_colour:
        return Effect.WIN
    return Effect.LOSS


class Sounds:
    """The speaker as the player's settings allow it: muted, or at their volume.

    Without a working audio output every sound is a quiet no-op (and the sound
    settings are not offered: ``present``)."""

    def __init__(
        self,
        speaker: Speaker | None,
        settings: Settings,
        make: Callable[[], Mapping[str, bytes]],
    ) -> None:
        self._speaker = speaker if speaker is not None and speaker.working else None
        self._settings = settings
        self._make: Callable[[], Mapping[str, bytes]] | None = make
        """Makes every effect's samples; None once they are made (or with no speaker)."""

    @property
    def present(self) -> bool:
        return self._speaker is not None

    def prepare(self) -> None:
        """Make the samples, once: called after the first frame, since making them in
        Python costs about a second on a Zero 2 W that the title need not wait for
        (``benchmarks/sound_start.py``).  A sound asked for before is not heard."""
        if self._make is None:
            return
        make, self._make = self._make, None
        if self._speaker is not None:
            self._speaker.load(make())

    def play(self, effect: Effect | None) -> None:
        """Sound ``effect`` (None: nothing), unless muted or there is no audio output."""
        if effect is not None and self._speaker is not None and self._settings.sound:
            self._speaker.play(effect, self._settings.volume / 100)
