"""How good a position is for the player to move, in points (960 = one unit of
log-odds of winning).

The final score (RULES.md 7) counts controlled colonies, then compares the
lowest controlled totals.  The evaluation reads the groups the position keeps
incrementally and values:

* each controlled colony, more when it is crowned (final) or leads by a
  wide margin (own sum minus the other colour's), else more for each point of
  its margin;
* who would win if the game ended now, which carries the tiebreak by the
  lowest controlled totals, or who wins by the stall's deciding connection
  (below) when one waits;
* pairs, which are colonies in waiting: the larger value in a pair usually
  ends up controlling the colony it grows into;
* connection threats: unconnected satellites that stand exactly their value
  away from an empty cell beside an enemy satellite, ready for the moment an
  edge is empty (RULES.md 3, the edge rule);
* unconnected satellites near the middle of the board, where the threats are;
* the stall's first move: with every edge occupied and nothing connecting,
  connections open after a stall (RULES.md 6.5), and the player to move then
  connects first.  That player is known from the counts already (the plies
  alternate), and the first connection is theirs to take when they have one
  within reach;
* the stall's deciding connection: when that first connection would turn the
  game, as it stands, to the player who makes it, the game is read as theirs.
  The opening may lie twenty plies beyond the search, and a player who holds
  the edges with a lead has to see from afar that the hold is losing.

Finished games are scored exactly, far outside the range of the heuristic.
"""

from typing import Final

from engine.geometry import CELLS, ORTHOGONAL, RING, SIZE, Cell, file_of, rank_of
from engine.moves import Move, origin_of, target_of
from engine.pieces import BLUE, NOBODY, RED, Colour, colour_of, other, piece, value_of
from engine.position import COLONY_SIZE, MAX_GROUP, Position
from engine.scoring import game_winner, score

# The weights are fitted to the results of the balance lab's recorded games
# (benchmarks/fit_evaluation.py prints them: a logistic regression of each
# game's result on its positions' terms, at 960 points per unit of log-odds,
# the scale that suited the hand-set weights before them).
SECURE_COLONY: Final = 547
"""A controlled colony that is crowned, or leads by SECURE_MARGIN or more."""
SECURE_MARGIN: Final = 4
"""The margin (own sum minus the other colour's) from which a colony counts as secure."""
OPEN_COLONY: Final = 349
"""A controlled colony that can still grow, before its margin is counted."""
MARGIN_STEP: Final = 104
"""Per point of an open colony's margin."""
PAIR: Final = 233
"""A pair whose larger value is one's own (pairs are colonies in waiting)."""
PAIR_STEP: Final = -56
"""Per point of a pair's margin: a pair won by much ties up a big satellite."""
THREAT: Final = 97
"""Per unconnected satellite with a connection in reach."""
CENTRE_STEP: Final = 39
"""Per step from the nearest corner, for each unconnected satellite."""
WIN_NOW: Final = 834
"""Winning the position as it stands (colony count or tiebreak), or by the
stall's deciding connection."""
STALL_FIRST: Final = -240
"""Moving first when a stall opens connections, with a connection in reach.
Below zero: with the other terms counted (a deciding connection among them,
as winning now), the recorded games went against the player who moved first."""
WEIGHTS: Final = (
    SECURE_COLONY,
    OPEN_COLONY,
    MARGIN_STEP,
    PAIR,
    PAIR_STEP,
    THREAT,
    CENTRE_STEP,
    WIN_NOW,
    STALL_FIRST,
)
"""The points of each term of ``evaluation_terms``, in its order."""

WIN: Final = 1_000_000
"""A won finished game; a shorter win scores a little higher."""
WIN_THRESHOLD: Final = WIN // 2
PLY_COST: Final = 32
"""What each ply to a finished game costs it: more than any colony lead can
add (a lead is at most 8 colonies), so of two wins the sooner one is preferred."""


def _centrality(cell: Cell) -> int:
    """Orthogonal steps from the nearest corner: 0 on a corner, 8 on the four middle cells."""
    f = file_of(cell)
    r = rank_of(cell)
    return min(f, SIZE - 1 - f) + min(r, SIZE - 1 - r)


CENTRALITY: Final[tuple[int, ...]] = tuple(_centrality(cell) for cell in range(CELLS))


Terms = tuple[int, int, int, int, int, int, int, int, int]
"""The evaluation's terms, Red's minus Blue's (``evaluation_terms``)."""
TERM_NAMES: Final = (
    "secure colonies",
    "open colonies",
    "open colonies' margins",
    "pairs",
    "pairs' margins",
    "threats",
    "centre",
    "winning now",
    "stall's first move",
)


def evaluation_terms(position: Position) -> Terms:
    """What the evaluation counts, each as Red's minus Blue's: controlled colonies
    that are crowned or lead by SECURE_MARGIN (secure), the other controlled
    colonies and their margins, pairs (who leads each, and by how much),
    unconnected satellites with a connection in reach, their steps towards the
    middle, who wins as it stands (or by the stall's deciding connection), and
    who moves first with a connection in reach when the stall under way opens
    connections.  ``evaluate_for_red`` is their sum weighted by WEIGHTS."""
    group_of = position.group_of
    group_size = position.group_size
    red_sums = position.group_sum[RED]
    blue_sums = position.group_sum[BLUE]
    secure = colonies = margins = pairs = pair_margins = centre = 0
    for colour in (RED, BLUE):
        sign = 1 if colour == RED else -1
        for cell in position.cells_of[colour]:
            anchor = group_of[cell]
            if anchor < 0:
                centre += sign * CENTRALITY[cell]
                continue
            if anchor != cell:
                continue
            margin = red_sums[anchor] - blue_sums[anchor]
            size = group_size[anchor]
            lead = 1 if margin > 0 else -1 if margin < 0 else 0
            if size == 2:
                pairs += lead
                pair_margins += margin
            elif lead and (size >= MAX_GROUP or lead * margin >= SECURE_MARGIN):
                secure += lead
            elif lead:
                colonies += lead
                margins += margin
    red_threats = connection_threats(position, RED)
    blue_threats = connection_threats(position, BLUE)
    winner = winner_now(position)
    first = stall_first_mover(position)
    stall = 0
    if first != NOBODY and (red_threats if first == RED else blue_threats):
        stall = 1 if first == RED else -1
        if winner == other(first) and wins_by_connecting(position, first):
            winner = first  # the stall's deciding connection
    return (
        secure,
        colonies,
        margins,
        pairs,
        pair_margins,
        red_threats - blue_threats,
        centre,
        1 if winner == RED else -1 if winner == BLUE else 0,
        stall,
    )


def evaluate_for_red(position: Position) -> int:
    """The heuristic value for Red (positive) against Blue (negative)."""
    t = evaluation_terms(position)
    return (
        SECURE_COLONY * t[0]
        + OPEN_COLONY * t[1]
        + MARGIN_STEP * t[2]
        + PAIR * t[3]
        + PAIR_STEP * t[4]
        + THREAT * t[5]
        + CENTRE_STEP * t[6]
        + WIN_NOW * t[7]
        + STALL_FIRST * t[8]
    )


def stall_first_mover(position: Position) -> Colour:
    """Who moves first when the stall under way opens connections (RULES.md 6.5),
    if nothing connects and every edge stays occupied till then; NOBODY when
    connections are open already (an edge is free, or the stall has opened
    them: the search plays them out), in a grace phase (the game ends first) and
    under rules without the opening."""
    plies = position.plies_until_stall_opens()
    if not plies or position.grace:
        return NOBODY
    return position.side if plies % 2 == 0 else other(position.side)


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


DECIDER_SLOTS: Final = 4096
"""Boards whose deciding connection is remembered (a power of two)."""
_decider_memo: Final[list[int]] = [0] * DECIDER_SLOTS
"""Each slot: a board's key (colour mixed in) with the answer in its lowest bit.
A shuffle during a stall brings the same boards back again and again, and
reading each candidate connection costs far more than a look-up."""
_COLOUR_SALT: Final = (0x2545F4914F6CDD1C, 0x5851F42D4C957F2C)


def wins_by_connecting(position: Position, colour: Colour) -> bool:
    """Whether ``colour`` has a connection, were connections open, after which it
    would win the game as it stands (``winner_now``): asked of the player who moves
    first at a stall's opening, whose connection then decides the game.  It
    depends on the board alone, and is remembered by the board's key."""
    key = (position.board_key ^ _COLOUR_SALT[colour]) | 1
    slot = key & (DECIDER_SLOTS - 1)
    known = _decider_memo[slot]
    if known | 1 == key:
        return bool(known & 1)
    found = _plays_a_winning_connection(position, colour)
    _decider_memo[slot] = key if found else key ^ 1
    return found


def _plays_a_winning_connection(position: Position, colour: Colour) -> bool:
    """Whether one of ``colour``'s connections into a colony-sized group leaves
    ``colour`` winning as it stands.  Read from the groups each connection would
    merge, without playing it: the satellite that moves stands alone, so leaving
    its cell changes no group."""
    connections: list[Move] = []
    # Only a group of COLONY_SIZE or more changes the colonies the winner is read from.
    position.generate_connections(colour, connections, COLONY_SIZE)
    if not connections:
        return False
    colonies = _colonies(position)
    base = piece(colour, 0)
    for move in connections:
        value = position.board[origin_of(move)] - base
        if _winner_after_connection(position, colonies, target_of(move), colour, value) == colour:
            return True
    return False


Colony = tuple[Cell, int, int]
"""A colony's anchor cell, Red's sum and Blue's sum."""


def _colonies(position: Position) -> list[Colony]:
    """The groups of COLONY_SIZE satellites or more."""
    group_of = position.group_of
    group_size = position.group_size
    red_sums = position.group_sum[RED]
    blue_sums = position.group_sum[BLUE]
    colonies: list[Colony] = []
    for colour in (RED, BLUE):
        for cell in position.cells_of[colour]:
            if group_of[cell] == cell and group_size[cell] >= COLONY_SIZE:
                colonies.append((cell, red_sums[cell], blue_sums[cell]))
    return colonies


def _winner_after_connection(
    position: Position, colonies: list[Colony], target: Cell, colour: Colour, value: int
) -> Colour:
    """The winner as it stands once a ``colour`` satellite of ``value`` arrives on
    ``target`` (a legal connection): the groups of the other colour's satellites
    around ``target`` merge with it, and those standing alone join it."""
    board = position.board
    group_of = position.group_of
    connected = position.adjacent[colour]
    sums = [0, 0]
    sums[colour] = value
    merged: list[Cell] = []
    for n in ORTHOGONAL[target]:
        code = board[n]
        if code == 0 or colour_of(code) == colour:
            continue
        if not connected[n]:
            sums[other(colour)] += value_of(code)
        elif group_of[n] not in merged:
            anchor = group_of[n]
            merged.append(anchor)
            sums[RED] += position.group_sum[RED][anchor]
            sums[BLUE] += position.group_sum[BLUE][anchor]
    red_totals: list[int] = []
    blue_totals: list[int] = []
    _add_colony(sums[RED], sums[BLUE], red_totals, blue_totals)
    for anchor, red_sum, blue_sum in colonies:
        if anchor not in merged:
            _add_colony(red_sum, blue_sum, red_totals, blue_totals)
    return _winner_by_totals(red_totals, blue_totals)


def _add_colony(red_sum: int, blue_sum: int, red_totals: list[int], blue_totals: list[int]) -> None:
    """Count a colony's total for the colour that controls it, if one does."""
    if red_sum > blue_sum:
        red_totals.append(red_sum + blue_sum)
    elif blue_sum > red_sum:
        blue_totals.append(red_sum + blue_sum)


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
            if group_of[cell] == cell and group_size[cell] >= COLONY_SIZE:
                _add_colony(red_sums[cell], blue_sums[cell], red_totals, blue_totals)
    return _winner_by_totals(red_totals, blue_totals)


def _winner_by_totals(red_totals: list[int], blue_totals: list[int]) -> Colour:
    """RULES.md 7 from the controlled colonies' totals: more colonies wins, then
    the lower totals compared from the lowest (the lists are sorted here)."""
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
