"""How many button presses a move costs on each device.

    python benchmarks/presses.py [--games 3] [--level 2]

Plays whole games computer against computer and, for every move the computer
chose, finds the fewest presses that enter that move on each profile, starting
where a new turn puts the cursor and using only the buttons the device has
(the same selection code the game screen uses: arrows jump to the nearest
choice that way, next/previous go through the choices in order). Prints the
median, the 90th percentile, the mean and the worst case per profile; every
count includes the presses that choose.
"""

from __future__ import annotations

import copy
import statistics
import sys
from collections import deque
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from device.hardware.buttons import Button
from device.hardware.profiles import PROFILES, Profile
from device.play.selection import Selection
from engine.ai.levels import choose_move
from engine.arguments import MAX_GAMES, OneLineParser, whole_number_in
from engine.moves import PASS
from engine.start import starting_position

STEPS: dict[Button, Callable[[Selection], object]] = {
    Button.UP: lambda s: s.jump((0, 1)),
    Button.DOWN: lambda s: s.jump((0, -1)),
    Button.LEFT: lambda s: s.jump((-1, 0)),
    Button.RIGHT: lambda s: s.jump((1, 0)),
    Button.NEXT: lambda s: s.cycle(1),
    Button.SELECT: lambda s: s.cycle(1),
    Button.PREV: lambda s: s.cycle(-1),
    Button.B: lambda s: s.back(),
}


def fewest_presses(moves: list[int], move: int, profile: Profile) -> int:
    """Breadth-first over the selection's states: the shortest button sequence to ``move``."""
    start = Selection(moves)
    start.cursor = start.choices[0]  # where a new turn puts the cursor
    buttons = [b for b in STEPS if b in profile.meanings.values()]
    seen = {_state(start)}
    queue = deque([(start, 0)])
    while queue:
        selection, presses = queue.popleft()
        chosen = copy.copy(selection)
        played = chosen.confirm()
        if played == move:
            return presses + 1
        nexts = [_after(selection, b) for b in buttons] + ([chosen] if played is None else [])
        for candidate in nexts:
            key = _state(candidate)
            if key not in seen:
                seen.add(key)
                queue.append((candidate, presses + 1))
    raise AssertionError("the move cannot be entered")


def _after(selection: Selection, button: Button) -> Selection:
    moved = copy.copy(selection)
    STEPS[button](moved)
    return moved


def _state(selection: Selection) -> tuple[object, ...]:
    return (selection.stage, selection.cursor, selection.origin, selection.target)


def computer_moves(games: int, level: int) -> list[tuple[list[int], int]]:
    """(legal moves, the move chosen) for every non-pass move of ``games`` whole games."""
    chosen: list[tuple[list[int], int]] = []
    for seed in range(1, games + 1):
        position = starting_position(seed)
        while not position.is_over():
            moves = position.legal_moves()
            move = choose_move(position.copy(), level, seed * 1000 + len(chosen)).move
            if move != PASS:
                chosen.append((moves, move))
            position.make(move)
    return chosen


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=3, **whole_number_in(1, MAX_GAMES, ""))
    parser.add_argument("--level", default=2, **whole_number_in(1, 5, "the computer's level"))
    args = parser.parse_args()
    sample = computer_moves(args.games, args.level)
    print(f"presses per move, {len(sample)} moves from {args.games} games at level {args.level}")
    print(f"{'profile':10} {'median':>6} {'90th pct':>8} {'mean':>5} {'max':>4}")
    for name, profile in PROFILES.items():
        counts = sorted(fewest_presses(moves, move, profile) for moves, move in sample)
        p90 = counts[min(len(counts) - 1, int(0.9 * len(counts)))]
        median, mean = statistics.median(counts), statistics.mean(counts)
        print(f"{name:10} {median:>6g} {p90:>8} {mean:>5.2f} {counts[-1]:>4}")


if __name__ == "__main__":
    main()
