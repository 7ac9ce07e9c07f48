"""The review in the background: the same review as in the foreground, on a thread or
in the worker processes, with its progress, and stopped at once when cancelled."""

import random
import time

import pytest

from engine.ai.parallel import release_workers, take_workers
from engine.ai.review import Review, ReviewProgress, review_game
from engine.ai.reviewer import CANCEL_WAIT, Reviewer
from engine.ai.search import Limits
from engine.pieces import NOBODY
from engine.playout import greedy_move
from engine.record import GameRecord

WAIT_LIMIT = 60.0
"""Seconds a test waits for a review before calling it stuck (never reached)."""
QUICK = Limits(nodes=300)


def short_game(plies: int = 12) -> GameRecord:
    """The first ``plies`` moves of a greedy game from seed 3."""
    record = GameRecord.from_seed(3)
    position = record.final_position()
    rng = random.Random(3)
    for _ in range(plies):
        move = greedy_move(position, rng)
        position.make(move)
        record.moves.append(move)
    return record


def wait_for(reviewer: Reviewer) -> tuple[Review, list[ReviewProgress]]:
    """The finished review, and the progress reported on the way."""
    give_up = time.monotonic() + WAIT_LIMIT
    seen: list[ReviewProgress] = []
    while True:
        progress = reviewer.poll()
        assert progress is not None
        assert not progress.failure, progress.failure
        if not seen or seen[-1] != progress:
            seen.append(progress)
        review = reviewer.result()
        if review is not None:
            return review, seen
        assert time.monotonic() < give_up, "the review never finished"
        time.sleep(0.005)


@pytest.mark.parametrize("workers", [1, 2])
def test_the_background_review_is_the_one_worked_out_in_the_foreground(workers: int) -> None:
    record = short_game()
    reviewer = Reviewer(workers, QUICK)
    assert reviewer.poll() is None
    reviewer.start(record, NOBODY)
    record.moves.clear()  # the reviewer works on its own copy
    review, seen = wait_for(reviewer)
    assert review == review_game(short_game(), QUICK, NOBODY)
    dones = [progress.done for progress in seen]
    assert dones == sorted(dones) and seen[-1] == ReviewProgress(13, 13)
    assert seen[-1].finished and seen[-1].fraction == 1.0
    reviewer.cancel()


@pytest.mark.parametrize("workers", [1, 2])
def test_a_review_stops_at_once_when_cancelled(workers: int) -> None:
    reviewer = Reviewer(workers, Limits(nodes=5_000_000))
    reviewer.start(short_game(40), NOBODY)
    started = time.monotonic()
    assert reviewer.cancel(), f"still running {CANCEL_WAIT} s after the cancel"
    assert time.monotonic() - started < 1.0
    assert reviewer.poll() is None and reviewer.result() is None
    reviewer.limits = QUICK
    reviewer.start(short_game(), NOBODY)  # the same workers take the next review
    review, _ = wait_for(reviewer)
    assert review.plies == 12


def test_a_review_whose_workers_are_taken_fails_rather_than_guesses() -> None:
    reviewer = Reviewer(2, Limits(nodes=5_000_000))
    reviewer.start(short_game(), NOBODY)
    _, search = take_workers(2)  # a search starts in the same processes
    give_up = time.monotonic() + WAIT_LIMIT
    while not (progress := reviewer.poll()) or not progress.failure:
        assert time.monotonic() < give_up, "the review went on as if nothing happened"
        time.sleep(0.005)
    assert "another search took the worker processes" in progress.failure
    assert reviewer.result() is None
    release_workers(search)
    reviewer.cancel()
