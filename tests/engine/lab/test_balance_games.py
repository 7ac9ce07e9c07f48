"""The games behind docs/balance.md replay under the rules each was played with (its
variant of its base rules; games written before the lab recorded a base were played
when the standard game was the seed's reading): a change to the rules that would
make the balance tables describe another game fails here.

By default a sample replays (about ten games of each variant and pairing, spread
over its seeds); the nightly run (``pytest --long``) replays every game.
"""

from itertools import groupby
from pathlib import Path

import pytest

from engine.lab.balance import entry_rules, read_results, seed_and_moves
from engine.pieces import BLUE, NOBODY, RED
from engine.scoring import game_winner
from engine.start import starting_position

BALANCE = Path(__file__).resolve().parents[3] / "data" / "balance"
RESULTS = sorted(path.name for path in BALANCE.glob("*.jsonl"))
"""Every results file the lab wrote there."""
SAMPLE_PER_GROUP = 10
"""Games replayed by default of each variant and pairing."""

Entry = dict[str, object]


def group_key(entry: Entry) -> tuple[str, str, str]:
    return str(entry.get("base")), str(entry["variant"]), str(entry["players"])


def sample(games: list[Entry]) -> list[Entry]:
    """About SAMPLE_PER_GROUP games of each variant and pairing, evenly spread."""
    chosen: list[Entry] = []
    for _, group in groupby(sorted(games, key=group_key), key=group_key):
        entries = list(group)
        chosen += entries[:: max(1, len(entries) // SAMPLE_PER_GROUP)]
    return chosen


def assert_replays_to_its_result(entry: Entry) -> None:
    seed, moves = seed_and_moves(entry)
    variant = str(entry["variant"])
    position = starting_position(seed, entry_rules(entry))
    for ply, move in enumerate(moves, start=1):
        assert not position.is_over(), f"{variant} seed {seed}: over before ply {ply}"
        assert move in position.legal_moves(), f"{variant} seed {seed}: ply {ply} illegal"
        position.make(move)
    assert position.is_over(), f"{variant} seed {seed}: not over after its last move"
    winner = game_winner(position)
    a_colour = RED if entry["a_is_red"] else BLUE
    a_points = 0.5 if winner == NOBODY else float(winner == a_colour)
    assert entry["a_points"] == a_points, f"{variant} seed {seed}: another result"


@pytest.mark.parametrize("results", RESULTS)
def test_a_sample_of_every_variant_and_pairing_replays_legally_to_the_results_recorded(
    results: str,
) -> None:
    chosen = sample(read_results(BALANCE / results))
    assert len(chosen) >= 10
    for entry in chosen:
        assert_replays_to_its_result(entry)


@pytest.mark.long
@pytest.mark.parametrize("results", RESULTS)
def test_every_balance_game_replays_legally_to_the_result_it_records(results: str) -> None:
    games = read_results(BALANCE / results)
    assert len(games) >= 100
    for entry in games:
        assert_replays_to_its_result(entry)
