"""Where the balance lab plays its games: worker processes on this machine, or
tasks on a Ray cluster for runs past one machine.

Ray is an optional extra (``pip install -e '.[ray]'``) that neither the game nor
the engine needs: it is imported by name, and only when a run asks for it, so
the engine's type check and compiled build never see it.  Either way the same
``play_seed`` plays each seed, and the games come back as they finish.
"""

import importlib
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from enum import StrEnum
from types import ModuleType

from engine.lab.agents import Agent
from engine.lab.arena import GameResult, play_game, play_pair
from engine.rules import Rules

RAY_MISSING = "--backend ray needs Ray, an optional extra: pip install -e '.[ray]'"

LabTask = tuple[Agent, Agent, int, Rules, str, str]
"""Agents A and B, a start seed and the rules, with the variant and pairing
names the results file keeps."""
SeedGames = tuple[str, str, tuple[GameResult, ...]]
"""The variant and pairing names of a task, and the games of its seed."""


class Backend(StrEnum):
    """Where the lab's games run."""

    PROCESSES = "processes"
    RAY = "ray"


def games_per_seed(a: Agent, b: Agent) -> int:
    """Two games a seed (colours swapped) between different agents; one in
    self-play, where the swapped game would be the very same game."""
    return 1 if a == b else 2


def play_seed(task: tuple[Agent, Agent, int, Rules]) -> tuple[GameResult, ...]:
    """The games of one start seed: A as Red, then (if A is not B) A as Blue."""
    a, b, seed, rules = task
    if games_per_seed(a, b) == 1:
        return (play_game(a, b, seed, True, rules),)
    return play_pair(task)


def play_all(
    tasks: list[LabTask],
    workers: int,
    backend: Backend = Backend.PROCESSES,
    ray_address: str | None = None,
) -> Iterator[SeedGames]:
    """The games of each task's seed, as they finish (ValueError, before any
    game, when Ray is asked for and missing or its cluster cannot be reached)."""
    if backend == Backend.RAY:
        ray = load_ray()
        if not tasks:
            return iter(())  # nothing left to play: no instance to start
        return play_on_ray(ray, tasks, connect(ray, ray_address))
    return play_in_processes(tasks, workers)


def play_in_processes(tasks: list[LabTask], workers: int) -> Iterator[SeedGames]:
    if workers <= 1:
        for a, b, seed, rules, variant, players in tasks:
            yield variant, players, play_seed((a, b, seed, rules))
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {
            pool.submit(play_seed, (a, b, seed, rules)): (variant, players)
            for a, b, seed, rules, variant, players in tasks
        }
        for future in as_completed(futures):
            variant, players = futures[future]
            yield variant, players, future.result()


def load_ray() -> ModuleType:
    try:
        return importlib.import_module("ray")
    except ImportError as missing:
        raise ValueError(RAY_MISSING) from missing


def connect(ray: ModuleType, address: str | None) -> bool:
    """Join the Ray instance at ``address`` (None: Ray's default, RAY_ADDRESS or
    a new local instance) unless this process has joined one already; True when
    this call joined, so the run leaves it again when done."""
    if ray.is_initialized():
        return False
    try:
        ray.init(address=address)
    except ConnectionError as unreachable:
        raise ValueError(f"Ray at {address or 'its default address'}: {unreachable}") from None
    return True


def play_on_ray(ray: ModuleType, tasks: list[LabTask], joined: bool) -> Iterator[SeedGames]:
    """Each task as a Ray task, yielded as it finishes; leaves the instance when
    done if it joined it (a local instance it started stops with it)."""
    try:
        remote_play_seed = ray.remote(play_seed)
        pending = {
            remote_play_seed.remote((a, b, seed, rules)): (variant, players)
            for a, b, seed, rules, variant, players in tasks
        }
        while pending:
            (finished,), _ = ray.wait(list(pending), num_returns=1)
            variant, players = pending.pop(finished)
            yield variant, players, seed_games(ray, finished)
    finally:
        if joined:
            ray.shutdown()


def seed_games(ray: ModuleType, finished: object) -> tuple[GameResult, ...]:
    """The games a finished Ray task returned (ValueError, with the last line of
    the worker's report, when it failed: often a worker without the project)."""
    try:
        games: tuple[GameResult, ...] = ray.get(finished)
    except ray.exceptions.RayError as failure:
        last_line = str(failure).strip().splitlines()[-1]
        raise ValueError(
            f"a game failed on a Ray worker (is the project installed there?): {last_line}"
        ) from None
    return games
