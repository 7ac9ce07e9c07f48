"""Search in worker processes: the root moves are dealt among them.

Python threads share one core, so a search that wants more cores runs in
processes.  This is root-parallel search: the root moves are dealt round
robin to the workers, each searches its share with an equal part of the
level's node budget (and its own table), and the best value wins.  Two
shares of Master's budget play as well as one search of it (docs/opponent.md)
and finish in about half the time, so a handheld with spare cores answers
sooner at the same strength; four shares play weaker, so a move's search
takes at most ``SEARCH_WORKERS``.  The result is a pure function of the
position, the limits, the seed and the number of workers.

The processes are started when the first search needs them (never at the
app's launch) and kept.  They are ``spawn``ed (safe beside the app's threads)
without the parent's main module, so a worker holds the engine only, not
pygame and the app: about half the memory.  On a board with little
memory (a Zero 2 W's 512 MB) there are fewer of them.  ``cancel`` moves on a
shared generation number that every worker looks at every few dozen nodes,
so a cancelled search stops within milliseconds.
"""

import contextlib
import multiprocessing
import os
import sys
import time
import types
from collections.abc import Iterator
from concurrent.futures import FIRST_EXCEPTION, Future, ProcessPoolExecutor, wait
from dataclasses import replace
from multiprocessing.sharedctypes import Synchronized
from pathlib import Path
from typing import Final

from engine.ai.search import Limits, Search, SearchResult
from engine.moves import Move
from engine.notation import format_position, parse_position
from engine.position import Position
from engine.rules import Rules

WAIT_STEP: Final = 0.005
"""Seconds between looks at the cancel flag while the workers search."""
CORES_FOR_WORKERS: Final = 4
"""Machines with at least this many cores search in worker processes by default."""
SMALL_MEMORY_MB: Final = 1024
"""Below this much memory (MemTotal) at most ``SMALL_MEMORY_WORKERS`` processes search."""
SMALL_MEMORY_WORKERS: Final = 2
SEARCH_WORKERS: Final = 2
"""The most workers one move's search shares its node budget among (four shares of
Master's budget lose to one search of it; two hold their own)."""
MEMINFO: Final = Path("/proc/meminfo")

LimitFields = tuple[int, float, int, int, int, int, int]
ResultFields = tuple[int, int, int, int]
"""Move, value, depth and nodes of one worker's search."""

_generation: "Synchronized[int] | None" = None
"""The running search's number, shared by the parent and its workers."""
_pools: dict[int, ProcessPoolExecutor] = {}
"""The kept pools by their number of processes (one in practice)."""


def memory_mb(meminfo: Path = MEMINFO) -> int | None:
    """The machine's memory (MemTotal) in MB, or None where the kernel does not say."""
    try:
        lines = meminfo.read_text(encoding="ascii").splitlines()
    except OSError:
        return None
    for line in lines:
        name, _, value = line.partition(":")
        if name == "MemTotal" and value.split()[:1] and value.split()[0].isdigit():
            return int(value.split()[0]) // 1024
    return None


def default_workers(cores: int | None = None, meminfo: Path = MEMINFO) -> int:
    """Worker processes this machine offers: four on a machine with four cores
    or more (every Raspberry Pi from the Zero 2 W on), two of them below 1 GB
    of memory (the Zero 2 W), none (1) on fewer cores.  A review spreads its
    positions over all of them; a move's search takes at most ``SEARCH_WORKERS``."""
    if cores is None:
        cores = os.cpu_count() or 1
    if cores < CORES_FOR_WORKERS:
        return 1
    memory = memory_mb(meminfo)
    if memory is not None and memory < SMALL_MEMORY_MB:
        return SMALL_MEMORY_WORKERS
    return CORES_FOR_WORKERS


def search_workers(cores: int | None = None, meminfo: Path = MEMINFO) -> int:
    """Worker processes a move's search runs in here (1: none)."""
    return min(default_workers(cores, meminfo), SEARCH_WORKERS)


def deal(moves: list[Move], workers: int) -> list[list[Move]]:
    """The root moves dealt round robin into ``workers`` shares (fewer for fewer moves)."""
    return [moves[i::workers] for i in range(min(workers, len(moves)))]


def share_limits(limits: Limits, shares: int) -> Limits:
    """One share's limits: an equal part of the node budget (the shares together search
    what one search would), the same time, depth and style."""
    if not limits.nodes:
        return limits
    return replace(limits, nodes=-(-limits.nodes // shares))


def limit_fields(limits: Limits) -> LimitFields:
    """``limits`` as plain data for a worker (``Limits(*fields)`` there)."""
    return (
        limits.nodes,
        limits.seconds,
        limits.max_depth,
        limits.noise,
        limits.contempt,
        limits.quiescence,
        limits.hurry,
    )


def _adopt_generation(shared: "Synchronized[int]") -> None:
    global _generation
    _generation = shared


def still_wanted(number: int) -> bool:
    """In a worker: whether job ``number`` still has the workers (see ``take_workers``)."""
    return _generation is None or _generation.value == number


def _search_share(
    text: str,
    rules: Rules,
    history: list[int],
    moves: list[Move],
    limits: LimitFields,
    seed: int,
    number: int,
) -> ResultFields:
    """One worker's search of its share of the root moves (plain data both ways), under
    the rules of the game it comes from (a position's text does not carry them)."""
    position = parse_position(text, rules)
    position.history = history
    search = Search(position, Limits(*limits), seed, root_moves=moves)
    search.stop_when = lambda: not still_wanted(number)
    result = search.run()
    return result.move, result.value, result.depth, result.nodes


def _idle() -> None:
    """A task that only makes the pool start its processes."""


@contextlib.contextmanager
def _without_main_module() -> Iterator[None]:
    """While workers are spawned: no main module for them to import again.

    ``spawn`` makes each worker import the parent's main module (the app's
    launcher, and with it pygame and the whole app); an empty one in its
    place leaves the worker with what the tasks need, the engine.
    """
    main = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        sys.modules["__main__"] = main


def start_workers(count: int) -> tuple[ProcessPoolExecutor, "Synchronized[int]"]:
    """The kept pool of ``count`` processes; the first call starts them all."""
    global _generation
    context = multiprocessing.get_context("spawn")
    if _generation is None:
        _generation = context.Value("q", 0)
    pool = _pools.get(count)
    if pool is None:
        pool = ProcessPoolExecutor(
            count, context, initializer=_adopt_generation, initargs=(_generation,)
        )
        with _without_main_module():  # each of these submits spawns one process
            for _ in range(count):
                pool.submit(_idle)
        _pools[count] = pool
    return pool, _generation


def take_workers(count: int) -> tuple[ProcessPoolExecutor, int]:
    """The kept pool of ``count`` processes for one job, and the job's number, which
    its tasks ask ``still_wanted`` about: the job taken before is stopped."""
    pool, generation = start_workers(count)
    with generation.get_lock():
        generation.value += 1
        return pool, generation.value


def release_workers(number: int) -> None:
    """Stop the tasks of job ``number`` within milliseconds (nothing when a later
    job has taken the workers)."""
    if _generation is None or number < 0:
        return
    with _generation.get_lock():
        if _generation.value == number:
            _generation.value += 1


class ParallelSearch:
    """``Search``'s interface (``run``, ``cancel``, progress fields) over workers."""

    position: Position
    limits: Limits
    nodes: int
    depth: int

    def __init__(self, position: Position, limits: Limits, seed: int, workers: int) -> None:
        self.position = position.copy()
        self.limits = limits
        self.seed = seed
        self.workers = workers
        self.nodes = 0
        self.depth = 0
        self._number = -1
        self._cancelled = False

    def cancel(self) -> None:
        """Stop every worker's share; ``run`` returns within milliseconds."""
        self._cancelled = True
        release_workers(self._number)

    def run(self) -> SearchResult:
        started = time.perf_counter()
        moves = self.position.legal_moves()
        if self.workers <= 1 or len(moves) < 2:
            return Search(self.position, self.limits, self.seed).run()
        pool, self._number = take_workers(self.workers)
        if self._cancelled:
            self.cancel()
        text = format_position(self.position)
        shares = deal(moves, self.workers)
        limits = limit_fields(share_limits(self.limits, len(shares)))
        futures: list[Future[ResultFields]] = [
            pool.submit(
                _search_share,
                text,
                self.position.rules,
                self.position.history,
                share,
                limits,
                self.seed,
                self._number,
            )
            for share in shares
        ]
        while not self._cancelled:
            _, running = wait(futures, WAIT_STEP, FIRST_EXCEPTION)
            if not running or any(f.done() and f.exception() for f in futures):
                break
        if self._cancelled:
            # Nobody reads a cancelled answer; the workers stop by themselves.
            return SearchResult(moves[0], 0, 0, 0, time.perf_counter() - started)
        results = [future.result() for future in futures]
        move, value, _, _ = max(results, key=lambda fields: fields[1])
        self.depth = min(fields[2] for fields in results)
        self.nodes = sum(fields[3] for fields in results)
        return SearchResult(move, value, self.depth, self.nodes, time.perf_counter() - started)
