"""A game in progress and everyone who plays it: the person at the buttons, the
computer's thinker, the peer at the other end of the link cable.

The match is where every move goes through, whoever makes it: it checks it,
has the journal store it durably, tells the peer, and only then is the move
part of the game the screen draws.  Screens translate buttons into the verbs
(``play``, ``undo``, ``ask_hint``, ``resign``) and draw what the match holds;
whoever plays it calls ``tick`` regularly and hears what happened since
(``device.play.match_events``: the moves stored, a save that failed, the end),
as a link session reports from ``poll``.  A match may be played for something
besides the rules' end, a tutorial lesson's goal: its ``Policy`` judges each
move once the player has seen it (``seen`` returns the judgement).
Nothing here needs pygame, so a tutorial, a replay or a test can drive it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from device.link.events import LinkProblem, LinkStateName, PeerMove, StateChanged
from device.link.interface import LinkSession
from device.play.game import Game, Mode
from device.play.match_events import Changed, MatchEvent, MatchOver, MovePlayed, SaveFailed
from device.play.opponent import HINT, Thinker
from engine.notation import format_move
from engine.pieces import COLOUR_NAMES

POLL_MS = 50
"""How often a thinking computer or the link cable is asked for news (thinking
ahead is not polled: its thinker wakes the loop as each search ends)."""
RESIGNED_TAG = "Resigned"


class Verdict(StrEnum):
    """A policy's word on a move."""

    MISSED = "missed"
    """The move does not do what the policy asks: the match takes it back."""
    PASSED = "passed"
    """It does: the match is over once its result has been seen a while."""


@dataclass(frozen=True)
class Judgement:
    """A policy's verdict and the move it judged (a missed move is already taken back)."""

    verdict: Verdict
    move: int


class Policy(Protocol):
    """What a match is played for besides the rules (a tutorial lesson's goal)."""

    @property
    def result_ms(self) -> int:
        """How long a passed move stays in sight before the match is over."""
        ...

    def judge(self, game: Game) -> Verdict:
        """The verdict on the last move of ``game``."""
        ...

    def words(self, verdict: Verdict | None) -> str:
        """The key of the words under the board (what to do, or what was done)."""
        ...


class GameLog(Protocol):
    """Where the match keeps its game durably (the journal)."""

    def sync(self, game: Game) -> None:
        """Store what changed in ``game`` since the last call (moves, an undo) durably.

        Raises OSError when it cannot; the game in memory stays as it is.
        """
        ...

    def finish(self, game: Game) -> None:
        """``game`` is over: store its end and move it to the archive."""
        ...


@dataclass
class Players:
    """Who thinks for the computer and for the hint; the pace the computer keeps."""

    thinker: Thinker
    hint_thinker: Thinker
    pace_ms: Callable[[], int] = lambda: 0
    """The least time the computer takes over a move, so its play can be followed."""


class Match:
    def __init__(
        self,
        game: Game,
        players: Players,
        log: GameLog,
        *,
        link: LinkSession | None = None,
        policy: Policy | None = None,
    ) -> None:
        self.game = game
        self.players = players
        self.log = log
        self.link = link
        self.policy = policy
        self._news: list[MatchEvent] = []
        """What happened since the last ``tick`` (a verb's move, a failed save)."""
        self.verdict: Verdict | None = None
        """The policy's verdict on the last move it judged."""
        self._judged_ply = game.ply
        self._result_due: int | None = None
        """When a passed move has been in sight long enough (0: the player went on)."""
        self.accomplished = False
        """The policy's goal was met and its result seen: the match is over."""
        self.hint: int | None = None
        self.link_status: LinkStateName | None = None
        """LOST or ERROR while the link is down or the linked game stopped."""
        self.link_problem: LinkProblem | None = None
        """Why the linked game stopped (ERROR)."""
        self.finished = False
        """The end is stored and the game archived (or that was attempted)."""
        self._hint_for_ply = -1
        self._computer_ply = -1
        """The ply the computer is choosing a move for (-1: not thinking)."""
        self._computer_started = 0
        self._computer_answer: int | None = None
        """The computer's move, held until its pace has passed."""
        self._pondered_ply = -1
        """The ply the computer last thought ahead on (the person's turn)."""

    # -- what the person at the buttons may do ---------------------------------

    @property
    def over(self) -> bool:
        return self.game.is_over() or self.accomplished

    def person_to_move(self) -> bool:
        """True when the buttons play the next move (and the link is up, in a linked game,
        and the policy's goal is not met yet)."""
        passed = self.verdict is Verdict.PASSED
        return self.game.human_to_move() and not self.link_status and not passed

    def play(self, move: int) -> bool:
        """The person's move; False (nothing happens) if it is not theirs to play."""
        if not self.person_to_move() or move not in self.game.position.legal_moves():
            return False
        self._commit(move)
        link = self.link
        if link is not None:
            try:
                link.send_move(self.game.ply, format_move(move))
            except ValueError:  # the session stopped the game a moment ago
                self.link_status = LinkStateName.ERROR
                self.link_problem = link.state.problem or LinkProblem.FAILED
            except OSError as error:
                self._news.append(SaveFailed(error))
        return True

    def can_undo(self) -> bool:
        return not self.over and self.game.can_undo()

    def undo(self) -> bool:
        """Take back the last move (hotseat) or back to the person's last turn."""
        if not self.can_undo():
            return False
        self._stop_thinking()
        self.game.undo()
        self.store()
        return True

    def ask_hint(self) -> bool:
        if not self.person_to_move():
            return False
        self._hint_for_ply = self.game.ply
        self.players.hint_thinker.start(self.game.position, HINT)
        return True

    def can_resign(self) -> bool:
        # the link protocol cannot tell the other device about a resignation
        return not self.over and self.game.setup.mode != Mode.LINK

    def resign(self) -> bool:
        """The person at the buttons gives up (in hotseat: the side to move)."""
        if not self.can_resign():
            return False
        self._stop_thinking()
        loser = self.game.position.side
        if self.game.setup.mode != Mode.HOTSEAT:
            loser = self.game.setup.human_colour
        self.game.record.tags[RESIGNED_TAG] = COLOUR_NAMES[loser]
        self.game.resigned = loser
        return True

    def seen(self, now: int) -> Judgement | None:
        """The board shows the last move in place: the policy (if any) judges it, once.
        A miss is taken back; None when there was no verdict."""
        move = self.game.last_move
        if self.policy is None or self._judged_ply == self.game.ply or move is None:
            return None
        self.verdict = self.policy.judge(self.game)
        if self.verdict is Verdict.MISSED:
            self.undo()
        else:
            self._result_due = now + self.policy.result_ms
        self._judged_ply = self.game.ply
        return Judgement(self.verdict, move)

    def go_on(self) -> None:
        """The player has seen the passed move's result: the match is over at its next tick."""
        if self.verdict is Verdict.PASSED:
            self._result_due = 0

    def close(self) -> None:
        """Leave the match: stop thinking and hang up the link."""
        self._stop_thinking()
        link, self.link = self.link, None
        if link is not None:
            link.close()

    def store(self) -> None:
        """Store what changed in the game durably; a failure is reported at the next tick
        (the game goes on in memory)."""
        try:
            self.log.sync(self.game)
        except OSError as error:
            self._news.append(SaveFailed(error))

    # -- time ------------------------------------------------------------------

    @property
    def thinking(self) -> bool:
        """The computer is choosing a move, or a hint is being worked out."""
        return self._computer_ply >= 0 or self.players.hint_thinker.busy

    def tick(self, now: int) -> list[MatchEvent]:
        """Advance the match to ``now``: what happened since the last tick (nothing,
        when what the screen shows is as it was)."""
        changed = self._poll_link()
        if self._result_due is not None and now >= self._result_due:
            self.accomplished = True
        if self.over:
            if not self.finished:
                self._finish()
            return self._report(changed)
        changed |= self._poll_computer(now)
        changed |= self._poll_hint()
        self._ponder()
        return self._report(changed)

    def _finish(self) -> None:
        """Store the end of the game (once), and report it."""
        self.finished = True
        self._stop_thinking()
        try:
            self.log.finish(self.game)
        except OSError as error:
            self._news.append(SaveFailed(error))
        self._news.append(MatchOver(self.game))

    def _report(self, changed: bool) -> list[MatchEvent]:
        news, self._news = self._news, []
        if changed and not news:
            news.append(Changed())
        return news

    def wakeup(self, now: int) -> int | None:
        """When ``tick`` next has something to do (None: only after a verb)."""
        if self._news or (self.over and not self.finished):
            return now
        if self._result_due is not None and not self.accomplished:
            return self._result_due
        if self._computer_to_move() and self._computer_ply != self.game.ply:
            return now
        if self.thinking or self.link is not None:
            return now + POLL_MS
        return None  # thinking ahead wakes the loop itself when a search ends

    # -- inside ------------------------------------------------------------------

    def _commit(self, move: int) -> None:
        """Make ``move`` part of the game: stored first, then shown (and heard)."""
        before = self.game.position.copy()
        self.game.play(move)
        self.hint = None
        self._hint_for_ply = -1
        self.players.hint_thinker.cancel()
        self.store()
        self._news.append(MovePlayed(before, move, self.game.position.copy()))

    def _stop_thinking(self) -> None:
        self.players.thinker.cancel()
        self.players.hint_thinker.cancel()
        self._computer_ply = -1
        self._computer_answer = None
        self._hint_for_ply = -1
        self.hint = None
        self._pondered_ply = -1

    def _computer_to_move(self) -> bool:
        game = self.game
        return game.setup.mode == Mode.VERSUS_AI and not game.is_over() and not game.human_to_move()

    def _poll_computer(self, now: int) -> bool:
        if not self._computer_to_move():
            return False
        game = self.game
        if self._computer_ply != game.ply:
            self._computer_ply = game.ply
            self._computer_started = now
            self._computer_answer = None
            self.players.thinker.start(game.position, game.setup.ai_level)
            return True
        if self._computer_answer is None:
            self._computer_answer = self.players.thinker.poll()
        answer = self._computer_answer
        if answer is None or now - self._computer_started < self.players.pace_ms():
            return False
        self._computer_ply, self._computer_answer = -1, None
        if answer in game.position.legal_moves():
            self._commit(answer)
        return True

    def _ponder(self) -> None:
        """Let the computer think ahead while the person chooses (it may not want to)."""
        game = self.game
        if game.setup.mode != Mode.VERSUS_AI or game.is_over() or not game.human_to_move():
            return
        if self._pondered_ply != game.ply:
            self._pondered_ply = game.ply
            self.players.thinker.ponder(game.position, game.setup.ai_level)
        self.players.thinker.keep_pondering()

    def _poll_hint(self) -> bool:
        move = self.players.hint_thinker.poll()
        if move is None or self._hint_for_ply != self.game.ply:
            return False
        self.hint = move
        return True

    def _poll_link(self) -> bool:
        """Take the link's news: the peer's moves, the link going down and coming back."""
        if self.link is None:
            return False
        try:
            events = self.link.poll()
        except OSError as error:  # the journal could not store the peer's move
            self._news.append(SaveFailed(error))
            return False
        changed = False
        for event in events:
            changed = True
            if isinstance(event, StateChanged):
                state = event.state
                down = state.name in (LinkStateName.LOST, LinkStateName.ERROR)
                self.link_status = state.name if down else None
                self.link_problem = state.problem if down else None
            elif isinstance(event, PeerMove):
                self._apply_peer_move(event.ply, event.move)
        return changed

    def _apply_peer_move(self, ply: int, move: int) -> None:
        game = self.game
        if ply != game.ply + 1 or game.human_to_move() or game.is_over():
            return
        self._commit(move)
