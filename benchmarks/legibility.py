"""How tall the smallest letters are on each device's glass.

    python benchmarks/legibility.py

Renders every screen of the screen gallery on each profile and prints the
smallest capital height (in mm on the panel, from its diagonal) of any font
those screens drew with. The tests require at least 1.4 mm.
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

from screen_gallery import smallest_cap_mm  # noqa: E402

from device.layout import MIN_CAP_MM  # noqa: E402
from device.profiles import PROFILES  # noqa: E402


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    print(f"smallest capital height on the glass (minimum {MIN_CAP_MM} mm)")
    for name, profile in PROFILES.items():
        with tempfile.TemporaryDirectory() as folder:
            cap = smallest_cap_mm(name, Path(folder))
        print(f"{name:10} {profile.diagonal_in:.1f} in  {cap:.2f} mm")


if __name__ == "__main__":
    main()
