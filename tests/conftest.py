"""Every test runs pygame headless, without its greeting (set before anything imports pygame)."""

import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# The fuzz suite (tests/fuzz) damages the games, records and linked games that the
# engine and link tests' helpers build; the transport tests (tests/drivers) run the
# link's sessions over the link tests' faulty cable; the deploy tests use the
# drivers tests' fake kernel.
sys.path += [str(Path(__file__).parent / folder) for folder in ("engine", "drivers", "device/link")]

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# No time limit on a hypothesis case (its default is 200 ms): speed is measured by
# the benchmarks, and on a busy machine a case of a few milliseconds can take more.
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long",
        action="store_true",
        help="the nightly run: also the long forms of the slow tests (marked long: 1,000 "
        "linked games, 200 kills of the simulator, every balance game replayed, 100,000 "
        "random presses) and the fuzz suite (tests/fuzz) with 100 times more cases",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "long: a long form of a quick default test, run only under --long"
    )
    if config.getoption("--long"):
        os.environ["SATELLITES_FUZZ"] = "long"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without --long, the tests marked long are skipped (each has a quick default form)."""
    if config.getoption("--long"):
        return
    skip = pytest.mark.skip(reason="a long form: runs under --long")
    for item in items:
        if item.get_closest_marker("long") is not None:
            item.add_marker(skip)


@pytest.fixture
def file_in_the_way(tmp_path: Path) -> Path:
    """A file where a folder should be: nothing can be made below it."""
    blocked = tmp_path / "a file"
    blocked.write_text("")
    return blocked


@pytest.fixture
def saves_allowed_in_tmp_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A device whose save folders may lie in this test's folder, as they may in
    /var/lib/satellites on a real one: for the tests of what the game does with its
    folder, not of where the folder may be (tests/deploy/test_sandbox_paths.py)."""
    from deploy import config

    monkeypatch.setattr(config, "SAVE_FOLDERS", (*config.SAVE_FOLDERS, tmp_path))
    return tmp_path
