"""How long "Past games" takes to list a full archive and to open one game.

    python benchmarks/past_games.py [--games 50]

Archives that many random finished games in a temporary folder, then times
the list (each game's heading only) and opening the longest game for its
replay (its journal read and every move checked and played, a position kept
for each ply).
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from device.journal.archive import load_game, past_games  # noqa: E402
from device.journal.file import ARCHIVE_SIZE  # noqa: E402
from device.journal.folder import SaveFolder  # noqa: E402
from device.play.game import Game  # noqa: E402
from device.play.replay import Replay  # noqa: E402
from engine.arguments import MAX_GAMES, OneLineParser, whole_number_in  # noqa: E402
from engine.playout import random_move  # noqa: E402
from engine.record import GameRecord  # noqa: E402


def archive_random_games(saves: SaveFolder, count: int) -> None:
    """Each game journalled and archived as the app does at a game's end."""
    saves.new_id = partial(next, (f"20261201-{number:06d}" for number in range(count)))
    for number in range(count):
        game = Game(GameRecord.from_seed(number + 1))
        rng = random.Random(number)
        while not game.is_over():
            game.play(random_move(game.position, rng))
        saves.begin(game).finish(game)


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", default=ARCHIVE_SIZE, **whole_number_in(1, MAX_GAMES, "archived games")
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        saves = SaveFolder(Path(folder))
        archive_random_games(saves, args.games)
        started = time.perf_counter()
        games = past_games(saves)
        listed = time.perf_counter() - started
        plies = [load_game(saves, game).ply for game in games]
        longest = max(range(len(games)), key=plies.__getitem__)
        started = time.perf_counter()
        replay = Replay.of(load_game(saves, games[longest]))
        opened = time.perf_counter() - started
    print(f"list {len(games)} archived games: {listed * 1000:.0f} ms")
    print(f"open the longest ({replay.plies} plies) for its replay: {opened * 1000:.0f} ms")


if __name__ == "__main__":
    main()
