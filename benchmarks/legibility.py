"""How tall the smallest letters are on each device's glass, and how readable the
satellites' values are on its board.

    python benchmarks/legibility.py

Renders every screen of the screen gallery on each profile and prints the
smallest capital height (in mm on the panel, from its diagonal) of any font
those screens drew with. Then, for each profile and palette, draws every value of
both colours, connected and not, as on the board, and prints the board's cell, the
smallest value height on the glass, whether every value's ink lies on its own
satellite's fill (nothing touches or crosses it), the ink's smallest margin to the
fill's edge and the lowest contrast of a value with its fill. The tests require
1.4 mm, ink on the fill and a contrast of 3.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "device")]

from board_legibility import read_values  # noqa: E402
from screen_gallery import smallest_cap_mm  # noqa: E402

from device.hardware.profiles import PROFILES  # noqa: E402
from device.look.layout import MIN_CAP_MM  # noqa: E402


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    print(f"smallest capital height on the glass (minimum {MIN_CAP_MM} mm)")
    for name, profile in PROFILES.items():
        with tempfile.TemporaryDirectory() as folder:
            cap = smallest_cap_mm(name, Path(folder))
        print(f"{name:10} {profile.diagonal_in:.1f} in  {cap:.2f} mm")
    print()
    print("satellite values on the board (both colours, values 1-4, connected and not)")
    print("profile    palette       cell     value    ink on fill  margin  contrast")
    for name in PROFILES:
        for colour_blind in (False, True):
            readings = read_values(name, colour_blind)
            palette = "colour-blind" if colour_blind else "normal"
            cell = readings[0].cell_mm
            cap = min(r.cap_mm for r in readings)
            on_fill = "yes" if all(r.ink_on_fill for r in readings) else "NO"
            margin = min(r.margin_px for r in readings)
            contrast = min(r.contrast for r in readings)
            print(
                f"{name:10} {palette:12} {cell:.2f} mm  {cap:.2f} mm  {on_fill:11}"
                f"  {margin:.1f} px  {contrast:.2f}"
            )


if __name__ == "__main__":
    main()
