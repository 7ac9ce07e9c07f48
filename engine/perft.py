"""Perft: count the leaf positions of the move tree, the standard movegen check."""

from engine.moves import Move
from engine.position import Position


def perft(position: Position, depth: int) -> int:
    """Positions reachable in exactly ``depth`` plies (bulk-counted at the last ply)."""
    buffers: list[list[Move]] = [[] for _ in range(max(depth, 1))]
    return _perft(position, depth, buffers)


def _perft(position: Position, depth: int, buffers: list[list[Move]]) -> int:
    if depth == 0:
        return 1
    moves = buffers[depth - 1]
    position.generate_moves(moves)
    if depth == 1:
        return len(moves)
    nodes = 0
    for move in moves:
        position.make(move)
        nodes += _perft(position, depth - 1, buffers)
        position.unmake()
    return nodes
