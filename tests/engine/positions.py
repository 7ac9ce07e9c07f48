"""Hand-built endgame positions for the players' tests (the game's and the lab's),
written in RULES.md 8 notation."""

from boards import position_with

from engine.position import Position
from engine.rules import SEED, Rules

# Eight finished red-blue pairs on ranks 1, 3 and 5 (pairs score for nobody):
# 16 connected satellites that keep out of the way.
DOMINOES = {
    "a1": "r1", "b1": "b2", "d1": "r2", "e1": "b2", "g1": "r2", "h1": "b3",
    "a3": "r3", "b3": "b3", "d3": "r3", "e3": "b3", "g3": "r3", "h3": "b4",
    "a5": "r4", "b5": "b4", "d5": "r4", "e5": "b4",
}  # fmt: skip


def tiebreak_finale() -> Position:
    """Red to move with 22 satellites connected: the next connection ends the game.

    Blue controls one colony of total 5 (red 1 at c7 ringed by blue 1, 1, 2).
    The pair g8-h8 (red 1, blue 1) waits for a third satellite.  Red's 2 on j9
    joins it at h9 for a colony of total 4, which wins the tiebreak; Red's 4 on
    e8 joins it at i8 for a total of 6, which loses it.  Blue has all 12
    connected and Red is on its last grace move: whatever Red plays ends the game.
    """
    cells = dict(DOMINOES)
    cells.update({"b7": "b1", "c7": "r1", "d7": "b1", "c8": "b2"})
    cells.update({"g8": "r1", "h8": "b1", "e8": "r4", "j9": "r2"})
    return position_with(cells, side="r", grace=1)


def blockade() -> Position:
    """Red to move with 22 connected, winning as it stands (its colony of total 8
    on a7-b8 against nothing), but Blue's 4 on j8 can jump to f8, join the pair
    g8-h8 as a colony of total 6 and end the game winning the tiebreak.  Red's
    1 on f9 saves the game by standing on f8 or by closing the North edge (the
    only free edge); its other steps lose on the spot.
    """
    cells = dict(DOMINOES)
    cells["e5"] = "b2"
    cells.update({"a7": "b1", "a8": "r4", "b7": "r2", "b8": "b1"})
    cells.update({"g8": "r1", "h8": "b1", "f9": "r1", "j8": "b4"})
    return position_with(cells, side="r")


def finishing_loses() -> Position:
    """Red to move, winning as it stands (its colony b7-c7-d7 against nothing)
    with 11 satellites connected.  Its last free satellite, the 4 on e5, can
    connect at i1; that finishes Red, and Blue's three grace moves then build
    two colonies (c9-d9 joins the pair e9-f9; the 2 on i5 steps to i7, then
    i7-i9 joins the pair h9-h8) and win.  Any other move of the 4 keeps Blue to
    one move at a time.
    """
    return position_with(
        {
            "c4": "b4", "b4": "r1", "d4": "r1", "c5": "r2", "g4": "b4", "f4": "r1",
            "h4": "r3", "c7": "b3", "b7": "r2", "d7": "r2", "e9": "r3", "f9": "b3",
            "h9": "r3", "h8": "b2", "e2": "r4", "f2": "b2", "h2": "r4", "i2": "b1",
            "c9": "b1", "i5": "b2", "e5": "r4",
        }
    )  # fmt: skip


def finish_or_wait() -> Position:
    """Red to move, 2 colonies to none, 22 satellites connected and 98 plies
    without a connection.  Red's 2 on e8 can connect at g8: the 23rd connected
    satellite ends the game at once, won 2 colonies to 1 (it makes h8-i8 a blue
    colony).  Or it can step onto the North edge (c10, e10 or g10), the last
    free one: Blue cannot connect, and Blue's reply is the 100th quiet ply, so
    the no-progress rule ends the game a ply later, won 2 colonies to none.
    """
    return position_with(
        {
            "b7": "b1", "c7": "r4", "d7": "b1", "d6": "r1",
            "g4": "b1", "g5": "r4", "h5": "b2", "i5": "r1",
            "h8": "b4", "i8": "r1",
            "c1": "r2", "d1": "b2", "f1": "r2", "g1": "b2", "e3": "r3", "e4": "b3",
            "a3": "r3", "a4": "b3", "j2": "r3", "j3": "b4", "j6": "r4", "j7": "b4",
            "e8": "r2", "a6": "b3",
        },
        quiet=98,
    )  # fmt: skip


FORTRESS = {
    "a5": "r3", "j6": "r3", "e10": "r2", "h1": "r2", "d7": "r4", "d8": "b1",
    "e7": "b1", "f4": "b2", "g2": "b3", "c3": "b4",
}  # fmt: skip


def fortress(rules: Rules = SEED, quiet: int = 0, closed: int = 0) -> Position:
    """Blue to move and behind: Red controls a colony and one red satellite on
    each edge occupies all four, so under the seed rules nothing can ever
    connect again (a repeated position is a loop for good)."""
    return position_with(FORTRESS, side="b", quiet=quiet, closed=closed, rules=rules)
