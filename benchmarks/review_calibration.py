"""How well the review's chances match what happened in finished games.

    python benchmarks/review_calibration.py [--games N] [--every K] [--players level3,level3]

Reads self-play games from the balance lab's results file, assesses every
K-th position of each with the review's search (under the rules each game was
played by), and compares each
position's evaluation with the game's result (a win 1, a draw 1/2, a loss 0
for Red).  Prints the logistic scale (points per step of the curve) that
fits best by log loss, the loss at the scale the review uses, and a table of
the chances the review gives beside how often Red then won.  Positions with
a proven result are left out: their chance is exact.
"""

from __future__ import annotations

import math
from pathlib import Path

from engine import is_compiled
from engine.ai.evaluation import WIN_THRESHOLD
from engine.ai.review import CHANCE_SCALE, assess, red_chance
from engine.arguments import OneLineParser, whole_number_in
from engine.lab.balance import entry_rules, read_results, seed_and_moves
from engine.start import starting_position

RESULTS = Path(__file__).resolve().parents[1] / "data" / "balance" / "lab-results.jsonl"
SCALES = range(200, 2001, 50)
BINS = 10


def samples(
    path: Path, variant: str, players: str, games: int, every: int
) -> list[tuple[int, float]]:
    """(value for Red, Red's points in the game) of every ``every``-th position."""
    found: list[tuple[int, float]] = []
    chosen = [g for g in read_results(path) if g["variant"] == variant and g["players"] == players]
    for entry in chosen[:games]:
        seed, moves = seed_and_moves(entry)
        a_points = float(str(entry["a_points"]))
        red_points = a_points if entry["a_is_red"] else 1.0 - a_points
        position = starting_position(seed, entry_rules(entry))
        for ply, move in enumerate(moves):
            if ply % every == 0:
                value = assess(position).value
                if abs(value) < WIN_THRESHOLD:
                    found.append((value, red_points))
            position.make(move)
    return found


def log_loss(found: list[tuple[int, float]], scale: float) -> float:
    total = 0.0
    for value, points in found:
        chance = 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, -value / scale))))
        chance = min(1 - 1e-6, max(1e-6, chance))
        total -= points * math.log(chance) + (1 - points) * math.log(1 - chance)
    return total / len(found)


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=40, **whole_number_in(1, 1000, "games read"))
    parser.add_argument("--every", default=4, **whole_number_in(1, 100, "plies between samples"))
    parser.add_argument("--players", default="level3,level3", help="the pairing's games")
    parser.add_argument("--variant", default="standard", help="the lab's name of their rules")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the lab's results file")
    options = parser.parse_args()
    found = samples(options.results, options.variant, options.players, options.games, options.every)
    if not found:
        parser.error("no such games in the results file")
    best = min(SCALES, key=lambda scale: log_loss(found, scale))
    engine = "compiled" if is_compiled() else "pure Python"
    print(f"{len(found)} positions of {options.players} games ({options.variant}; {engine} engine)")
    print(f"best scale {best} points: log loss {log_loss(found, best):.4f}")
    print(f"the review's scale {CHANCE_SCALE}: log loss {log_loss(found, CHANCE_SCALE):.4f}")
    print("review's chance for Red | positions | Red's points in those games")
    for low in range(0, 1000, 1000 // BINS):
        high = low + 1000 // BINS
        points = [
            p for v, p in found if low <= red_chance(v) < high or (high == 1000 == red_chance(v))
        ]
        if points:
            mean = sum(points) / len(points)
            print(f"{low / 10:5.1f}-{high / 10:5.1f}% | {len(points):9} | {mean:.3f}")


if __name__ == "__main__":
    main()
