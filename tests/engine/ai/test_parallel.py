"""Search in worker processes: legal, deterministic, and cancelled in time."""

import time

import pytest
from positions import finish_or_wait, fortress, tiebreak_finale

from engine.ai import thinker as thinker_module
from engine.ai.parallel import ParallelSearch, default_workers
from engine.ai.search import Limits, Search
from engine.ai.thinker import Thinker
from engine.notation import format_move
from engine.pieces import RED
from engine.rules import SEED
from engine.scoring import score
from engine.start import starting_position


def test_workers_share_the_root_moves_and_agree_on_a_legal_move() -> None:
    position = starting_position(8)
    first = ParallelSearch(position, Limits(nodes=400), 3, workers=2).run()
    second = ParallelSearch(position, Limits(nodes=400), 3, workers=2).run()
    assert first.move in position.legal_moves()
    assert (first.move, first.value, first.nodes) == (second.move, second.value, second.nodes)
    assert first.nodes > 400  # each worker spent its own budget


def test_workers_search_under_the_rules_of_the_game() -> None:
    # Thirty stalled plies: under the standard rules connections would be open
    # (RULES.md 6.5), under the seed rules they stay closed.  Each worker must
    # find what a search of its share of the moves finds here, in this process.
    position = fortress(SEED, quiet=30, closed=30)
    limits = Limits(nodes=1_500, contempt=300)
    moves = position.legal_moves()
    shares = [Search(position, limits, 4, root_moves=moves[i::2]).run() for i in range(2)]
    best = max(shares, key=lambda result: result.value)
    split = ParallelSearch(position, limits, 4, workers=2).run()
    assert (split.move, split.value) == (best.move, best.value)


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


def test_cancelling_a_search_in_workers_ends_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # How fast is measured by benchmarks/cancel_latency.py; a loaded machine is slow, not wrong.
    monkeypatch.setattr(thinker_module, "CANCEL_WAIT", 10.0)
    thinker = Thinker(workers=2)
    thinker.start(starting_position(5), 5, seed=2)
    assert thinker.cancel() is True  # even before the workers have started
    thinker.start(starting_position(5), 5, seed=2)
    time.sleep(0.5)  # well into the search
    assert thinker.cancel() is True
    assert thinker.poll() is None and thinker.result() is None


def test_workers_are_on_by_default_only_with_four_cores_or_more() -> None:
    assert default_workers() in (1, 4)
    assert Thinker().workers == default_workers()
