"""The five opponent levels, and the hint.

A level is a node budget (so it plays the same on every machine, and the
arena measures exactly what a player meets), a depth cap, evaluation noise
for the gentle levels and a wall-clock cap so no level ever keeps a slow
handheld thinking for long.  The gentle levels are weakened by noise and a
small budget, never by random moves: every level takes a winning connection
or displacement when it sees one.  Level 1 looks at its own move only (no
reply), so it can walk into a reply that takes a colony, as a beginner does;
level 2 and above see the replies.  Contempt (from level 2) makes a level
open the edges and play for a decision rather than drift to a draw; hurry
(Master) makes it finish a win rather than run down the no-progress clock.
"""

from dataclasses import dataclass
from typing import Final

from engine.ai.search import Limits, Search, SearchResult
from engine.position import Position


@dataclass(frozen=True)
class Level:
    """A named opponent strength; ``number`` runs 1 (gentlest) to 5."""

    number: int
    name: str
    limits: Limits


PI_SECONDS_CAP: Final = 2.5
"""No level thinks longer than this, even on the slowest supported handheld: a player
holding a handheld accepts a couple of seconds, not more (what that costs Master on a
Zero 2 W: docs/opponent.md)."""

LEVELS: Final[tuple[Level, ...]] = (
    Level(
        1,
        "Novice",
        Limits(nodes=300, max_depth=1, quiescence=0, noise=300, seconds=PI_SECONDS_CAP),
    ),
    Level(
        2,
        "Casual",
        Limits(nodes=800, max_depth=2, noise=100, contempt=150, seconds=PI_SECONDS_CAP),
    ),
    Level(3, "Club", Limits(nodes=2_000, noise=100, contempt=300, seconds=PI_SECONDS_CAP)),
    Level(4, "Expert", Limits(nodes=8_000, contempt=300, seconds=PI_SECONDS_CAP)),
    Level(5, "Master", Limits(nodes=22_000, contempt=300, hurry=4, seconds=PI_SECONDS_CAP)),
)
LEVEL_NAMES: Final[tuple[str, ...]] = tuple(level.name for level in LEVELS)
HINT_LEVEL: Final = 5
"""The hint is the strongest level's choice."""
DEFAULT_LEVEL: Final = 3
"""The level a new game against the computer starts with."""


def level(number: int) -> Level:
    """The level numbered 1..5 (ValueError otherwise)."""
    if not 1 <= number <= len(LEVELS):
        raise ValueError(f"levels run from 1 to {len(LEVELS)}, not {number}")
    return LEVELS[number - 1]


def choose_move(position: Position, number: int, seed: int = 0) -> SearchResult:
    """The move level ``number`` plays in ``position`` (blocking; see ``engine.ai.thinker``)."""
    return Search(position, level(number).limits, seed).run()


def hint(position: Position, seed: int = 0) -> SearchResult:
    """The best move for the player to move, from the strongest level's search."""
    return choose_move(position, HINT_LEVEL, seed)
