"""Players the arena can seat, named by short specs.

``random``          uniform random legal moves
``greedy``          the best score one ply ahead (random among equals)
``fortress``        parks two satellites on opposite corners (``engine.lab.fortress``)
``blockade``        keeps one satellite on each of the four edges (``engine.lab.blockade``)
``uct:N``           vanilla UCT with N random playouts a move
``uct@S``           vanilla UCT with S seconds a move
``mcts:N``/``mcts@S`` informed MCTS-solver (``engine.lab.mcts``), N iterations or S seconds
``level3``          a level exactly as players meet it (``engine.ai.levels``)
``level5:N``        a level's search with its node budget replaced by N
``level5@S``        a level's search with S seconds a move instead of nodes
``level5x2``        a level searching in 2 worker processes that share its node
                    budget, as a handheld with spare cores does
                    (``engine.ai.parallel``); with ``:N`` (the shared budget) or ``@S``

Agents are plain data, so the arena can send them to worker processes.
"""

import math
import random
from dataclasses import dataclass, replace
from enum import StrEnum

from engine.ai.levels import level
from engine.ai.parallel import ParallelSearch
from engine.ai.search import Search
from engine.arguments import MAX_WORKERS
from engine.lab.blockade import blockade_move
from engine.lab.fortress import fortress_move
from engine.lab.mcts import mcts_move
from engine.lab.uct import uct_move
from engine.moves import Move
from engine.playout import greedy_move, random_move
from engine.position import Position
from engine.text import shown, whole_number


class Kind(StrEnum):
    """What chooses an agent's moves."""

    RANDOM = "random"
    GREEDY = "greedy"
    FORTRESS = "fortress"
    BLOCKADE = "blockade"
    UCT = "uct"
    MCTS = "mcts"
    LEVEL = "level"


WITHOUT_BUDGET = (Kind.RANDOM, Kind.GREEDY, Kind.FORTRESS, Kind.BLOCKADE)
WITH_BUDGET = (Kind.UCT, Kind.MCTS)
"""The kinds named alone, and the kinds that need a budget (N playouts or S seconds)."""
AGENT_FORMS = (
    "random, greedy, fortress, blockade, uct:N, uct@S, mcts:N, mcts@S, level1..level5[xW][:N|@S]"
)
WORKERS_MARK = "x"
"""Between a level and its worker processes: ``level5x2``."""


@dataclass(frozen=True)
class Agent:
    """A move chooser."""

    kind: Kind
    level: int = 0
    nodes: int = 0
    seconds: float = 0.0
    spec: str = ""
    workers: int = 1
    """Worker processes a level searches in (1: none)."""

    def choose(self, position: Position, rng: random.Random) -> Move:
        """This agent's move (the position must not be over)."""
        if self.kind is Kind.RANDOM:
            return random_move(position, rng)
        if self.kind is Kind.GREEDY:
            return greedy_move(position, rng)
        if self.kind is Kind.FORTRESS:
            return fortress_move(position, rng)
        if self.kind is Kind.BLOCKADE:
            return blockade_move(position, rng)
        if self.kind is Kind.UCT:
            return uct_move(position, rng, self.nodes, self.seconds)
        if self.kind is Kind.MCTS:
            return mcts_move(position, rng, self.nodes, self.seconds)
        limits = level(self.level).limits
        if self.nodes or self.seconds:
            limits = replace(limits, nodes=self.nodes, seconds=self.seconds)
        seed = rng.getrandbits(32)
        if self.workers > 1:
            return ParallelSearch(position, limits, seed, self.workers).run().move
        return Search(position, limits, seed).run().move


def parse_agent(spec: str) -> Agent:
    """The agent a spec names (ValueError with the reason otherwise)."""
    text = spec.strip().lower()
    name, budget = _split_budget(text)
    nodes = 0
    seconds = 0.0
    if budget.startswith(":"):
        nodes = _positive_int(budget[1:], spec)
    elif budget.startswith("@"):
        seconds = _positive_float(budget[1:], spec)
    kind = next((kind for kind in Kind if kind.value == name), None)
    if kind in WITHOUT_BUDGET:
        if budget:
            raise ValueError(f"agent {shown(spec)}: {name} takes no budget")
        return Agent(kind, spec=text)
    if kind in WITH_BUDGET:
        if not budget:
            raise ValueError(
                f"agent {shown(spec)}: give it a budget, like {name}:1000 or {name}@1.0"
            )
        return Agent(kind, nodes=nodes, seconds=seconds, spec=text)
    prefix = Kind.LEVEL.value
    number_text, _, workers_text = name.removeprefix(prefix).partition(WORKERS_MARK)
    number = whole_number(number_text) if name.startswith(prefix) else None
    workers = whole_number(workers_text) if workers_text else 1
    if number is not None and workers:
        level(number)  # checks the range
        return Agent(Kind.LEVEL, number, nodes, seconds, text, min(workers, MAX_WORKERS))
    raise ValueError(f"unknown agent {shown(spec)} ({AGENT_FORMS})")


def _split_budget(text: str) -> tuple[str, str]:
    for mark in (":", "@"):
        if mark in text:
            at = text.index(mark)
            return text[:at], text[at:]
    return text, ""


def _positive_int(text: str, spec: str) -> int:
    number = whole_number(text)
    if not number:
        raise ValueError(f"agent {shown(spec)}: the node budget must be a whole number above 0")
    return number


def _positive_float(text: str, spec: str) -> float:
    try:
        seconds = float(text) if text.isascii() else 0.0
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < math.inf:
        raise ValueError(f"agent {shown(spec)}: the time budget must be seconds above 0")
    return seconds
