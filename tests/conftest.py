"""Every test runs pygame headless, without its greeting (set before anything imports pygame)."""

import os
import sys
from pathlib import Path

import pytest

# The fuzz suite (tests/fuzz) damages the games, records and linked games that the
# engine and driver tests' helpers build.
sys.path += [str(Path(__file__).parent / folder) for folder in ("engine", "drivers")]

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long",
        action="store_true",
        help="the nightly run: the fuzz suite (tests/fuzz) with 100 times more cases, "
        "200 kills of the simulator (tests/simulator/test_crash_kills.py)",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--long"):
        os.environ["SATELLITES_FUZZ"] = "long"
        os.environ.setdefault("SATELLITES_CRASH_RUNS", "200")


@pytest.fixture
def file_in_the_way(tmp_path: Path) -> Path:
    """A file where a folder should be: nothing can be made below it."""
    blocked = tmp_path / "a file"
    blocked.write_text("")
    return blocked
