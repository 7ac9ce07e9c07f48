"""Perft leaf counts pinned in data/perft.txt."""

from pathlib import Path

import pytest

from engine.notation import format_position, parse_position
from engine.perft import perft

DATA = Path(__file__).parent / "data" / "perft.txt"


def perft_cases() -> list[tuple[str, str, int, int]]:
    cases = []
    for line in DATA.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, position, *counts = (field.strip() for field in line.split(";"))
        for count in counts:
            depth, leaves = count.split("=")
            cases.append((name, position, int(depth), int(leaves)))
    return cases


@pytest.mark.parametrize(("name", "position", "depth", "leaves"), perft_cases())
def test_perft(name: str, position: str, depth: int, leaves: int) -> None:
    assert perft(parse_position(position), depth) == leaves


def test_perft_leaves_the_position_as_it_found_it() -> None:
    _, text, _, _ = perft_cases()[0]
    position = parse_position(text)
    perft(position, 2)
    assert format_position(position) == text
