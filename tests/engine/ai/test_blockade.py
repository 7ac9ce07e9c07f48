"""The blockade probe takes one satellite to each of the four edges and keeps
them there: under the standard rules nothing can connect again (RULES.md 6.5)."""

import random

import pytest

from engine.ai.agents import parse_agent
from engine.ai.blockade import blockade_move
from engine.pieces import BLUE, RED
from engine.position import ALL_EDGES
from engine.start import starting_position


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_probe_holds_all_four_edges_and_keeps_them(seed: int) -> None:
    position = starting_position(seed)
    probe, other = random.Random(seed), random.Random(-seed)
    held_from = None
    for ply in range(120):
        if position.is_over():
            break
        if position.side == RED:
            position.make(blockade_move(position, probe))
        else:
            position.make(other.choice(position.legal_moves()))
        if position.edges_held(RED) == ALL_EDGES and held_from is None:
            held_from = ply
        if held_from is not None:
            assert position.edges_held(RED) == ALL_EDGES, f"an edge let go at ply {ply}"
            assert not position.connections_open()
    assert held_from is not None and held_from < 40


def test_the_arena_seats_the_probe() -> None:
    agent = parse_agent("blockade")
    position = starting_position(4)
    position.side = BLUE
    assert agent.choose(position, random.Random(1)) in position.legal_moves()
