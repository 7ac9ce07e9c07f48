"""The budget the tree searches (vanilla UCT, the MCTS-solver) spend: a number
of iterations, a time, or both, whichever runs out first."""

from __future__ import annotations

import time
from typing import Final

CLOCK_EVERY: Final = 8
"""Iterations between looks at the clock (reading it costs about one playout step)."""


class Budget:
    def __init__(self, iterations: int, seconds: float, searcher: str) -> None:
        if iterations <= 0 and seconds <= 0:
            raise ValueError(f"{searcher} needs an iteration or a time budget")
        self.iterations = iterations
        self.deadline = time.perf_counter() + seconds if seconds > 0 else 0.0
        self.done = 0

    def spend_one(self) -> bool:
        """Count one iteration; True when the budget is used up."""
        self.done += 1
        if self.iterations and self.done >= self.iterations:
            return True
        return bool(
            self.deadline and self.done % CLOCK_EVERY == 0 and time.perf_counter() >= self.deadline
        )
