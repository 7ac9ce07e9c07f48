"""What a link session reports to the app: its state, the peer's moves, and why a
linked game stopped or could not start."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class LinkStateName(StrEnum):
    CONNECTING = "connecting"
    LINKED = "linked"
    LOST = "lost"
    ERROR = "error"


class LinkProblem(StrEnum):
    """Why a linked game stopped, or could not start, in the player's words: each value
    is the i18n key of a sentence that says what to do.  The details (a ply, the
    system's own words) go to the log.

    The problems a device tells its peer in an ERROR are the same on both sides
    (``SHARED``): the peer shows the very same sentence."""

    UPDATE_BOTH = "link.problem.update_both"
    """The other device plays rules, or speaks a link protocol, this one does not know."""
    SAME_RULES = "link.problem.same_rules"
    """Both devices know both rule sets but chose different ones."""
    BOTH_HOSTS = "link.problem.both_hosts"
    BOTH_GUESTS = "link.problem.both_guests"
    OTHER_GAME = "link.problem.other_game"
    DISAGREE = "link.problem.disagree"
    """The devices' games differ: setup, history, a position, a move one cannot play."""
    STOPPED_THERE = "link.problem.stopped_there"
    """The other device stopped the game and did not say why in words this one knows."""
    PORT_IN_USE = "link.problem.port_in_use"
    NO_PORT = "link.problem.no_port"
    PORT_FAILED = "link.problem.port_failed"
    NOT_SAVED = "link.problem.not_saved"
    NO_ANSWER = "link.problem.no_answer"
    CANCELLED = "link.problem.cancelled"
    FAILED = "link.problem.failed"
    """Anything else (a fault of the game itself: the log has it)."""


SHARED = (
    LinkProblem.UPDATE_BOTH,
    LinkProblem.SAME_RULES,
    LinkProblem.BOTH_HOSTS,
    LinkProblem.BOTH_GUESTS,
    LinkProblem.OTHER_GAME,
    LinkProblem.DISAGREE,
)
"""The problems an ERROR names on the cable: true as said by either device."""


@dataclass(frozen=True)
class LinkState:
    """Where a session stands; ``problem`` says why a game stopped ("error")."""

    name: LinkStateName
    problem: LinkProblem | None = None


class LinkSetupError(RuntimeError):
    """The linked game could not start: ``problem`` says why, for the player; the
    exception's text says it for the log."""

    def __init__(self, problem: LinkProblem, detail: str = "") -> None:
        super().__init__(detail or problem.name)
        self.problem = problem


@dataclass(frozen=True)
class PeerMove:
    """The other device played ``move_text`` (RULES.md notation) as ply ``ply`` (1-based).

    ``move`` is that move as the engine reads it, parsed once by the session on
    the position both devices share.
    """

    ply: int
    move_text: str
    move: int


@dataclass(frozen=True)
class StateChanged:
    state: LinkState


LinkEvent = PeerMove | StateChanged
