"""Which rules a game is played under: a value every game carries.

A rule set has a short stable name and a version (``standard/2``); records,
saves and the link carry that id beside the position (RULES.md 8), so a game
is always replayed under the rules it was played with, and two devices can
tell whether they play the same game.

``STANDARD`` is RULES.md as it stands: connections also open after a stall
(6.5).  ``SEED`` is the seed's literal reading, connections only while an edge
is free: the standard game before the stall ruling, kept as a variant players
may choose.  The other knobs exist for measuring the rules themselves (the
balance lab) and never reach a player.
"""

from dataclasses import dataclass
from typing import Final

QUIET_LIMIT: Final = 100
"""Plies without a new connection that end the game (RULES.md 6.4)."""
COUNT_LIMIT: Final = 100
"""The most the position's QUIET and CLOSED counts hold (RULES.md 8)."""
STALL_PLIES: Final = 20
"""Stalled plies after which connections open (RULES.md 6.5)."""
RULES_VERSION: Final = 2
"""The version of the standard rules this engine plays: raised whenever RULES.md
changes what a game allows, so a game saved or linked under another one is
never played on under these."""


@dataclass(frozen=True)
class Rules:
    """One rule set.  ``name`` and ``version`` identify it (``id``); the fields
    after them say how it differs from the seed's reading of the game.

    ``quiet_limit``: plies without a new connection that end the game;
    ``corners_are_edges``: whether a corner cell counts for its two edges (the
    reading of RULES.md before the corner ruling of 2026-12-03);
    ``repetition_limit``: the occurrence of one position that ends the game
    (0: never); ``blockade_plies``: plies with no edge free after which the game
    ends as a draw (0: never); ``opening_plies``: plies with no edge free and
    no connection after which connections open, until the next connection
    (RULES.md 6.5 with 20; 0: never); ``own_edges``: connections are open for
    the player to move while an edge holds none of their own satellites.
    """

    name: str
    version: int
    quiet_limit: int = QUIET_LIMIT
    corners_are_edges: bool = False
    repetition_limit: int = 0
    blockade_plies: int = 0
    opening_plies: int = 0
    own_edges: bool = False

    @property
    def id(self) -> str:
        """``name/version``, as records, journals and the link write it."""
        return f"{self.name}/{self.version}"

    def __reduce__(
        self,
    ) -> tuple[type["Rules"], tuple[str, int, int, bool, int, int, int, bool]]:
        """Pickled through the constructor: the compiled class is frozen for good,
        and the default way of unpickling sets its fields one by one (worker
        processes of the arena and the lab receive rules)."""
        return Rules, (
            self.name,
            self.version,
            self.quiet_limit,
            self.corners_are_edges,
            self.repetition_limit,
            self.blockade_plies,
            self.opening_plies,
            self.own_edges,
        )


STANDARD: Final = Rules("standard", RULES_VERSION, opening_plies=STALL_PLIES)
SEED: Final = Rules("seed", 1)
RULE_SETS: Final = (STANDARD, SEED)
"""The rule sets a player may choose, the standard first."""
EARLIER_IDS: Final = {"standard/1": SEED}
"""Ids of earlier rule books, each read as the rule set that plays exactly like it
(the standard game before the stall ruling is the seed's reading)."""
LEGACY: Final = SEED
"""The rules of a game written before rules travelled with games (standard/1)."""


class RulesError(ValueError):
    """A rules id or name this engine cannot play; the message says why."""


def rules_named(text: str) -> Rules:
    """The rule set a player or a command line names: ``standard``, ``seed``, or a
    full id such as ``seed/1`` (RulesError otherwise)."""
    for rules in RULE_SETS:
        if text == rules.name:
            return rules
    return rules_from_id(text)


def rules_from_id(text: str) -> Rules:
    """The rule set of an id as written with a game (RulesError for an unknown
    one, and for one of a newer version than this engine plays)."""
    for rules in RULE_SETS:
        if text == rules.id:
            return rules
    if text in EARLIER_IDS:
        return EARLIER_IDS[text]
    name, _, version = text.partition("/")
    known = {rules.name: rules for rules in RULE_SETS}
    if name in known and version.isdigit() and int(version) > known[name].version:
        raise RulesError(
            f"the rules {text} are newer than this version of the game plays "
            f"({known[name].id}): update it"
        )
    names = ", ".join(rules.name for rules in RULE_SETS)
    raise RulesError(f"unknown rules {text[:40]!r} (this version plays {names})")
