"""The blockade probe takes one satellite to each of the four edges and keeps
them there: under the seed rules nothing can connect again; under the standard
rules a stall opens connections after 20 plies (RULES.md 6.5)."""

import random

import pytest

from engine.lab.agents import parse_agent
from engine.lab.blockade import blockade_move
from engine.pieces import BLUE, RED
from engine.position import ALL_EDGES
from engine.rules import SEED, STALL_PLIES
from engine.start import starting_position


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_probe_holds_all_four_edges_and_keeps_them(seed: int) -> None:
    position = starting_position(seed, SEED)
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


def test_under_the_standard_rules_a_held_blockade_opens_connections_after_a_stall() -> None:
    position = starting_position(1)
    probe, other = random.Random(1), random.Random(-1)
    opened = False
    while not position.is_over() and not opened:
        if position.side == RED:
            position.make(blockade_move(position, probe))
        else:
            position.make(other.choice(position.legal_moves()))
        opened = position.edges_held(RED) == ALL_EDGES and position.connections_open()
    assert opened and position.quiet >= STALL_PLIES and position.closed >= STALL_PLIES


def test_the_arena_seats_the_probe() -> None:
    agent = parse_agent("blockade")
    position = starting_position(4)
    position.side = BLUE
    assert agent.choose(position, random.Random(1)) in position.legal_moves()
