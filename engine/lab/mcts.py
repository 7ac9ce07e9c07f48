"""An informed Monte Carlo tree search with a solver: the arena's strongest
baseline that is not alpha-beta.

What it knows of the game, and what vanilla UCT (``engine.lab.uct``) does not:

* informed playouts: each playout ply plays a connection or a displacement
  when there is one (most of the time), a random move otherwise;
* a cutoff: after ``CUTOFF_PLIES`` playout plies the position is judged by the
  alpha-beta search's evaluation, squashed to a winning chance, instead of
  drifting to the end;
* proven results (MCTS-solver): a finished game below a node is an exact win
  or loss, proofs climb the tree (a player with a winning move has won; a
  player whose every move loses has lost), proven losses are never chosen and
  a proven win is played at once;
* tree reuse: the subtree under the position that comes back after the
  opponent's reply is kept between moves.

Grace moves, where one player moves again, are handled by recording who made
each move rather than assuming alternation.
"""

import math
import random
from typing import Final

from engine.ai.evaluation import evaluate
from engine.lab.budget import Budget
from engine.moves import Move, is_forcing
from engine.pieces import NOBODY, RED, Colour, other
from engine.position import Position
from engine.scoring import game_winner

EXPLORATION: Final = 0.7
CUTOFF_PLIES: Final = 3
FORCING_CHANCE: Final = 0.8
EVALUATION_SCALE: Final = 600.0
"""Evaluation points for odds of e (one colony is 1000 points)."""

UNKNOWN: Final = 0
WON: Final = 1
"""The player who made the node's move wins with best play."""
LOST: Final = 2


class Node:
    """A tree node: the move that led here, who made it and how it went for them."""

    __slots__ = ("children", "key", "move", "mover", "proof", "untried", "visits", "wins")

    move: Move
    mover: Colour
    key: int
    children: list["Node"]
    untried: list[Move]
    visits: int
    wins: float
    proof: int

    def __init__(self, move: Move, mover: Colour, position: Position) -> None:
        self.move = move
        self.mover = mover
        self.key = position.key()
        self.children = []
        moves = position.legal_moves()
        # Informed expansion: the forcing moves are tried first (popped from the end).
        moves.sort(key=is_forcing)
        self.untried = moves
        self.visits = 0
        self.wins = 0.0
        self.proof = UNKNOWN
        if not moves:
            winner = game_winner(position)
            if winner != NOBODY:
                self.proof = WON if winner == mover else LOST


_kept: list[Node] = []
"""The node of the last move chosen, for tree reuse."""


def mcts_move(
    position: Position, rng: random.Random, iterations: int, seconds: float = 0.0
) -> Move:
    """The best root move after ``iterations`` or ``seconds`` (0: no limit of that kind)."""
    budget = Budget(iterations, seconds, "MCTS")
    board = position.copy()
    root = _reused_root(board)
    if not root.untried and not root.children:
        raise ValueError("the game is over: there is no move to search")
    while root.proof == UNKNOWN:
        _iterate(board, root, rng)
        if budget.spend_one():
            break
    best = _final_choice(root)
    _kept[:] = [best]
    return best.move


def _reused_root(board: Position) -> Node:
    key = board.key()
    for kept in _kept:
        for reply in kept.children:
            if reply.key == key and reply.mover != board.side:
                return reply
    return Node(-1, other(board.side), board)


def _final_choice(root: Node) -> Node:
    for child in root.children:
        if child.proof == WON:
            return child
    candidates = [c for c in root.children if c.proof != LOST] or root.children
    return max(candidates, key=_visits)


def _visits(node: Node) -> int:
    return node.visits


def _select(node: Node) -> Node:
    log_visits = math.log(node.visits)
    best = node.children[0]
    best_value = -math.inf
    for child in node.children:
        if child.proof == WON:
            return child
        if child.proof == LOST:
            continue
        value = child.wins / child.visits + EXPLORATION * math.sqrt(log_visits / child.visits)
        if value > best_value:
            best, best_value = child, value
    return best


def _iterate(board: Position, root: Node, rng: random.Random) -> None:
    """Select, expand one node, play an informed playout, back up results and proofs."""
    path = [root]
    node = root
    made = 0
    while not node.untried and node.children and node.proof == UNKNOWN:
        node = _select(node)
        board.make(node.move)
        made += 1
        path.append(node)
    if node.untried and node.proof == UNKNOWN:
        move = node.untried.pop()
        mover = board.side
        board.make(move)
        made += 1
        child = Node(move, mover, board)
        node.children.append(child)
        path.append(child)
        node = child
    if node.proof != UNKNOWN:
        chance = 1.0 if node.proof == WON else 0.0
        red_chance = chance if node.mover == RED else 1.0 - chance
    else:
        red_chance, played = _playout(board, rng)
        made += played
    for _ in range(made):
        board.unmake()
    for visited in path:
        visited.visits += 1
        visited.wins += red_chance if visited.mover == RED else 1.0 - red_chance
    for visited in reversed(path):
        _prove(visited)


def _playout(board: Position, rng: random.Random) -> tuple[float, int]:
    """Red's winning chance after a short informed playout, and the plies played."""
    moves: list[Move] = []
    played = 0
    board.generate_moves(moves)
    while moves and played < CUTOFF_PLIES:
        forcing = [m for m in moves if is_forcing(m)]
        if forcing and rng.random() < FORCING_CHANCE:
            move = forcing[rng.randrange(len(forcing))]
        else:
            move = moves[rng.randrange(len(moves))]
        board.make(move)
        played += 1
        board.generate_moves(moves)
    if not moves:
        winner = game_winner(board)
        return (0.5 if winner == NOBODY else float(winner == RED)), played
    value = evaluate(board)
    red_value = value if board.side == RED else -value
    return 1.0 / (1.0 + math.exp(-red_value / EVALUATION_SCALE)), played


def _prove(node: Node) -> None:
    """A node is decided when its player to move has a won move, or only lost ones."""
    if node.proof != UNKNOWN or not node.children:
        return
    to_move = node.children[0].mover
    all_lost = not node.untried
    for child in node.children:
        if child.proof == WON:
            node.proof = WON if node.mover == to_move else LOST
            return
        if child.proof != LOST:
            all_lost = False
    if all_lost:
        node.proof = LOST if node.mover == to_move else WON
