"""A deliberately plain second implementation of RULES.md, for cross-checking.

It shares no code with ``engine`` beyond nothing at all: a board is a dict
from (file, rank) to (colour letter, value), every question is answered by
recomputing from the whole board, and nothing is incremental.  It is slow
and meant to be obviously right.
"""

from dataclasses import dataclass

Cell = tuple[int, int]
Board = dict[Cell, tuple[str, int]]

FILES = "abcdefghij"
STEPS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
ORTHO = [(0, 1), (1, 0), (0, -1), (-1, 0)]
STALL = 20
"""RULES.md 6.5: stalled plies after which connections open."""


@dataclass
class PlainState:
    board: Board
    side: str
    grace: int
    quiet: int
    closed: int
    stalls_open: bool = True
    """The standard rules (6.5); False for the seed rules."""


def on_board(cell: Cell) -> bool:
    return 0 <= cell[0] < 10 and 0 <= cell[1] < 10


def shifted(cell: Cell, step: tuple[int, int], distance: int) -> Cell:
    return (cell[0] + step[0] * distance, cell[1] + step[1] * distance)


def name(cell: Cell) -> str:
    return f"{FILES[cell[0]]}{cell[1] + 1}"


def parse(text: str, stalls_open: bool = True) -> PlainState:
    board_text, side, grace, quiet, closed = text.split(" ")
    board: Board = {}
    for row, rank_text in enumerate(board_text.split("/")):
        rank = 9 - row
        file_index = 0
        i = 0
        while i < len(rank_text):
            if rank_text[i] == ".":
                i += 1
            else:
                board[(file_index, rank)] = (rank_text[i], int(rank_text[i + 1]))
                i += 2
            file_index += 1
    return PlainState(board, side, int(grace), int(quiet), int(closed), stalls_open)


def show(state: PlainState) -> str:
    rows = []
    for rank in range(9, -1, -1):
        row = ""
        for file_index in range(10):
            piece = state.board.get((file_index, rank))
            row += f"{piece[0]}{piece[1]}" if piece else "."
        rows.append(row)
    return f"{'/'.join(rows)} {state.side} {state.grace} {state.quiet} {state.closed}"


def opponent(colour: str) -> str:
    return "b" if colour == "r" else "r"


def is_connected(board: Board, cell: Cell) -> bool:
    colour = board[cell][0]
    for step in ORTHO:
        n = shifted(cell, step, 1)
        if n in board and board[n][0] != colour:
            return True
    return False


def all_groups(board: Board) -> list[set[Cell]]:
    seen: set[Cell] = set()
    groups = []
    for cell in board:
        if cell in seen or not is_connected(board, cell):
            continue
        group = {cell}
        todo = [cell]
        while todo:
            here = todo.pop()
            for step in ORTHO:
                n = shifted(here, step, 1)
                if n in board and board[n][0] != board[here][0] and n not in group:
                    group.add(n)
                    todo.append(n)
        seen |= group
        groups.append(group)
    return groups


def edges_free(board: Board) -> bool:
    """RULES.md 3: some edge (its 8 cells between the corners) holds no satellite."""
    edges = [
        [(f, 9) for f in range(1, 9)],
        [(f, 0) for f in range(1, 9)],
        [(0, r) for r in range(1, 9)],
        [(9, r) for r in range(1, 9)],
    ]
    return any(all(c not in board for c in edge) for edge in edges)


def connections_open(state: PlainState) -> bool:
    """RULES.md 3 and 6.5: an edge is free, or the last 20 plies stalled."""
    stalled = state.stalls_open and state.quiet >= STALL and state.closed >= STALL
    return edges_free(state.board) or stalled


def rules_hold(after: Board, before: Board) -> bool:
    """RULES.md section 5 for the position ``after``, reached from ``before``."""
    for cell in after:
        if not is_connected(after, cell):
            continue
        for step in ORTHO:
            n = shifted(cell, step, 1)
            if n in after and after[n][0] == after[cell][0] and is_connected(after, n):
                return False
    old_colonies = [g for g in all_groups(before) if len(g) >= 3]
    for group in all_groups(after):
        if len(group) > 6:
            return False
        if sum(1 for colony in old_colonies if colony & group) > 1:
            return False
    return True


def group_size_at(board: Board, cell: Cell) -> int:
    for group in all_groups(board):
        if cell in group:
            return len(group)
    return 0


def moves_for(state: PlainState, colour: str) -> list[str]:
    board = state.board
    found = []
    open_ = connections_open(state)
    for origin, (owner, value) in list(board.items()):
        if owner != colour or is_connected(board, origin):
            continue
        for step in STEPS:
            for distance in range(1, value + 1):
                target = shifted(origin, step, distance)
                if not on_board(target):
                    break
                exact = distance == value
                if target not in board:
                    after = dict(board)
                    del after[origin]
                    after[target] = (owner, value)
                    if not is_connected(after, target) or (
                        exact and open_ and rules_hold(after, board)
                    ):
                        found.append(f"{name(origin)}-{name(target)}")
                elif exact and open_:
                    found += displacements(board, origin, target)
    return found


def displacements(board: Board, origin: Cell, target: Cell) -> list[str]:
    colour, value = board[origin]
    if board[target][0] == colour or is_connected(board, target):
        return []
    near_own_connected = any(
        shifted(target, s, 1) in board
        and board[shifted(target, s, 1)][0] == colour
        and is_connected(board, shifted(target, s, 1))
        for s in STEPS
    )
    if not near_own_connected:
        return []
    lifted = dict(board)
    enemy = lifted.pop(target)
    del lifted[origin]
    lifted[target] = (colour, value)
    if not is_connected(lifted, target) or group_size_at(lifted, target) < 3:
        return []
    found = []
    for step in STEPS:
        for distance in (1, 2):
            land = shifted(target, step, distance)
            if not on_board(land) or land in lifted:
                continue
            after = dict(lifted)
            after[land] = enemy
            if rules_hold(after, board):
                found.append(f"{name(origin)}-{name(target)}:{name(land)}")
    return found


def connected_of(board: Board, colour: str) -> int:
    return sum(1 for c, (owner, _) in board.items() if owner == colour and is_connected(board, c))


def finished(board: Board) -> str | None:
    for colour in "rb":
        if connected_of(board, colour) == 12:
            return colour
    return None


def game_over(state: PlainState) -> bool:
    total = connected_of(state.board, "r") + connected_of(state.board, "b")
    if total >= 23 or state.quiet >= 100:
        return True
    if state.grace == 0 and finished(state.board):
        return True
    return not moves_for(state, "r") and not moves_for(state, "b")


def legal_moves(state: PlainState) -> list[str]:
    if game_over(state):
        return []
    return moves_for(state, state.side) or ["pass"]


def play(state: PlainState, move: str) -> PlainState:
    board = dict(state.board)
    before = connected_of(board, "r") + connected_of(board, "b")
    if move != "pass":
        squares, _, land = move.partition(":")
        origin_text, target_text = squares.split("-")
        origin, target = cell_of(origin_text), cell_of(target_text)
        mover = board.pop(origin)
        if land:
            board[cell_of(land)] = board.pop(target)
        board[target] = mover
    total = connected_of(board, "r") + connected_of(board, "b")
    quiet = 0 if total > before else state.quiet + 1
    closed = 0 if edges_free(board) else min(state.closed + 1, 100)
    if state.grace:
        side, grace = state.side, state.grace - 1
    elif (done := finished(board)) and total < 23:
        side, grace = opponent(done), 3
    else:
        side, grace = opponent(state.side), 0
    return PlainState(board, side, grace, quiet, closed, state.stalls_open)


def cell_of(text: str) -> Cell:
    return (FILES.index(text[0]), int(text[1:]) - 1)
