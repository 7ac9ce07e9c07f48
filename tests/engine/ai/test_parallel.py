"""Search in worker processes: legal, deterministic, and cancelled in time."""

import os
import threading
from concurrent.futures import Future, wait

import pytest
from boards import position_with
from positions import finish_or_wait, tiebreak_finale

from engine.ai import parallel
from engine.ai import thinker as thinker_module
from engine.ai.parallel import ParallelSearch
from engine.ai.search import CHECK_EVERY, Limits, Search
from engine.ai.thinker import BackgroundSearch
from engine.notation import format_move
from engine.pieces import RED
from engine.rules import SEED, STANDARD
from engine.scoring import score
from engine.start import starting_position


def test_workers_share_the_root_moves_and_agree_on_a_legal_move() -> None:
    position = starting_position(8)
    first = ParallelSearch(position, Limits(nodes=400), 3, workers=2).run()
    second = ParallelSearch(position, Limits(nodes=400), 3, workers=2).run()
    assert first.move in position.legal_moves()
    assert (first.move, first.value, first.nodes) == (second.move, second.value, second.nodes)
    # The workers share the budget: together about what one search spends, never double.
    alone = Search(position, Limits(nodes=400), 3).run()
    assert first.nodes <= 400 + 2 * CHECK_EVERY and first.nodes < 2 * alone.nodes


def test_the_winning_move_is_found_whichever_worker_holds_it() -> None:
    position = tiebreak_finale()
    for workers in (2, 3):
        move = ParallelSearch(position, Limits(nodes=2_000), 0, workers).run().move
        position.make(move)
        assert score(position).winner == RED, f"{workers} workers: {format_move(move)}"
        position.unmake()


def test_workers_finish_a_win_rather_than_run_down_the_clock() -> None:
    # With two workers one holds the finishing connection e8-g8 and the other
    # the steps onto the last free edge, which win a ply later by the
    # no-progress rule with a wider lead: the sooner win must be chosen.
    position = finish_or_wait()
    for workers in (2, 3):
        move = ParallelSearch(position, Limits(nodes=3_000), 0, workers).run().move
        assert format_move(move) == "e8-g8", f"{workers} workers"


# Every edge held by a loose satellite, 19 plies without a connection: one more
# and a stall opens connections under the standard rules, and Blue's 3 on c4
# would then make a colony at f4.  Under the seed rules nothing opens them.
STALL_COMING = {
    "e10": "r3", "e1": "b3", "a5": "r4", "j5": "b4", "f5": "r1", "f6": "b1",
    "c4": "b3", "d2": "r2", "h8": "r2", "b8": "b2",
}  # fmt: skip


def test_workers_search_under_the_rules_of_the_game() -> None:
    limits = Limits(nodes=3_000)
    answers = {}
    for rules in (SEED, STANDARD):
        position = position_with(STALL_COMING, quiet=19, closed=19, rules=rules)
        moves = position.legal_moves()
        shares = [moves[i::2] for i in range(2)]
        half = Limits(nodes=1_500)  # each of the two shares searches half the budget
        alone = max(
            (Search(position, half, 0, root_moves=share).run() for share in shares),
            key=lambda result: result.value,
        )
        both = ParallelSearch(position, limits, 0, workers=2).run()
        assert (both.move, both.value) == (alone.move, alone.value), rules.id
        answers[rules.id] = both.value
    assert answers[SEED.id] != answers[STANDARD.id], "the rules make a difference here"


def test_cancelling_a_search_in_workers_ends_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # How fast is measured by benchmarks/cancel_latency.py; a loaded machine is slow, not wrong.
    monkeypatch.setattr(thinker_module, "CANCEL_WAIT", 10.0)
    shares: list[Future[object]] = []
    shares_running = threading.Event()

    def watched_wait(futures: list[Future[object]], timeout: float, return_when: str) -> object:
        """The search's wait for its workers, noting when they have taken their shares."""
        if any(future.running() for future in futures):
            shares[:] = futures
            shares_running.set()
        return wait(futures, timeout, return_when)

    monkeypatch.setattr(parallel, "wait", watched_wait)
    thinker = BackgroundSearch(workers=2)
    thinker.start(starting_position(5), 5, seed=2)
    assert thinker.cancel() is True  # even before the workers have started
    shares_running.clear()
    thinker.start(starting_position(5), 5, seed=2)
    assert shares_running.wait(timeout=60), "the workers never took the search"
    assert not all(share.done() for share in shares), "cancelled while the workers search"
    assert thinker.cancel() is True
    assert thinker.poll() is None and thinker.result() is None


@pytest.mark.parametrize(
    ("cores", "memory_mb", "workers"),
    [(4, 428, 2), (4, 3_793, 2), (2, 3_793, 1), (1, None, 1)],
    ids=["Zero 2 W", "Pi 4", "two cores", "one core, no meminfo"],
)
def test_a_new_thinker_searches_with_the_workers_the_machine_allows(
    monkeypatch: pytest.MonkeyPatch, cores: int, memory_mb: int | None, workers: int
) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    monkeypatch.setattr(parallel, "memory_mb", lambda meminfo: memory_mb)
    assert BackgroundSearch().workers == workers
