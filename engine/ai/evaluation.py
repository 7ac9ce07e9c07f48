"""How good a position is for the player to move, in points (1000 = one colony).

The final score (RULES.md 7) counts controlled colonies, then compares the
lowest controlled totals.  The evaluation reads the groups the position keeps
incrementally and values:

* each controlled colony, more when its margin (own sum minus the other
  colour's) is too large to be overturned by the satellites that may still
  join it (a crowned colony of 6 is final);
* who would win if the game ended now, which carries the tiebreak by the
  lowest controlled totals;
* pairs, which are colonies in waiting: the larger value in a pair usually
  ends up controlling the colony it grows into;
* connection threats: unconnected satellites that stand exactly their value
  away from an empty cell beside an enemy satellite, ready for the moment an
  edge is empty (RULES.md 3, the edge rule);
* unconnected satellites near the middle of the board, where the threats are.

Finished games are scored exactly, far outside the range of the heuristic.
"""

from typing import Final

from engine.geometry import CELLS, RING, SIZE, Cell, file_of, rank_of
from engine.pieces import BLUE, NOBODY, RED, Colour, other, piece
from engine.position import COLONY_SIZE, MAX_GROUP, Position
from engine.scoring import game_winner, score

COLONY: Final = 1000
"""A controlled colony whose control can no longer change."""
OPEN_COLONY: Final = 600
"""A controlled colony that can still grow, before its margin is counted."""
MARGIN_STEP: Final = 100
"""Per point of margin, up to a secure colony."""
WIN_NOW: Final = 300
"""Winning the position as it stands (colony count or tiebreak)."""
PAIR: Final = 150
PAIR_STEP: Final = 40
THREAT: Final = 25
"""Per unconnected satellite with a connection in reach."""
CENTRE_STEP: Final = 4
"""Per step closer to the middle, for each unconnected satellite."""

WIN: Final = 1_000_000
"""A won finished game; a shorter win scores a little higher."""
WIN_THRESHOLD: Final = WIN // 2
PLY_COST: Final = 32
"""What each ply to a finished game costs it: more than any colony lead can
add (a lead is at most 8 colonies), so of two wins the sooner one is preferred."""


def _centrality(cell: Cell) -> int:
    """0 on the edge, 4 on the four middle cells."""
    f = file_of(cell)
    r = rank_of(cell)
    return min(f, SIZE - 1 - f) + min(r, SIZE - 1 - r)


CENTRE_BONUS: Final[tuple[int, ...]] = tuple(
    CENTRE_STEP * _centrality(cell) for cell in range(CELLS)
)


def colony_value(size: int, margin: int) -> int:
    """What controlling a colony of ``size`` with ``margin`` (> 0) is worth."""
    if size >= MAX_GROUP:
        return COLONY
    return min(COLONY, OPEN_COLONY + MARGIN_STEP * margin)


def pair_value(margin: int) -> int:
    """A pair's worth to Red for ``margin`` = red value minus blue value."""
    if margin > 0:
        return PAIR + PAIR_STEP * margin
    if margin < 0:
        return -PAIR + PAIR_STEP * margin
    return 0


def evaluate_for_red(position: Position) -> int:
    """The heuristic value for Red (positive) against Blue (negative)."""
    group_of = position.group_of
    group_size = position.group_size
    red_sums = position.group_sum[RED]
    blue_sums = position.group_sum[BLUE]
    value = 0
    for colour in (RED, BLUE):
        sign = 1 if colour == RED else -1
        for cell in position.cells_of[colour]:
            anchor = group_of[cell]
            if anchor < 0:
                value += sign * CENTRE_BONUS[cell]
                continue
            if anchor != cell:
                continue
            margin = red_sums[anchor] - blue_sums[anchor]
            size = group_size[anchor]
            if size == 2:
                value += pair_value(margin)
            elif margin > 0:
                value += colony_value(size, margin)
            elif margin < 0:
                value -= colony_value(size, -margin)
    value += THREAT * (connection_threats(position, RED) - connection_threats(position, BLUE))
    return value + WIN_NOW * _winner_sign(position)


def connection_threats(position: Position, colour: Colour) -> int:
    """Unconnected satellites of ``colour`` with a connection in reach were
    connections open (rules 5 aside: a cheap count, not move generation)."""
    board = position.board
    opposing = position.adjacent[other(colour)]
    base = piece(colour, 0)  # a satellite's code minus this is its value
    count = 0
    for cell in position.cells_of[colour]:
        if opposing[cell]:
            continue
        for target in RING[cell][board[cell] - base]:
            if board[target] == 0 and opposing[target]:
                count += 1
                break
    return count


def _winner_sign(position: Position) -> int:
    """+1 if Red would win were the game to end now, -1 for Blue, 0 for a draw."""
    winner = winner_now(position)
    if winner == RED:
        return 1
    if winner == BLUE:
        return -1
    return 0


def winner_now(position: Position) -> Colour:
    """The winner by RULES.md 7 of the groups as they stand, without building a Score."""
    group_of = position.group_of
    group_size = position.group_size
    red_sums = position.group_sum[RED]
    blue_sums = position.group_sum[BLUE]
    red_totals: list[int] = []
    blue_totals: list[int] = []
    for colour in (RED, BLUE):
        for cell in position.cells_of[colour]:
            if group_of[cell] != cell or group_size[cell] < COLONY_SIZE:
                continue
            red_sum = red_sums[cell]
            blue_sum = blue_sums[cell]
            if red_sum > blue_sum:
                red_totals.append(red_sum + blue_sum)
            elif blue_sum > red_sum:
                blue_totals.append(red_sum + blue_sum)
    if len(red_totals) != len(blue_totals):
        return RED if len(red_totals) > len(blue_totals) else BLUE
    red_totals.sort()
    blue_totals.sort()
    for red_total, blue_total in zip(red_totals, blue_totals, strict=True):
        if red_total != blue_total:
            return RED if red_total < blue_total else BLUE
    return NOBODY


def evaluate(position: Position) -> int:
    """The heuristic value for the player to move."""
    value = evaluate_for_red(position)
    return value if position.side == RED else -value


def final_value(position: Position, ply: int) -> int:
    """The exact value of a finished game for the player to move, preferring quick wins
    (and slow losses) first; between wins as quick, a bigger colony lead scores
    higher.  So a win now is worth more than a wider one later: running down the
    no-progress clock or a grace phase for one more colony is no plan."""
    result = score(position)
    mover = position.side
    lead = result.counts[mover] - result.counts[other(mover)]
    winner = game_winner(position) if position.rules.blockade_plies else result.winner
    if winner == NOBODY:
        return 0
    if winner == mover:
        return WIN - PLY_COST * ply + lead
    return -WIN + PLY_COST * ply + lead
