"""Thinking in the background, so the app's frame loop never waits.

The device app drives one ``BackgroundSearch`` from its frame loop::

    search = BackgroundSearch()
    search.start(position, level=3, seed=game_seed + ply)   # returns at once
    ...
    progress = search.poll()     # each frame: None when idle, else Progress
    if progress is not None and progress.done:
        move = search.result()   # the level's move (or the hint)
    ...
    search.cancel()              # undo, quit or a new game: back within 50 ms

``start`` searches a private copy of the position on a daemon thread, so the
caller may change its own position straight away.  ``hint`` is ``start`` at
the hint level.  Only one search runs at a time: ``start`` cancels the one
before.  Python threads share one core, which suits a frame loop that mostly
sleeps between frames; the search checks its cancel flag every 64 nodes
(about a millisecond here).  On a machine with four cores or more the search
itself runs in worker processes (``engine.ai.parallel``); ``workers`` says how
many (1: none).  ``on_done`` is called on the search thread as each search
that was not cancelled finishes, so a loop that sleeps need not poll.
"""

import threading
from collections.abc import Callable
from dataclasses import dataclass

from engine.ai.levels import HINT_LEVEL, level
from engine.ai.parallel import ParallelSearch, search_workers
from engine.ai.search import Search, SearchResult
from engine.moves import Move
from engine.position import Position

CANCEL_WAIT = 0.05
"""Seconds ``cancel`` waits for the search thread to finish."""


@dataclass(frozen=True)
class Progress:
    """What the search has done so far, for a 'thinking' indicator."""

    done: bool
    nodes: int
    depth: int
    """Deepest finished iteration."""
    fraction: float
    """Share of the node budget spent, 0.0 .. 1.0."""


class BackgroundSearch:
    """Runs one search at a time on a background thread."""

    def __init__(
        self, workers: int | None = None, on_done: Callable[[], None] = lambda: None
    ) -> None:
        self.workers = search_workers() if workers is None else workers
        self._on_done = on_done
        self._search: Search | ParallelSearch | None = None
        self._thread: threading.Thread | None = None
        self._result: SearchResult | None = None

    def start(self, position: Position, level_number: int, seed: int = 0) -> None:
        """Begin choosing the move of level ``level_number`` (1..5) in ``position``."""
        limits = level(level_number).limits
        if position.is_over():
            raise ValueError("the game is over: there is no move to think about")
        self.cancel()
        search: Search | ParallelSearch = (
            ParallelSearch(position, limits, seed, self.workers)
            if self.workers > 1
            else Search(position, limits, seed)
        )
        self._search = search
        self._result = None
        self._thread = threading.Thread(target=self._run, args=(search,), daemon=True)
        self._thread.start()

    def hint(self, position: Position, seed: int = 0) -> None:
        """Begin finding the best move for the player to move."""
        self.start(position, HINT_LEVEL, seed)

    def poll(self) -> Progress | None:
        """The progress of the current search, or None when there is none."""
        search = self._search
        if search is None:
            return None
        budget = search.limits.nodes
        fraction = min(1.0, search.nodes / budget) if budget else 0.0
        done = self._result is not None
        return Progress(done, search.nodes, search.depth, 1.0 if done else fraction)

    def result(self) -> Move | None:
        """The chosen move once the search is done, else None."""
        return self._result.move if self._result is not None else None

    def details(self) -> SearchResult | None:
        """The finished search's value, depth, nodes and time, else None."""
        return self._result

    def cancel(self) -> bool:
        """Stop and forget the current search; True when its thread ended within
        ``CANCEL_WAIT`` (also when nothing was running)."""
        search, thread = self._search, self._thread
        self._search = None
        self._thread = None
        self._result = None
        if search is not None:
            search.cancel()
        if thread is None:
            return True
        thread.join(CANCEL_WAIT)
        return not thread.is_alive()

    def _run(self, search: Search | ParallelSearch) -> None:
        result = search.run()
        if self._search is search:
            self._result = result
            self._on_done()
