"""The games behind docs/balance.md are games of today's rules: a change to the
rules that would make the balance tables describe another game fails here."""

from pathlib import Path

import pytest

from engine.ai.lab import parse_variant, read_results, seed_and_moves
from engine.pieces import BLUE, NOBODY, RED
from engine.scoring import game_winner
from engine.start import starting_position

BALANCE = Path(__file__).resolve().parents[3] / "docs" / "balance"


@pytest.mark.parametrize("results", ["lab-results.jsonl", "blockade-results.jsonl"])
def test_every_balance_game_replays_legally_to_the_result_it_records(results: str) -> None:
    games = read_results(BALANCE / results)
    assert len(games) >= 100
    for entry in games:
        seed, moves = seed_and_moves(entry)
        variant = str(entry["variant"])
        position = starting_position(seed, parse_variant(variant))
        for ply, move in enumerate(moves, start=1):
            assert not position.is_over(), f"{variant} seed {seed}: over before ply {ply}"
            assert move in position.legal_moves(), f"{variant} seed {seed}: ply {ply} illegal"
            position.make(move)
        assert position.is_over(), f"{variant} seed {seed}: not over after its last move"
        winner = game_winner(position)
        a_colour = RED if entry["a_is_red"] else BLUE
        a_points = 0.5 if winner == NOBODY else float(winner == a_colour)
        assert entry["a_points"] == a_points, f"{variant} seed {seed}: another result"
