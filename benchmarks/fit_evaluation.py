"""Fit the evaluation's weights to the outcomes of recorded games.

    python benchmarks/fit_evaluation.py [--every 4] [--from-ply 8] [--scale 960]
        [RESULTS.jsonl ...]

Every game of the balance lab's results files (``data/balance/``) played
between two levels under the standard rules of today or of before the stall
ruling (the variants ``standard`` and ``open-after=20``) is replayed, and
every ``--every``-th position from ``--from-ply`` on is read as its
evaluation terms (``engine.ai.evaluation.evaluation_terms``, Red's minus
Blue's) with the game's result for Red.  A logistic regression (Newton's
method, no intercept: the colours are symmetric) then gives each term's
weight in log-odds of Red winning, a draw counting half a win.  Multiplied by
``--scale`` evaluation points for one unit of log-odds (960: the scale that
best suited the hand-set weights the fitted ones replaced, so contempt and
hurry keep their meaning), they are the points ``engine/ai/evaluation.py``
uses; the script prints them beside the engine's, and how well each set
predicts the results (the mean log loss; the engine's at its best scale).
Games of the probes (``blockade``, ``fortress``) and of the variants whose
rules differ otherwise (corner edges, own edges, another quiet limit,
repetition, blockade ends) are left out.
"""

import math
import statistics
from collections.abc import Sequence
from pathlib import Path

from engine.ai.evaluation import TERM_NAMES, WEIGHTS, evaluation_terms
from engine.arguments import OneLineParser, whole_number_in
from engine.lab.balance import entry_rules, read_results, seed_and_moves
from engine.pieces import BLUE, NOBODY, RED
from engine.scoring import game_winner
from engine.start import starting_position

BALANCE = Path(__file__).resolve().parents[1] / "data" / "balance"
DEFAULT_RESULTS = (BALANCE / "lab-results.jsonl", BALANCE / "blockade-results.jsonl")
VARIANTS = ("standard", "open-after=20")
"""The rules read: the standard game before and after the stall ruling."""
LEVEL_PLAYERS = ("level3,level3", "level5,level5")
NEWTON_STEPS = 25
RIDGE = 1e-6
"""A touch of L2 regularisation, so a term that never varies cannot break the solve."""

Sample = tuple[tuple[int, ...], float]
"""One position's terms and the game's result for Red (1, 0.5 or 0)."""


def samples_of(entry: dict[str, object], every: int, from_ply: int) -> list[Sample]:
    """The sampled positions of one recorded game, with its result for Red."""
    seed, moves = seed_and_moves(entry)
    position = starting_position(seed, entry_rules(entry))
    terms: list[tuple[int, ...]] = []
    for ply, move in enumerate(moves):
        if ply >= from_ply and (ply - from_ply) % every == 0:
            terms.append(evaluation_terms(position))
        position.make(move)
    winner = game_winner(position)
    red_result = 0.5 if winner == NOBODY else 1.0 if winner == RED else 0.0
    assert winner in (RED, BLUE, NOBODY)
    return [(t, red_result) for t in terms]


def read_samples(paths: Sequence[Path], every: int, from_ply: int) -> list[Sample]:
    samples: list[Sample] = []
    for path in paths:
        for entry in read_results(path):
            if entry["variant"] in VARIANTS and entry["players"] in LEVEL_PLAYERS:
                samples += samples_of(entry, every, from_ply)
    return samples


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """The solution of a small linear system (Gaussian elimination, partial pivoting)."""
    size = len(vector)
    rows = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for r in range(column + 1, size):
            factor = rows[r][column] / rows[column][column]
            for c in range(column, size + 1):
                rows[r][c] -= factor * rows[column][c]
    solution = [0.0] * size
    for r in range(size - 1, -1, -1):
        known = sum(rows[r][c] * solution[c] for c in range(r + 1, size))
        solution[r] = (rows[r][size] - known) / rows[r][r]
    return solution


def fit(samples: list[Sample]) -> list[float]:
    """Logistic regression without intercept, by Newton's method: the weights in
    log-odds of Red winning per unit of each term."""
    size = len(samples[0][0])
    weights = [0.0] * size
    for _ in range(NEWTON_STEPS):
        gradient = [0.0] * size
        hessian = [[RIDGE if i == j else 0.0 for j in range(size)] for i in range(size)]
        for terms, result in samples:
            z = sum(w * t for w, t in zip(weights, terms, strict=True))
            chance = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))
            error = result - chance
            spread = chance * (1.0 - chance)
            for i in range(size):
                if terms[i]:
                    gradient[i] += error * terms[i]
                    row = hessian[i]
                    for j in range(size):
                        if terms[j]:
                            row[j] += spread * terms[i] * terms[j]
        for i in range(size):
            gradient[i] -= RIDGE * weights[i]
        step = _solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return weights


def log_loss(samples: list[Sample], weights: Sequence[float]) -> float:
    """The mean cross-entropy of the results under ``weights`` (log-odds units)."""
    losses = []
    for terms, result in samples:
        z = sum(w * t for w, t in zip(weights, terms, strict=True))
        chance = min(1 - 1e-12, max(1e-12, 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))))
        losses.append(-(result * math.log(chance) + (1 - result) * math.log(1 - chance)))
    return statistics.fmean(losses)


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="*", type=Path, default=list(DEFAULT_RESULTS))
    parser.add_argument("--every", default=4, **whole_number_in(1, 1000, "sample every Nth ply"))
    parser.add_argument("--from-ply", default=8, **whole_number_in(0, 1000, "the first ply read"))
    parser.add_argument(
        "--scale", default=960, **whole_number_in(1, 100_000, "points per unit of log-odds")
    )
    options = parser.parse_args()
    samples = read_samples(options.results, options.every, options.from_ply)
    print(f"{len(samples)} positions")
    weights = fit(samples)
    # Today's weights at the scale that suits them best, for comparison.
    (today_scale,) = fit(
        [((sum(w * t for w, t in zip(WEIGHTS, x, strict=True)),), r) for x, r in samples]
    )
    today = [w * today_scale for w in WEIGHTS]
    print(
        f"log loss: fitted {log_loss(samples, weights):.4f}; the engine's weights "
        f"{log_loss(samples, today):.4f} (at their best scale, "
        f"{1 / today_scale:.0f} points per unit of log-odds)"
    )
    print(f"{'term':<24} {'log-odds':>9} {'points':>7} {'today':>7}")
    for name, weight, points in zip(TERM_NAMES, weights, WEIGHTS, strict=True):
        print(f"{name:<24} {weight:9.4f} {round(weight * options.scale):7d} {points:7d}")


if __name__ == "__main__":
    main()
