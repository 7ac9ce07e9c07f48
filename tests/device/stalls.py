"""A board where every edge is held and nothing is connected near them: the stall
ruling (RULES.md 6.5) at work, for the screens' tests and pictures."""

from device.play.game import Game, GameSetup, Mode
from engine.notation import parse_move
from engine.record import GameRecord
from engine.rules import STANDARD, Rules

STALLED_BOARD = (
    "....b4...../........../..r2......./...r1b1..r1../....r4...../"
    "r4........b4/........../........../.......b2../....r3....."
)
"""One loose satellite on each edge (e10, e1, a5, j5), a red colony of 3 (d7, e7, e6),
a red 2 on c8 that connects at e8 (growing the colony) once connections are open,
and a red 1 and a blue 2 with room to wander (h7, h2)."""
WANDERING = ("h7-h8", "h2-h3")
"""Two plies that connect nothing and leave every edge held."""


def stalled_game(plies: int, rules: Rules = STANDARD, setup: GameSetup | None = None) -> Game:
    """Red to move on the board after ``plies`` plies with every edge held and nothing
    connected, the last two of them (``WANDERING``) played in this game (the screen's
    first words for a new game are behind it)."""
    start = f"{STALLED_BOARD} r 0 {plies - 2} {plies - 2}"
    game = Game(GameRecord(start=start, rules=rules), setup or GameSetup(Mode.HOTSEAT))
    for move in WANDERING:
        game.play(parse_move(game.position, move))
    return game
