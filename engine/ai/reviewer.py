"""Reviewing a game in the background, so the app's frame loop never waits.

The device app drives one ``Reviewer`` from its frame loop::

    reviewer = Reviewer()
    reviewer.start(record, winner)     # returns at once
    ...
    progress = reviewer.poll()         # each frame: None when idle, else ReviewProgress
    if progress is not None and progress.finished:
        review = reviewer.result()
    ...
    reviewer.cancel()                  # the player left: back within 50 ms

The positions of the game are assessed one by one (``engine.ai.review``),
on a daemon thread where the search runs on one core, or dealt to the worker
processes the opponent's search uses (``engine.ai.parallel``) on a machine
with four cores or more: each process assesses whole positions, so the
review is the same however many processes share it.  Like the opponent's
searches, a review takes the processes while it runs: a search started
there stops the job before it.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future
from dataclasses import replace

from engine.ai.parallel import (
    LimitFields,
    default_workers,
    limit_fields,
    release_workers,
    still_wanted,
    take_workers,
)
from engine.ai.review import (
    REVIEW_LIMITS,
    Assessment,
    Review,
    ReviewProgress,
    assess,
    review_of,
)
from engine.ai.search import Limits
from engine.moves import Move
from engine.pieces import Colour
from engine.record import GameRecord, format_record, parse_record

CANCEL_WAIT = 0.05
"""Seconds ``cancel`` waits for the review's thread to finish."""

AssessmentFields = tuple[int, list[Move]]
"""An assessment as plain data between processes: the value and the line."""


class Superseded(Exception):
    """A review's search was stopped by another job taking the worker processes:
    its answer is worth nothing, and the review cannot finish."""


def _assess_in_worker(text: str, ply: int, limits: LimitFields, job: int) -> AssessmentFields:
    """In a worker: the assessment of the position after ``ply`` moves of the record
    ``text`` (plain data both ways); Superseded when the job lost the workers."""
    record = parse_record(text)
    position = record.start_position()
    for move in record.moves[:ply]:
        position.make(move)
    assessment = assess(position, Limits(*limits), lambda: not still_wanted(job))
    if not still_wanted(job):
        raise Superseded("another search took the worker processes")
    return assessment.value, list(assessment.line)


class Reviewer:
    """Reviews one game at a time, in the background."""

    def __init__(self, workers: int | None = None, limits: Limits = REVIEW_LIMITS) -> None:
        """``workers``: search processes (None: as this machine's cores and memory
        allow; 1: a thread in this process).  ``limits``: each position's search."""
        self.workers = default_workers() if workers is None else workers
        self.limits = limits
        self._job: _Job | None = None

    def start(self, record: GameRecord, winner: Colour | None = None) -> None:
        """Begin reviewing ``record`` (copied); ``winner`` where the record does not
        tell it (a resignation)."""
        self.cancel()
        copy = replace(record, moves=list(record.moves), tags=dict(record.tags))
        if self.workers > 1:
            self._job = _PoolJob(copy, winner, self.limits, self.workers)
        else:
            self._job = _ThreadJob(copy, winner, self.limits)

    def poll(self) -> ReviewProgress | None:
        """How far the current review has come, or None when there is none."""
        return self._job.progress() if self._job is not None else None

    def result(self) -> Review | None:
        """The review once every position is assessed, else None."""
        return self._job.result() if self._job is not None else None

    def cancel(self) -> bool:
        """Stop and forget the current review; True when it stopped within
        ``CANCEL_WAIT`` (also when nothing was running)."""
        job, self._job = self._job, None
        return job.cancel() if job is not None else True


class _Job:
    """One review under way: the record, and its positions' assessments as they come."""

    def __init__(self, record: GameRecord, winner: Colour | None, limits: Limits) -> None:
        self.record = record
        self.winner = winner
        self.limits = limits
        self.total = len(record.moves) + 1
        self._review: Review | None = None

    def found(self) -> list[Assessment | None]:
        """Each position's assessment, None while it is not known."""
        raise NotImplementedError

    def failure(self) -> str:
        """Why the review cannot finish ("" while it can)."""
        return ""

    def progress(self) -> ReviewProgress:
        done = sum(assessment is not None for assessment in self.found())
        return ReviewProgress(done, self.total, self.failure())

    def result(self) -> Review | None:
        if self._review is None:
            found = [assessment for assessment in self.found() if assessment is not None]
            if len(found) == self.total:
                self._review = review_of(self.record, found, self.winner)
        return self._review

    def cancel(self) -> bool:
        raise NotImplementedError


class _ThreadJob(_Job):
    """The positions one after another, on a daemon thread."""

    def __init__(self, record: GameRecord, winner: Colour | None, limits: Limits) -> None:
        super().__init__(record, winner, limits)
        self._assessments: list[Assessment | None] = [None] * self.total
        self._cancelled = False
        self._failure = ""
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            position = self.record.start_position()
            for ply in range(self.total):
                if ply:
                    position.make(self.record.moves[ply - 1])
                assessment = assess(position, self.limits, lambda: self._cancelled)
                if self._cancelled:
                    return
                self._assessments[ply] = assessment
        except Exception as error:  # told by ``progress``: the thread has no one else to tell
            self._failure = f"{type(error).__name__}: {error}"

    def found(self) -> list[Assessment | None]:
        return self._assessments

    def failure(self) -> str:
        return self._failure

    def cancel(self) -> bool:
        self._cancelled = True
        self._thread.join(CANCEL_WAIT)
        return not self._thread.is_alive()


class _PoolJob(_Job):
    """Each position a task of the kept worker processes."""

    def __init__(
        self, record: GameRecord, winner: Colour | None, limits: Limits, workers: int
    ) -> None:
        super().__init__(record, winner, limits)
        pool, self._number = take_workers(workers)
        text = format_record(record)
        fields = limit_fields(limits)
        self._futures: list[Future[AssessmentFields]] = [
            pool.submit(_assess_in_worker, text, ply, fields, self._number)
            for ply in range(self.total)
        ]
        self._found: list[Assessment | None] = [None] * self.total

    def found(self) -> list[Assessment | None]:
        for ply, future in enumerate(self._futures):
            if self._found[ply] is None and future.done() and not future.exception():
                value, line = future.result()
                self._found[ply] = Assessment(value, tuple(line))
        return self._found

    def failure(self) -> str:
        for future in self._futures:
            error = future.exception() if future.done() and not future.cancelled() else None
            if error is not None:
                return f"{type(error).__name__}: {error}"
        return ""

    def cancel(self) -> bool:
        for future in self._futures:
            future.cancel()
        release_workers(self._number)
        return True
