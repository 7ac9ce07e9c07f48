"""Vanilla UCT with uniform random playouts: the generic game-AI yardstick.

Nothing here knows the game beyond its rules and final score (UCB1 with
c = sqrt(2), one new node per iteration, random playouts to the end, a win
worth 1 and a draw 1/2), so the arena can show what the evaluation in
``engine.ai.search`` is worth at the same budget.
"""

import math
import random
from typing import Final

from engine.lab.budget import Budget
from engine.moves import Move
from engine.pieces import NOBODY, Colour
from engine.position import Position
from engine.scoring import score

EXPLORATION: Final = math.sqrt(2.0)


class Node:
    """A tree node: the move that led here and the mover's results through it."""

    __slots__ = ("children", "move", "mover", "untried", "visits", "wins")

    move: Move
    mover: Colour
    children: list["Node"]
    untried: list[Move]
    visits: int
    wins: float

    def __init__(self, move: Move, mover: Colour, untried: list[Move]) -> None:
        self.move = move
        self.mover = mover
        self.children = []
        self.untried = untried
        self.visits = 0
        self.wins = 0.0

    def best_child(self) -> "Node":
        """The child with the highest UCB1 value."""
        log_visits = math.log(self.visits)
        best = self.children[0]
        best_value = -1.0
        for child in self.children:
            value = child.wins / child.visits + EXPLORATION * math.sqrt(log_visits / child.visits)
            if value > best_value:
                best, best_value = child, value
        return best


def uct_move(position: Position, rng: random.Random, iterations: int, seconds: float = 0.0) -> Move:
    """The most visited root move after ``iterations`` or ``seconds`` (0: no limit
    of that kind), whichever ends first."""
    board = position.copy()
    root = Node(-1, NOBODY, board.legal_moves())
    if not root.untried:
        raise ValueError("the game is over: there is no move to search")
    budget = Budget(iterations, seconds, "UCT")
    while True:
        _iterate(board, root, rng)
        if budget.spend_one():
            break
    best = max(root.children, key=_visits)
    return best.move


def _visits(node: Node) -> int:
    return node.visits


def _iterate(board: Position, root: Node, rng: random.Random) -> None:
    """Select, expand one node, play out at random, back the result up."""
    path = [root]
    node = root
    made = 0
    while not node.untried and node.children:
        node = node.best_child()
        board.make(node.move)
        made += 1
        path.append(node)
    if node.untried:
        move = node.untried.pop(rng.randrange(len(node.untried)))
        mover = board.side
        board.make(move)
        made += 1
        child = Node(move, mover, board.legal_moves())
        node.children.append(child)
        path.append(child)
    moves: list[Move] = []
    board.generate_moves(moves)
    while moves:
        board.make(moves[rng.randrange(len(moves))])
        made += 1
        board.generate_moves(moves)
    winner = score(board).winner
    for _ in range(made):
        board.unmake()
    for visited in path:
        visited.visits += 1
        if winner == NOBODY:
            visited.wins += 0.5
        elif winner == visited.mover:
            visited.wins += 1.0
