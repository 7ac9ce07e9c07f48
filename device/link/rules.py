"""Which rules two linked devices play: the ids a HELLO names, and what to tell the
player when they differ.

A device plays the rule sets its engine offers (``engine.rules.RULE_SETS``); a
linked game is played under one of them, named by its id (``standard/2``).
Two devices play together only under the same id.  When they differ the
player is asked to choose the same rules if each device can play the rules
the other chose, and to update both otherwise (one of them is older).
"""

from __future__ import annotations

from collections.abc import Collection

from device.link.events import LinkProblem
from engine.rules import RULE_SETS, Rules

PLAYABLE = tuple(rules.id for rules in RULE_SETS)
"""The ids of every rule set this device can play, the standard first."""


def rules_problem(
    mine: Rules, theirs: str, theirs_known: Collection[str], known: Collection[str] = PLAYABLE
) -> LinkProblem | None:
    """None when the other device plays ``mine`` too; otherwise what to tell the player.

    ``theirs``: the id of the rules the other device plays; ``theirs_known``: every
    id it can play; ``known``: every id this device can play.  The verdict is the
    same on both devices, whichever one judges.
    """
    if theirs == mine.id:
        return None
    if theirs in known and mine.id in theirs_known:
        return LinkProblem.SAME_RULES
    return LinkProblem.UPDATE_BOTH
