"""How far apart the board's marks look, with normal vision and simulated
protanopia, deuteranopia and tritanopia (Machado 2009, CIEDE2000).

    python benchmarks/colour_distance.py

Prints, per palette and vision, the three closest pairs of marker colours.
The tests require every pair to keep the distance printed in the header.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "device")]

from colour_vision import MIN_MARKER_DISTANCE, SIMULATIONS, closest_pairs  # noqa: E402

from device.look.theme import COLOUR_BLIND, STANDARD  # noqa: E402


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    print(f"CIEDE2000 between marker colours (required: >= {MIN_MARKER_DISTANCE})")
    for name, palette, visions in (
        ("standard", STANDARD, ["normal"]),
        ("colour-blind", COLOUR_BLIND, list(SIMULATIONS)),
    ):
        for vision in visions:
            closest = closest_pairs(palette, vision)[:3]
            pairs = ", ".join(f"{a}/{b} {d:.1f}" for d, a, b in closest)
            print(f"{name:12} {vision:12} {pairs}")


if __name__ == "__main__":
    main()
