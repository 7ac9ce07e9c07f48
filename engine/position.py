"""The game state, legal move generation and make/unmake.

One mutable ``Position`` is searched in place: ``make`` applies a move and
pushes what it changed onto an int stack, ``unmake`` pops it.  Besides the
board it keeps, incrementally, everything the rules ask about often:

* ``adjacent[colour][cell]``: how many orthogonal neighbours of ``cell`` hold a
  satellite of ``colour``.  A satellite is connected exactly when this count
  for the other colour is non-zero, so connection is one list lookup.
* ``group_of[cell]``: the anchor cell of the connected satellite's group
  (``NO_CELL`` when unconnected), with size and value sums kept at the anchor.
  Groups only ever grow, so a new connection re-labels one small group (at most
  6 cells) and ``unmake`` restores the old labels from the stack.
* satellites on each edge (connections are open while an edge is empty),
  connected satellites per colour and the cells of each colour's satellites.
"""

import random
from typing import Final

from engine.geometry import (
    ADJACENT,
    CELLS,
    DISPLACEMENT_TARGETS,
    EDGES_OF,
    NO_CELL,
    ORTHOGONAL,
    RING,
    SIDES_OF,
    WITHIN,
    Cell,
)
from engine.moves import (
    CONNECTION,
    CONNECTION_BITS,
    DISPLACEMENT,
    DISPLACEMENT_BITS,
    LAND_SHIFT,
    PASS,
    PASS_KIND,
    TO_SHIFT,
    Move,
    kind_of,
    landing_of,
    origin_of,
    target_of,
)
from engine.pieces import (
    BLUE,
    NOBODY,
    RED,
    SATELLITES_PER_PLAYER,
    Code,
    Colour,
    colour_of,
    other,
    piece,
)
from engine.rules import COUNT_LIMIT, STANDARD, Rules

MAX_GROUP: Final = 6
COLONY_SIZE: Final = 3
GRACE_MOVES: Final = 3
CONNECTED_TO_END: Final = 23
ALL_EDGES: Final = 0b1111

# End reasons (0 means the game goes on).
NOT_OVER: Final = 0
ENDED_23_CONNECTED: Final = 1
ENDED_GRACE_SPENT: Final = 2
ENDED_NO_MOVES: Final = 3
ENDED_NO_PROGRESS: Final = 4
END_REASON_NAMES: Final = (
    "not over",
    "23 satellites connected",
    "grace moves spent",
    "neither player can move",
    "100 plies without a new connection",
)
"""The end reasons of the standard game (RULES.md 6)."""
ENDED_REPETITION: Final = 5
ENDED_BLOCKADE: Final = 6
VARIANT_END_REASON_NAMES: Final = (
    *END_REASON_NAMES,
    "a position's third occurrence (variant)",
    "no edge free for too long (variant)",
)
"""Every end reason, with those only rule variants have (``Rules``)."""


EDGE_INDEXES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i in range(4) if EDGES_OF[c] & (1 << i)) for c in range(CELLS)
)
"""The edges (0 North, 1 South, 2 West, 3 East) each cell belongs to: none for a corner."""
EDGE_INDEXES_WITH_CORNERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i in range(4) if SIDES_OF[c] & (1 << i)) for c in range(CELLS)
)
"""The same with each corner counted for both of its edges (the corner-edges variant)."""

_zobrist_source = random.Random(0x5A7E111)
ZOBRIST: Final[tuple[int, ...]] = tuple(_zobrist_source.getrandbits(62) for _ in range(9 * CELLS))
"""Random keys per (cell code, cell); a position's key is the XOR of its satellites'."""
ZOBRIST_SIDE: Final = _zobrist_source.getrandbits(62)
ZOBRIST_GRACE: Final[tuple[int, ...]] = tuple(_zobrist_source.getrandbits(62) for _ in range(4))

# For each ply ``make`` pushes onto the undo stack the (cell, old anchor) pairs of
# the groups it labels, how many ints those pairs take, the move, and last the
# turn word: side (bit 0), grace (bits 1-2), quiet plies (bits 3-11) and plies
# since an edge was last free (bits 12 and up).
GRACE_SHIFT: Final = 1
GRACE_MASK: Final = 0b11
QUIET_SHIFT: Final = 3
QUIET_MASK: Final = 0b1_1111_1111
CLOSED_SHIFT: Final = 12
SIDE_MASK: Final = 1

VISITING: Final[Cell] = -2
"""``group_of`` of a cell ``_label_group`` has already queued (neither an anchor nor NO_CELL)."""


class Position:
    """A Satellites position: board, side to move, grace left, quiet plies."""

    board: list[Code]
    adjacent: list[list[int]]
    group_of: list[Cell]
    group_size: list[int]
    group_sum: list[list[int]]
    cells_of: list[list[Cell]]
    slot_of: list[int]
    edge_count: list[int]
    connected_count: list[int]
    side: Colour
    grace: int
    quiet: int
    board_key: int
    rules: Rules
    closed: int
    """Plies since a ply last ended with an edge free, up to COUNT_LIMIT (RULES.md 6.5)."""
    edge_indexes: tuple[tuple[int, ...], ...]
    history: list[int]
    """The key of the position before each ply made on this object, oldest first
    (so a search knows which positions the game has already seen)."""
    _undo: list[int]
    _flood: list[Cell]
    _scratch: list[Move]

    def __init__(self, rules: Rules = STANDARD) -> None:
        """An empty board, Red to move.  Fill it with ``place`` and ``rebuild_groups``."""
        self.board = [0] * CELLS
        self.adjacent = [[0] * CELLS, [0] * CELLS]
        self.group_of = [NO_CELL] * CELLS
        self.group_size = [0] * CELLS
        self.group_sum = [[0] * CELLS, [0] * CELLS]
        self.cells_of = [[], []]
        self.slot_of = [NO_CELL] * CELLS
        self.edge_count = [0, 0, 0, 0]
        self.connected_count = [0, 0]
        self.side = RED
        self.grace = 0
        self.quiet = 0
        self.board_key = 0
        self.rules = rules
        self.closed = 0
        self.edge_indexes = EDGE_INDEXES_WITH_CORNERS if rules.corners_are_edges else EDGE_INDEXES
        self.history = []
        self._undo = []
        self._flood = [0] * (CELLS + 1)
        self._scratch = []

    # ------------------------------------------------------------------ set-up

    def place(self, cell: Cell, code: Code) -> None:
        """Put a satellite on an empty cell while building a position."""
        self._put(cell, code)
        colour = colour_of(code)
        self.slot_of[cell] = len(self.cells_of[colour])
        self.cells_of[colour].append(cell)

    def rebuild_groups(self) -> None:
        """Recompute groups and connected counts from the board (after ``place``)."""
        self.group_of = [NO_CELL] * CELLS
        self.connected_count = [0, 0]
        for cell in range(CELLS):
            code = self.board[cell]
            if code and self.group_of[cell] == NO_CELL and self.is_connected(cell):
                self._label_group(cell)
        self._undo.clear()

    def copy(self) -> "Position":
        twin = Position(self.rules)
        twin.board = self.board[:]
        twin.adjacent = [self.adjacent[0][:], self.adjacent[1][:]]
        twin.group_of = self.group_of[:]
        twin.group_size = self.group_size[:]
        twin.group_sum = [self.group_sum[0][:], self.group_sum[1][:]]
        twin.cells_of = [self.cells_of[0][:], self.cells_of[1][:]]
        twin.slot_of = self.slot_of[:]
        twin.edge_count = self.edge_count[:]
        twin.connected_count = self.connected_count[:]
        twin.side = self.side
        twin.grace = self.grace
        twin.quiet = self.quiet
        twin.board_key = self.board_key
        twin.closed = self.closed
        twin.history = self.history[:]
        return twin

    # ----------------------------------------------------------------- queries

    def is_connected(self, cell: Cell) -> bool:
        code = self.board[cell]
        return code != 0 and self.adjacent[other(colour_of(code))][cell] > 0

    def connections_open(self) -> bool:
        """Whether the player to move may connect: an edge holds no satellite, or a
        stall has opened them (RULES.md 3, 6.5)."""
        return self._open_for(self.side)

    def _open_for(self, colour: Colour) -> bool:
        """Whether ``colour`` may connect: an edge is free, a stall has opened them
        (RULES.md 6.5), or a variant opens them."""
        e = self.edge_count
        if e[0] == 0 or e[1] == 0 or e[2] == 0 or e[3] == 0:
            return True
        rules = self.rules
        opening = rules.opening_plies
        if opening and self.closed >= opening and self.quiet >= opening:
            return True
        return rules.own_edges and self.edges_held(colour) != ALL_EDGES

    def plies_until_stall_opens(self) -> int | None:
        """Plies until a stall opens connections (RULES.md 6.5) if nothing connects
        and every edge stays occupied: 0 once it has opened them; None when an
        edge is free (they are open anyway) or the rules have no such opening."""
        opening = self.rules.opening_plies
        e = self.edge_count
        if not opening or e[0] == 0 or e[1] == 0 or e[2] == 0 or e[3] == 0:
            return None
        return max(0, opening - self.closed, opening - self.quiet)

    def plies_until_no_progress(self) -> int:
        """Plies without a new connection left before rule 6.4 ends the game."""
        return max(0, self.rules.quiet_limit - self.quiet)

    def edges_held(self, colour: Colour) -> int:
        """Bits (1 North, 2 South, 4 West, 8 East) of the edges holding ``colour``'s satellites."""
        held = 0
        for cell in self.cells_of[colour]:
            for i in self.edge_indexes[cell]:
                held |= 1 << i
        return held

    def free_edges(self) -> list[int]:
        """Indexes (0 North, 1 South, 2 West, 3 East) of the edges with no satellite."""
        return [i for i in range(4) if self.edge_count[i] == 0]

    def connected_total(self) -> int:
        return self.connected_count[0] + self.connected_count[1]

    def is_finished(self, colour: Colour) -> bool:
        """All 12 satellites of ``colour`` are connected."""
        return self.connected_count[colour] == SATELLITES_PER_PLAYER

    def finished_player(self) -> Colour:
        """The colour with all 12 satellites connected (Red if both), or NOBODY."""
        if self.connected_count[RED] == SATELLITES_PER_PLAYER:
            return RED
        if self.connected_count[BLUE] == SATELLITES_PER_PLAYER:
            return BLUE
        return NOBODY

    def key(self) -> int:
        """A 62-bit hash of the whole position (board, side, grace; not the quiet count)."""
        key = self.board_key ^ ZOBRIST_GRACE[self.grace]
        return key ^ ZOBRIST_SIDE if self.side else key

    def end_reason(self) -> int:
        """Why the game is over (RULES.md 6), or NOT_OVER."""
        reason = self.quick_end_reason()
        if reason != NOT_OVER:
            return reason
        if not self._has_move(self.side) and not self._has_move(other(self.side)):
            return ENDED_NO_MOVES
        return NOT_OVER

    def is_over(self) -> bool:
        return self.end_reason() != NOT_OVER

    def quick_end_reason(self) -> int:
        """The end reasons that need no move generation (all but ENDED_NO_MOVES)."""
        if self.connected_count[0] + self.connected_count[1] >= CONNECTED_TO_END:
            return ENDED_23_CONNECTED
        if self.grace == 0 and self.finished_player() != NOBODY:
            return ENDED_GRACE_SPENT
        rules = self.rules
        if self.quiet >= rules.quiet_limit:
            return ENDED_NO_PROGRESS
        if rules.repetition_limit and self.occurrences() >= rules.repetition_limit:
            return ENDED_REPETITION
        if rules.blockade_plies and self.closed >= rules.blockade_plies:
            return ENDED_BLOCKADE
        return NOT_OVER

    def occurrences(self) -> int:
        """How often this position has stood on the board in this game, this time
        included (only positions since the last connection can be the same)."""
        key = self.key()
        history = self.history
        return 1 + history[max(0, len(history) - self.quiet) :].count(key)

    # --------------------------------------------------------- move generation

    def legal_moves(self) -> list[Move]:
        moves: list[Move] = []
        self.generate_moves(moves)
        return moves

    def generate_moves(self, out: list[Move]) -> None:
        """Fill ``out`` with every legal move; empty when the game is over."""
        out.clear()
        if self.quick_end_reason() != NOT_OVER:
            return
        self._generate_for(self.side, out)
        if not out and self._has_move(other(self.side)):
            out.append(PASS)

    def _has_move(self, colour: Colour) -> bool:
        scratch = self._scratch
        self._generate_for(colour, scratch)
        found = len(scratch) > 0
        scratch.clear()
        return found

    def _generate_for(self, colour: Colour, out: list[Move]) -> None:
        board = self.board
        own_adjacent = self.adjacent[colour]
        opposing = self.adjacent[1 - colour]
        is_open = self._open_for(colour)
        base = piece(colour, 0)  # a satellite's code minus this is its value
        for origin in self.cells_of[colour]:
            if opposing[origin]:
                continue  # connected satellites are locked
            value = board[origin] - base
            for target in WITHIN[origin][value]:
                if board[target] == 0 and opposing[target] == 0:
                    out.append(origin | target << TO_SHIFT)
            for target in RING[origin][value]:
                code = board[target]  # (code - 1) >> 2 below: colour_of, written out (hot path)
                if code == 0:
                    if opposing[target] == 0:
                        out.append(origin | target << TO_SHIFT)
                    elif is_open and self._connection_size(target, colour) > 0:
                        out.append(origin | target << TO_SHIFT | CONNECTION_BITS)
                elif is_open and (code - 1) >> 2 != colour and own_adjacent[target] == 0:
                    self._add_displacements(origin, target, colour, out)

    def generate_connections(self, colour: Colour, out: list[Move], min_size: int = 1) -> None:
        """Fill ``out`` with the connections (RULES.md 4.2) ``colour`` could make
        were connections open now, as a stall's opening would open them (RULES.md
        6.5), into a group of ``min_size`` satellites or more; displacements left
        out."""
        out.clear()
        board = self.board
        opposing = self.adjacent[1 - colour]
        base = piece(colour, 0)
        for origin in self.cells_of[colour]:
            if opposing[origin]:
                continue
            for target in RING[origin][board[origin] - base]:
                if (
                    board[target] == 0
                    and opposing[target]
                    and self._connection_size(target, colour) >= min_size
                ):
                    out.append(origin | target << TO_SHIFT | CONNECTION_BITS)

    def _connection_size(self, target: Cell, colour: Colour) -> int:
        """Size of the group a ``colour`` satellite arriving on ``target`` would
        join, or 0 if that arrival breaks RULES.md 5 (same colours touching while
        connected, a group above 6).  Merging two colonies always exceeds 6, so
        rule 5.3 is covered by the size check.  ``target`` must have a neighbour
        of the other colour; a satellite standing on ``target`` itself is ignored.
        """
        board = self.board
        own = self.adjacent[colour]
        opposing = self.adjacent[1 - colour]
        group_of = self.group_of
        total = 1
        seen1 = seen2 = seen3 = NO_CELL
        for n in ORTHOGONAL[target]:
            code = board[n]
            if code == 0:
                continue
            # colour_of(code), written out (hot path)
            if (code - 1) >> 2 == colour:
                if opposing[n]:
                    return 0  # would touch a connected satellite of its own colour
            elif own[n]:
                anchor = group_of[n]
                if anchor != seen1 and anchor != seen2 and anchor != seen3:
                    total += self.group_size[anchor]
                    if seen1 == NO_CELL:
                        seen1 = anchor
                    elif seen2 == NO_CELL:
                        seen2 = anchor
                    else:
                        seen3 = anchor
            else:
                # ``n`` becomes connected: none of its own colour may be connected next to it.
                for m in ORTHOGONAL[n]:
                    other_code = board[m]
                    # colour_of(other_code), written out (hot path)
                    if other_code and (other_code - 1) >> 2 != colour and own[m] and m != target:
                        return 0
                total += 1
        return total if total <= MAX_GROUP else 0

    def _add_displacements(
        self, origin: Cell, target: Cell, colour: Colour, out: list[Move]
    ) -> None:
        """Displacements of the unconnected enemy on ``target`` (RULES.md 4.3)."""
        board = self.board
        opposing = self.adjacent[other(colour)]
        if opposing[target] == 0:
            return  # the mover would not be connected there
        for k in ADJACENT[target]:
            code = board[k]
            if code and colour_of(code) == colour and opposing[k]:
                break
        else:
            return  # not next to one of the mover's connected satellites
        if self._connection_size(target, colour) < COLONY_SIZE:
            return
        enemy = board[target]
        mover = board[origin]
        marker = len(self._undo)
        self._lift(target)
        self._lift(origin)
        self._put(target, mover)
        self._label_group(target)
        enemy_colour = other(colour)
        mover_adjacent = self.adjacent[colour]
        head = origin | target << TO_SHIFT | DISPLACEMENT_BITS
        for land in DISPLACEMENT_TARGETS[target]:
            if board[land] == 0 and (
                mover_adjacent[land] == 0 or self._connection_size(land, enemy_colour) > 0
            ):
                out.append(head | land << LAND_SHIFT)
        self._restore_groups(marker)
        self._lift(target)
        self._put(origin, mover)
        self._put(target, enemy)

    # ----------------------------------------------------------- make / unmake

    def make(self, move: Move) -> None:
        """Play a legal move.  ``unmake`` takes it back exactly."""
        undo = self._undo
        self.history.append(self.key())
        kind = kind_of(move)
        before = self.connected_count[0] + self.connected_count[1]
        marker = len(undo)
        if kind != PASS_KIND:
            origin = origin_of(move)
            target = target_of(move)
            mover = self.board[origin]
            if kind == DISPLACEMENT:
                land = landing_of(move)
                self._move_pair(origin, target, target, land)
                self._label_group(target)
                if self.group_of[land] == NO_CELL and self.is_connected(land):
                    self._label_group(land)
            else:
                self._lift(origin)
                self._move_slot(origin, target, mover)
                self._put(target, mover)
                if kind == CONNECTION:
                    self._label_group(target)
        undo.append(len(undo) - marker)
        undo.append(move)
        undo.append(
            self.side
            | self.grace << GRACE_SHIFT
            | self.quiet << QUIET_SHIFT
            | self.closed << CLOSED_SHIFT
        )
        connected = self.connected_count[0] + self.connected_count[1]
        self.quiet = 0 if connected > before else self.quiet + 1
        e = self.edge_count
        edge_free = e[0] == 0 or e[1] == 0 or e[2] == 0 or e[3] == 0
        self.closed = 0 if edge_free else min(self.closed + 1, COUNT_LIMIT)
        self._advance_turn(connected)

    def _advance_turn(self, connected: int) -> None:
        """Whose move it is next, with grace moves (RULES.md 6.2)."""
        if self.grace:
            self.grace -= 1
            return
        finished = self.finished_player()
        if finished != NOBODY and connected < CONNECTED_TO_END:
            self.side = other(finished)
            self.grace = GRACE_MOVES
        else:
            self.side = other(self.side)

    def unmake(self) -> None:
        undo = self._undo
        self.history.pop()
        turn = undo.pop()
        move = undo.pop()
        records = undo.pop()
        self.side = turn & SIDE_MASK
        self.grace = (turn >> GRACE_SHIFT) & GRACE_MASK
        self.quiet = (turn >> QUIET_SHIFT) & QUIET_MASK
        self.closed = turn >> CLOSED_SHIFT
        kind = kind_of(move)
        if kind == PASS_KIND:
            return
        self._restore_groups(len(undo) - records)
        origin = origin_of(move)
        target = target_of(move)
        if kind == DISPLACEMENT:
            self._move_pair(target, origin, landing_of(move), target)
        else:
            mover = self.board[target]
            self._lift(target)
            self._move_slot(target, origin, mover)
            self._put(origin, mover)

    # ------------------------------------------------------------ primitives

    def _put(self, cell: Cell, code: Code) -> None:
        self.board[cell] = code
        counts = self.adjacent[(code - 1) >> 2]  # colour_of(code), written out (hot path)
        for n in ORTHOGONAL[cell]:
            counts[n] += 1
        for i in self.edge_indexes[cell]:
            self.edge_count[i] += 1
        self.board_key ^= ZOBRIST[code * CELLS + cell]

    def _lift(self, cell: Cell) -> None:
        code = self.board[cell]
        self.board[cell] = 0
        counts = self.adjacent[(code - 1) >> 2]  # colour_of(code), written out (hot path)
        for n in ORTHOGONAL[cell]:
            counts[n] -= 1
        for i in self.edge_indexes[cell]:
            self.edge_count[i] -= 1
        self.board_key ^= ZOBRIST[code * CELLS + cell]

    def _move_pair(
        self, mover_from: Cell, mover_to: Cell, enemy_from: Cell, enemy_to: Cell
    ) -> None:
        """Move a displacement's two satellites at once.

        Both leave before either arrives, so the displaced satellite may land on
        the cell the mover left (and, undoing, the mover may return to it).
        """
        mover = self.board[mover_from]
        enemy = self.board[enemy_from]
        mover_slot = self.slot_of[mover_from]
        enemy_slot = self.slot_of[enemy_from]
        self._lift(mover_from)
        self._lift(enemy_from)
        self.slot_of[mover_from] = NO_CELL
        self.slot_of[enemy_from] = NO_CELL
        self.cells_of[colour_of(mover)][mover_slot] = mover_to
        self.cells_of[colour_of(enemy)][enemy_slot] = enemy_to
        self.slot_of[mover_to] = mover_slot
        self.slot_of[enemy_to] = enemy_slot
        self._put(mover_to, mover)
        self._put(enemy_to, enemy)

    def _move_slot(self, origin: Cell, target: Cell, code: Code) -> None:
        """Keep the per-colour cell lists in step with a satellite moving."""
        slot = self.slot_of[origin]
        # colour_of(code), written out (hot path)
        self.cells_of[(code - 1) >> 2][slot] = target
        self.slot_of[target] = slot
        self.slot_of[origin] = NO_CELL

    def _label_group(self, start: Cell) -> None:
        """Flood the group containing ``start`` and anchor it there.

        Pushes (cell, old anchor) pairs onto the undo stack and counts newly
        connected satellites.
        """
        board = self.board
        group_of = self.group_of
        undo = self._undo
        flood = self._flood
        flood[0] = start
        size = 1
        seen_start = len(undo)
        undo.append(start)
        undo.append(group_of[start])
        group_of[start] = VISITING
        red_sum = 0
        blue_sum = 0
        i = 0
        while i < size:
            cell = flood[i]
            i += 1
            code = board[cell]
            colour = (code - 1) >> 2  # colour_of(code), written out (hot path)
            if colour:
                blue_sum += code - 4
            else:
                red_sum += code
            for n in ORTHOGONAL[cell]:
                other_code = board[n]
                # colour_of(other_code), written out (hot path)
                if other_code and (other_code - 1) >> 2 != colour and group_of[n] != VISITING:
                    undo.append(n)
                    undo.append(group_of[n])
                    group_of[n] = VISITING
                    flood[size] = n
                    size += 1
        for j in range(seen_start, len(undo), 2):
            if undo[j + 1] == NO_CELL:
                self.connected_count[colour_of(board[undo[j]])] += 1
            group_of[undo[j]] = start
        self.group_size[start] = size
        self.group_sum[RED][start] = red_sum
        self.group_sum[BLUE][start] = blue_sum

    def _restore_groups(self, marker: int) -> None:
        """Pop (cell, old anchor) pairs down to ``marker``, undoing ``_label_group``."""
        undo = self._undo
        board = self.board
        group_of = self.group_of
        while len(undo) > marker:
            old = undo.pop()
            cell = undo.pop()
            if old == NO_CELL:
                self.connected_count[colour_of(board[cell])] -= 1
            group_of[cell] = old
