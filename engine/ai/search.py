"""Alpha-beta search with iterative deepening, for the opponent and the hint.

Why alpha-beta rather than Monte Carlo: a random game of Satellites drifts for
150 plies and most often ends by the no-progress rule with nothing scored,
so random playouts say little about a position, while the evaluation
(``engine.ai.evaluation``) reads the score's ingredients directly.  The arena
(``python -m engine.lab arena``) measures the choice against vanilla UCT.

The search is a negamax over the one ``Position`` it owns (make/unmake, no
copies) with:

* a transposition table keyed by the position's Zobrist key with the counts
  that change what follows: the stall phase (RULES.md 6.5: the same board
  with connections a ply from opening is another position) and, where the
  value depends on it, the quiet count (capped, so the search stays well
  inside 64 MB);
* move ordering: the table's move, then displacements and connections, then
  killer moves and the history heuristic;
* a null window for every move after the first (searched again in full only
  when it beats the best so far), and late move reductions: a quiet move far
  down the order is first searched one unit shallower;
* a short quiescence search over connections and displacements, so a leaf is
  never judged in the middle of a fight over a colony;
* grace moves, where the same player moves again: the child's value is then
  not negated, and the grace phase is searched to its end: its three moves
  cost one unit of depth together, and past the horizon the quiescence search
  plays on through the grace player's connections, standing pat on the exact
  result the game would have if it ended there;
* the game's history: a position already seen (in the game since the last
  connection, or earlier in the line being searched) is scored as what the
  loop leads to, the no-progress rule's result, counted as a likely rather
  than a proven outcome.  So the side behind steers away from repetitions
  and the side ahead may aim for them.  Under the stall ruling a position
  comes back only with the same stall phase (a shuffle with every edge
  occupied opens connections, it is no loop until then), and a value that
  counts a return to a position on the line is kept in the table for its
  move only (another line reaching the position may not pass there);
* optional evaluation noise, a pure function of the position and the seed, for
  the gentler levels;
* optional contempt: the searcher counts a draw as a small loss and prefers
  positions with an edge (nearly) empty, where connections are open and the
  deeper search pays.  Without it two careful players keep every edge blocked
  and the game drifts to a no-progress draw;
* optional hurry: ahead, the searcher finishes its win rather than run down
  the no-progress clock.  A leaf where it leads costs it ``hurry`` points per
  ply of the quiet count (a connection resets the count, so the cost of
  waiting grows until connecting is worth the risk), and a loop it would win
  by the no-progress rule is worth no more than that leaf with the clock run
  out, not a likely win: between two wins it takes the one that ends the game.

It is anytime: ``run`` returns the best move of the deepest finished iteration
(or a better root move already proven in the unfinished one) when the node
budget, the time budget or ``cancel`` (safe from another thread) stops it.
With no time budget the result is a pure function of the position, the
limits and the seed.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from engine.ai.evaluation import WIN_THRESHOLD, evaluate, final_value
from engine.moves import CONNECTION, DISPLACEMENT, Move, is_forcing, kind_of
from engine.pieces import Colour
from engine.position import GRACE_MOVES, NOT_OVER, Position

INFINITY: Final = 10_000_000
MAX_PLY: Final = 64
CHECK_EVERY: Final = 64
"""Nodes between looks at the clock and the cancel flag (well under 50 ms)."""
TABLE_LIMIT: Final = 200_000
"""Transposition entries before the table is cleared (about 40 MB at most)."""
QUIESCENCE_PLIES: Final = 2
LMR_MIN_DEPTH: Final = 3
LMR_FIRST_MOVE: Final = 4
"""Late move reductions: from this depth, for moves from this place in the order."""
OPENNESS_STEPS: Final = 3
"""Satellites on the emptiest edge below which contempt starts to pull."""

EXACT: Final = 0
LOWER: Final = 1
UPPER: Final = 2
UNUSABLE_DEPTH: Final = -1
"""The depth of a table entry kept for its move only (no search is that shallow)."""

ORDER_SHIFT: Final = 32
MOVE_MASK: Final = (1 << ORDER_SHIFT) - 1
TABLE_MOVE_ORDER: Final = 1 << 28
DISPLACEMENT_ORDER: Final = 1 << 27
CONNECTION_ORDER: Final = 1 << 26
KILLER_ORDER: Final = 1 << 25
HISTORY_CAP: Final = (1 << 24) - 1

NOISE_MULTIPLIER: Final = 0x9E3779B97F4A7C15
MASK_64: Final = (1 << 64) - 1
COUNTS_KEY: Final = 0x2545F4914F6CDD1D
"""Mixed into keys with the counts that decide what follows (``counts_key``)."""
QUIET_BITS: Final = 7
"""Bits the quiet count takes in ``counts_key`` (it never exceeds 100)."""
REPETITION_DISCOUNT: Final = WIN_THRESHOLD + WIN_THRESHOLD // 2
"""Taken off a repetition's won or lost result: likely, but below every proven one."""


@dataclass(frozen=True)
class Limits:
    """When to stop and how gently to play.

    ``nodes`` and ``seconds`` of 0 mean no limit of that kind; ``noise`` is the
    largest random offset added to each evaluation, in evaluation points;
    ``contempt`` is what a draw costs the searcher, in evaluation points;
    ``quiescence`` is how many connections and displacements a leaf plays on;
    ``hurry`` is what each ply of the quiet count costs the searcher while it
    leads, in evaluation points.
    """

    nodes: int = 0
    seconds: float = 0.0
    max_depth: int = 32
    noise: int = 0
    contempt: int = 0
    quiescence: int = QUIESCENCE_PLIES
    hurry: int = 0


@dataclass(frozen=True)
class SearchResult:
    """The move chosen, its value for the mover, and what it cost."""

    move: Move
    value: int
    depth: int
    nodes: int
    seconds: float


class Aborted(Exception):
    """Raised inside the search when a budget runs out or it is cancelled."""


class Search:
    """One search of one position; create a new one for each move."""

    position: Position
    limits: Limits
    seed: int
    nodes: int
    depth: int
    best_move: Move
    best_value: int
    cancelled: bool
    _deadline: float
    _next_check: int
    _table: dict[int, tuple[int, int, int, Move]]
    _killers: list[Move]
    _history: dict[Move, int]
    _move_lists: list[list[Move]]
    _salt: int
    _root_side: Colour
    _root_moves: list[Move] | None
    stop_when: Callable[[], bool] | None
    """Asked every few nodes, like ``cancel``: a stop from outside the process."""
    _seen: set[int]
    """Repetition keys of the root and the game's positions since the last
    connection (``repetition_key``): a return to one of them is a loop on every line."""
    _line: dict[int, int]
    """Repetition keys of the positions on the line being searched below the root,
    with their plies from the root."""
    _loop_floor: int
    """The ply nearest the root that the subtree being searched loops back to
    (MAX_PLY: none): the values of the positions below it hold on this line only."""

    def __init__(
        self,
        position: Position,
        limits: Limits,
        seed: int = 0,
        root_moves: list[Move] | None = None,
    ) -> None:
        """Search a private copy of ``position`` (the caller's stays untouched),
        among ``root_moves`` only when given (legal moves, for parallel search)."""
        self.position = position.copy()
        self.limits = limits
        self.seed = seed
        self.nodes = 0
        self.depth = 0
        self.best_move = -1
        self.best_value = 0
        self.cancelled = False
        self.stop_when = None
        self._root_moves = root_moves
        self._deadline = 0.0
        self._next_check = CHECK_EVERY
        self._table = {}
        self._killers = [0] * (MAX_PLY + 1)
        self._history = {}
        self._move_lists = [[] for _ in range(MAX_PLY + limits.quiescence + 2)]
        self._salt = (seed * NOISE_MULTIPLIER + 1) & MASK_64
        self._root_side = self.position.side
        self._seen = seen_before(self.position)
        self._line = {}
        self._loop_floor = MAX_PLY

    def cancel(self) -> None:
        """Ask the search to stop; ``run`` returns within a few milliseconds."""
        self.cancelled = True

    def principal_line(self, root: Position, plies: int) -> list[Move]:
        """After ``run``: the best move and the replies the search expects, at most
        ``plies`` moves, read from the transposition table.  ``root`` is the position
        searched (the private copy may have been left mid-line by a stop); it is
        left as it was.  The line ends where the table has no legal move for the
        position reached, where the game ends, or where a position comes back."""
        if self.best_move < 0:
            return []
        position = root.copy()
        line = [self.best_move]
        seen = {position.key()}
        position.make(self.best_move)
        while len(line) < plies and position.key() not in seen and not position.is_over():
            seen.add(position.key())
            entry = self._table.get(table_key(position, self.limits.hurry))
            if entry is None or entry[3] not in position.legal_moves():
                break
            line.append(entry[3])
            position.make(entry[3])
        return line

    def run(self) -> SearchResult:
        """Search until a limit; the position must not be over."""
        start = time.perf_counter()
        if self.limits.seconds > 0:
            self._deadline = start + self.limits.seconds
        if self._root_moves is not None:
            root_moves = self._root_moves[:]
        else:
            root_moves = self.position.legal_moves()
        if not root_moves:
            raise ValueError("the game is over: there is no move to search")
        self.best_move = root_moves[0]
        if len(root_moves) > 1 or self._root_moves is not None:
            self._deepen(root_moves)
        return SearchResult(
            self.best_move, self.best_value, self.depth, self.nodes, time.perf_counter() - start
        )

    # ------------------------------------------------------------ iterations

    def _deepen(self, root_moves: list[Move]) -> None:
        values = [0] * len(root_moves)
        for depth in range(1, self.limits.max_depth + 1):
            try:
                self._search_root(root_moves, values, depth)
            except Aborted:
                return
            self.depth = depth
            if abs(self.best_value) >= WIN_THRESHOLD:
                return  # a proven result does not change with depth
            _sort_by_values(root_moves, values)

    def _search_root(self, root_moves: list[Move], values: list[int], depth: int) -> None:
        """One iteration; ``best_move`` follows every root move proven better.

        An abort leaves the private position mid-line: the search ends there.
        """
        position = self.position
        side = position.side
        alpha = -INFINITY
        for i in range(len(root_moves)):
            move = root_moves[i]
            cost = depth_cost(position)
            position.make(move)
            self.nodes += 1
            same = position.side == side
            if i == 0:
                value = self._child(depth - cost, alpha, INFINITY, 1, same)
            else:
                value = self._child(depth - cost, alpha, alpha + 1, 1, same)
                if value > alpha:
                    value = self._child(depth - cost, alpha, INFINITY, 1, same)
            position.unmake()
            values[i] = value
            if value > alpha:
                alpha = value
                self.best_move = move
                self.best_value = value

    # ---------------------------------------------------------------- search

    def _search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of the position for the player to move, ``ply`` plies from the root."""
        key = repetition_key(self.position)
        if key in self._seen:
            # Seen before: what the loop leads to, the no-progress rule's result.
            return self._loop_value(ply)
        line = self._line
        at = line.get(key)
        if at is not None:
            # Already on this line, ``at`` plies from the root: a loop as above,
            # whose value holds on this line only.
            self._loop_floor = min(self._loop_floor, at)
            return self._loop_value(ply)
        line[key] = ply
        try:
            return self._search_unseen(depth, alpha, beta, ply)
        finally:
            del line[key]

    def _search_unseen(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        position = self.position
        if depth <= 0 or ply >= MAX_PLY:
            return self._quiesce(alpha, beta, ply, self.limits.quiescence)
        key = self._key()
        entry = self._table.get(key)
        table_move = 0
        if entry is not None:
            # (Only a position with moves is ever stored: a finished game is not.)
            entry_depth, bound, entry_value, table_move = entry
            if entry_depth >= depth:
                if bound == EXACT:
                    return entry_value
                if bound == LOWER and entry_value >= beta:
                    return entry_value
                if bound == UPPER and entry_value <= alpha:
                    return entry_value
        moves = self._move_lists[ply]
        position.generate_moves(moves)
        if not moves:
            return self._final(ply)
        self._order(moves, table_move, ply)
        floor_above = self._loop_floor
        self._loop_floor = MAX_PLY
        original_alpha = alpha
        best_value = -INFINITY
        best_move = moves[0]
        side = position.side
        cost = depth_cost(position)
        for index in range(len(moves)):
            move = moves[index]
            position.make(move)
            self.nodes += 1
            same = position.side == side
            if index == 0:
                value = self._child(depth - cost, alpha, beta, ply + 1, same)
            else:
                # Later moves are searched with a null window (most fail low, and
                # cheaply), quiet ones late in the order one unit shallower too;
                # a move that beats alpha is searched again in full.
                reduced = depth - cost - late_move_reduction(depth, index, move, cost, position)
                value = self._child(reduced, alpha, alpha + 1, ply + 1, same)
                if value > alpha and (reduced < depth - cost or value < beta):
                    value = self._child(depth - cost, alpha, beta, ply + 1, same)
            position.unmake()
            if value > best_value:
                best_value = value
                best_move = move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._reward(move, depth, ply)
                        break
        if best_value <= original_alpha:
            bound = UPPER
        elif best_value >= beta:
            bound = LOWER
        else:
            bound = EXACT
        if self._loop_floor < ply:
            # The value counts a return to a position above this one on the line:
            # another line reaching this position may not pass there.  The move
            # is kept for the order, the value is not.
            depth = UNUSABLE_DEPTH
        self._loop_floor = min(floor_above, self._loop_floor)
        self._store(key, depth, bound, best_value, best_move)
        return best_value

    def _child(self, depth: int, alpha: int, beta: int, ply: int, same_side: bool) -> int:
        """A child's value for the player who moved into it (a grace move keeps the
        same player to move, so its value is not negated)."""
        if same_side:
            return self._search(depth, alpha, beta, ply)
        return -self._search(depth, -beta, -alpha, ply)

    def _quiesce(self, alpha: int, beta: int, ply: int, left: int) -> int:
        """Stand pat on the evaluation, or play on through connections and
        displacements.  Moves are generated only when some may follow, which is
        what makes leaves cheap; a leaf where neither player could move (rare)
        is judged by the evaluation.  In a grace phase the standing value is the
        result of the game ended there, as likely (the grace player may always
        stop connecting, and may do better with quiet moves), and grace moves do
        not count against ``left``, so the phase is played to its end."""
        position = self.position
        if position.quick_end_reason() != NOT_OVER:
            return self._final(ply)
        if position.grace > 0:
            stand = self._likely(self._final(ply))
            left += 1
        else:
            stand = self._evaluate()
        if left == 0 or stand >= beta or not position.connections_open():
            return stand
        moves = self._move_lists[ply]
        position.generate_moves(moves)
        if not moves:
            return self._final(ply)
        alpha = max(alpha, stand)
        best_value = stand
        side = position.side
        for move in moves:
            if not is_forcing(move):
                continue
            position.make(move)
            self.nodes += 1
            self._tick()
            if position.side == side:
                value = self._quiesce(alpha, beta, ply + 1, left - 1)
            else:
                value = -self._quiesce(-beta, -alpha, ply + 1, left - 1)
            position.unmake()
            if value > best_value:
                best_value = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best_value

    # --------------------------------------------------------------- helpers

    def _tick(self) -> None:
        """Stop when cancelled or out of budget (looked at every few nodes)."""
        if self.nodes < self._next_check:
            return
        self._next_check = self.nodes + CHECK_EVERY
        if self.cancelled or (self.stop_when is not None and self.stop_when()):
            raise Aborted
        if self.depth < 1:
            return  # a budget never leaves the search without one whole iteration
        if self.limits.nodes and self.nodes >= self.limits.nodes:
            raise Aborted
        if self._deadline and time.perf_counter() >= self._deadline:
            raise Aborted

    def _key(self) -> int:
        return table_key(self.position, self.limits.hurry)

    def _final(self, ply: int) -> int:
        """The exact value of the finished game, with the draw seen through contempt."""
        value = final_value(self.position, ply)
        if value == 0 and self.limits.contempt:
            contempt = self.limits.contempt
            return -contempt if self.position.side == self._root_side else contempt
        return value

    def _loop_value(self, ply: int) -> int:
        """A position met again: the no-progress rule's result, as likely; with
        hurry, a loop the searcher would win that way is worth only the position
        with the quiet count at its limit (running down the clock is no plan)."""
        value = self._likely(self._final(ply))
        hurry = self.limits.hurry
        if hurry and (value > 0) == (self.position.side == self._root_side) and value != 0:
            return self._evaluate(self.position.rules.quiet_limit)
        return value

    def _likely(self, value: int) -> int:
        """A won or lost result counted as likely, not proven: the search goes on
        deepening, and every proven result ranks beyond it."""
        if value >= WIN_THRESHOLD:
            return value - REPETITION_DISCOUNT
        if value <= -WIN_THRESHOLD:
            return value + REPETITION_DISCOUNT
        return value

    def _evaluate(self, quiet: int = -1) -> int:
        """The evaluation for the player to move, with contempt, hurry (counting
        ``quiet`` plies without a connection when given) and noise."""
        position = self.position
        value = evaluate(position)
        root_to_move = position.side == self._root_side
        contempt = self.limits.contempt
        if contempt:
            drive = contempt * (OPENNESS_STEPS - min(OPENNESS_STEPS, min(position.edge_count)))
            drive //= OPENNESS_STEPS
            value += drive if root_to_move else -drive
        hurry = self.limits.hurry
        if hurry and (value > 0) == root_to_move and value != 0:
            waiting = hurry * (position.quiet if quiet < 0 else quiet)
            value += -waiting if root_to_move else waiting
        noise = self.limits.noise
        if noise:
            mixed = ((self.position.key() ^ self._salt) * NOISE_MULTIPLIER) & MASK_64
            value += (mixed >> 32) % (2 * noise + 1) - noise
        return value

    def _order(self, moves: list[Move], table_move: Move, ply: int) -> None:
        """Sort ``moves`` best-first in place, packing each move with its rank."""
        killer = self._killers[ply]
        history = self._history
        for i in range(len(moves)):
            move = moves[i]
            if move == table_move:
                rank = TABLE_MOVE_ORDER
            else:
                kind = kind_of(move)
                if kind == DISPLACEMENT:
                    rank = DISPLACEMENT_ORDER
                elif kind == CONNECTION:
                    rank = CONNECTION_ORDER
                elif move == killer:
                    rank = KILLER_ORDER
                else:
                    rank = 0
                rank += history.get(move, 0)
            moves[i] = rank << ORDER_SHIFT | move
        moves.sort(reverse=True)
        for i in range(len(moves)):
            moves[i] &= MOVE_MASK

    def _reward(self, move: Move, depth: int, ply: int) -> None:
        """Remember a move that refuted a line (killer and history)."""
        if is_forcing(move):
            return
        self._killers[ply] = move
        self._history[move] = min(HISTORY_CAP, self._history.get(move, 0) + depth * depth)

    def _store(self, key: int, depth: int, bound: int, value: int, move: Move) -> None:
        table = self._table
        if len(table) >= TABLE_LIMIT:
            table.clear()
        table[key] = (depth, bound, value, move)


def table_key(position: Position, hurry: int) -> int:
    """The transposition table's key of ``position``: the position with its
    counts, the quiet count included wherever the value depends on it (with a
    ``hurry``, and near the no-progress limit)."""
    quiet = position.quiet
    if hurry or quiet >= position.rules.quiet_limit - MAX_PLY:
        return counts_key(position, quiet)
    return counts_key(position, 0)


def stall_phase(position: Position) -> int:
    """How far the stall count has run (RULES.md 6.5): with every edge occupied
    and nothing connecting, the plies that count towards opening connections,
    up to the opening itself; 0 where an edge is free (its ply restarts the
    count) and under rules without the opening.  Two positions with the same
    board and the same phase have the same moves for as long as nothing
    connects: the phase grows by one a ply in both."""
    opening = position.rules.opening_plies
    if not opening:
        return 0
    return min(opening, position.closed, position.quiet)


def counts_key(position: Position, quiet: int) -> int:
    """The position's key with its stall phase and ``quiet`` mixed in (0 leaves the
    key of a position with an edge free, or under rules without a stall, unchanged)."""
    counts = stall_phase(position) << QUIET_BITS | quiet
    return position.key() ^ ((counts * COUNTS_KEY) & MASK_64)


def repetition_key(position: Position) -> int:
    """What makes a position the same as an earlier one of the game: the board,
    side and grace, and the stall phase (the quiet count always differs)."""
    return counts_key(position, 0)


def seen_before(position: Position) -> set[int]:
    """The repetition keys of ``position`` and of the game's positions since the
    last connection.  The game keeps its positions' keys only (``history``), and
    the phase of each follows from the counts: ``i`` plies back both counts were
    ``i`` smaller, as long as no ply ended with an edge free in between.  Before
    that ply the phase is not known, and the plain key stands: only a position
    with an edge free has phase 0 and the same board, so it matches exactly the
    positions that repeat it."""
    opening = position.rules.opening_plies
    history = position.history
    quiet = min(position.quiet, len(history))
    closed = position.closed
    seen = {repetition_key(position)}
    for back in range(1, quiet + 1):
        key = history[-back]
        if opening and back <= closed:
            phase = min(opening, closed - back, position.quiet - back)
            key ^= ((phase << QUIET_BITS) * COUNTS_KEY) & MASK_64
        seen.add(key)
    return seen


def depth_cost(position: Position) -> int:
    """Depth a move from ``position`` costs: the three moves of a grace phase
    cost one unit together (the first), so the phase is seen to its end."""
    return 0 if 0 < position.grace < GRACE_MOVES else 1


def late_move_reduction(depth: int, index: int, move: Move, cost: int, child: Position) -> int:
    """One unit of depth off a quiet move far down the order, searched deep enough
    to afford it; never in a grace phase, where every move counts."""
    if (
        depth >= LMR_MIN_DEPTH
        and index >= LMR_FIRST_MOVE
        and cost
        and not child.grace
        and not is_forcing(move)
    ):
        return 1
    return 0


def _sort_by_values(moves: list[Move], values: list[int]) -> None:
    """Reorder root moves by their last values, best first (stable for ties)."""
    order = sorted(range(len(moves)), key=values.__getitem__, reverse=True)
    moves[:] = [moves[i] for i in order]
    values[:] = [values[i] for i in order]
