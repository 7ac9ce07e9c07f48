"""The game being played, from its start to leaving it.

One match at a time: a game kept in its journal, or a tutorial lesson's, which
keeps nothing.  What the match reports that concerns the saves and the sound is
handled here: a move stored gives up the game a linked one was pending over,
and is heard.  All of it goes on to whoever ticks (the app redraws, tells a
save that failed).  The screens that show the match are the app's.
"""

from __future__ import annotations

import random
from typing import Protocol

from device.link.interface import LinkSession
from device.play.game import Game
from device.play.match import GameLog, Match, Players
from device.play.match_events import MatchEvent, MovePlayed
from device.play.sounds import Sounds, move_effect


class GameShelf(Protocol):
    """Where games are kept (the save folder), as far as the game being played needs it."""

    def begin(self, game: Game, *, pending: bool = False) -> GameLog:
        """A new journal for ``game``; the game in progress is given up now, or, for a
        ``pending`` game (linked, the cable still agreeing), at its first move."""
        ...

    def started(self) -> None:
        """The journal in hand has its game on the board, or one more of its moves."""
        ...

    def withdraw(self) -> None:
        """The pending game never started: the game before it is in progress again."""
        ...


class Playing:
    def __init__(
        self, players: Players, shelf: GameShelf, sounds: Sounds, seed: int | None = None
    ) -> None:
        self.players = players
        self.shelf = shelf
        self.sounds = sounds
        self.match: Match | None = None
        """The match in progress; after its end it stays (with its link open, so the peer
        hears the last ply) until the player leaves what comes after it."""
        self._rng = random.Random(seed)

    def new_seed(self) -> int:
        """The seed of a new game."""
        return self._rng.randrange(1, 2**31)

    def start(
        self, game: Game, link: LinkSession | None = None, journal: GameLog | None = None
    ) -> Match:
        """Play ``game``: in ``journal`` when it is resumed, else in a new journal (the
        game in progress is given up for it; for a linked game, at its first move)."""
        self.leave()
        if journal is None:
            journal = self.shelf.begin(game, pending=link is not None)
        self.shelf.started()
        match = self.take_up(Match(game, self.players, journal, link=link))
        match.store()
        return match

    def take_up(self, match: Match) -> Match:
        """Play ``match`` (a lesson's) instead of the one in progress."""
        self.leave()
        self.match = match
        return match

    def leave(self) -> None:
        """Stop playing: the computer stops thinking, the link hangs up; a linked game
        left before its first move gives up nothing."""
        match, self.match = self.match, None
        if match is not None:
            match.close()
            if match.game.ply == 0:
                self.shelf.withdraw()

    @property
    def on_wall_clock(self) -> bool:
        """Whether a link cable is open: the peer runs in real time."""
        return self.match is not None and self.match.link is not None

    def tick(self, now: int) -> list[MatchEvent]:
        """Advance the match to ``now``: what it reported (see ``Match.tick``)."""
        if self.match is None:
            return []
        events = self.match.tick(now)
        for event in events:
            if isinstance(event, MovePlayed):
                self.shelf.started()
                self.sounds.play(move_effect(event.before, event.move, event.after))
        return events

    def wakeup(self, now: int) -> int | None:
        """When ``tick`` next has something to do (None: only after a verb)."""
        return self.match.wakeup(now) if self.match is not None else None
