"""How often thinking ahead guesses the person's move, and what it saves.

    python benchmarks/thinking_ahead.py [--games N] [--level 4] [--person 3] [--plies 40]

The computer (``--level``) plays Blue against a stand-in for the person: the
engine at level ``--person`` (a real person is less predictable, so read the
hit rate as an upper bound for players of that strength).  Before each of
the computer's moves it has thought ahead to the end, as when the person
takes longer than two searches; the report gives the share of right guesses
and the computer's wait after the person's move, with and without thinking
ahead.
"""

import statistics
import time

from device.play.opponent import EngineThinker
from engine import is_compiled
from engine.ai.levels import choose_move
from engine.arguments import MAX_GAMES, OneLineParser, whole_number_in
from engine.pieces import BLUE
from engine.position import Position
from engine.start import starting_position


def wait_for_answer(thinker: EngineThinker, position: Position, level: int) -> tuple[int, float]:
    """The computer's move and the seconds from the person's move to it."""
    started = time.perf_counter()
    thinker.start(position, level)
    while (move := thinker.poll()) is None:
        time.sleep(0.001)
    return move, time.perf_counter() - started


def ponder_to_the_end(thinker: EngineThinker, position: Position, level: int) -> None:
    thinker.ponder(position, level)
    while thinker.keep_pondering():
        time.sleep(0.002)


def play(seed: int, level: int, person: int, plies: int) -> tuple[int, list[float], list[float]]:
    """One game: (right guesses, waits thinking ahead, waits without)."""
    ahead = EngineThinker(seed, think_ahead=lambda: True)
    plain = EngineThinker(seed)
    position = starting_position(seed)
    waits_ahead: list[float] = []
    waits_plain: list[float] = []
    for ply in range(plies):
        if position.is_over():
            break
        if position.side == BLUE:
            move, wait = wait_for_answer(ahead, position, level)
            same, plain_wait = wait_for_answer(plain, position, level)
            assert move == same, "thinking ahead must not change the computer's move"
            waits_ahead.append(wait)
            waits_plain.append(plain_wait)
        else:
            move = choose_move(position, person, seed + ply).move
            ponder_to_the_end(ahead, position, level)
        position.make(move)
    return ahead.hits, waits_ahead, waits_plain


def main() -> int:
    parser = OneLineParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=3, **whole_number_in(1, MAX_GAMES, ""))
    parser.add_argument("--level", default=4, **whole_number_in(1, 5, "the computer's level"))
    parser.add_argument(
        "--person", default=3, **whole_number_in(1, 5, "the level standing in for a person")
    )
    parser.add_argument("--plies", default=40, **whole_number_in(1, 1_000, "plies played per game"))
    args = parser.parse_args()
    hits = 0
    ahead: list[float] = []
    plain: list[float] = []
    for seed in range(1, args.games + 1):
        game_hits, game_ahead, game_plain = play(seed, args.level, args.person, args.plies)
        hits += game_hits
        ahead += game_ahead
        plain += game_plain
    build = "compiled" if is_compiled() else "pure Python"
    print(f"level {args.level} against level {args.person}, {args.games} games, {build} engine")
    print(f"right guesses: {hits} of {len(ahead)} ({100 * hits / max(1, len(ahead)):.0f} %)")
    for name, waits in (("thinking ahead", ahead), ("without", plain)):
        print(f"wait after the person's move, {name}: mean {statistics.mean(waits):.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
