"""The linked game a device keeps: which end of the cable it is, and the game to resume."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Protocol

from engine.rules import STANDARD, Rules


class Role(StrEnum):
    """Which end of the cable a device is: the host draws the game, the guest joins it."""

    HOST = "host"
    GUEST = "guest"


@dataclass
class LinkGame:
    """Everything a device keeps to resume a linked game after a crash or a reboot."""

    game_id: int
    """Random non-zero 32-bit number the host draws; every frame carries it."""
    seed: int
    local_colour: int
    role: Role
    moves: list[str] = field(default_factory=list)
    """Every ply so far in RULES.md notation, both players'."""
    rules: Rules = STANDARD
    """The rules both devices play the game under."""

    def copy(self) -> LinkGame:
        """A snapshot that later moves do not change."""
        return replace(self, moves=list(self.moves))


class LinkGameStore(Protocol):
    """Where the link session keeps its linked game: the app's journal of that game.

    The session writes nothing by itself: it hands every change to ``save``
    before it sends or acknowledges it.
    """

    def load(self) -> LinkGame | None:
        """The unfinished linked game to carry on, None to start a new one."""
        ...

    def save(self, game: LinkGame) -> None:
        """Store ``game`` durably before returning; OSError when it cannot."""
        ...
