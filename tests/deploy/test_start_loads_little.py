"""The title comes up without loading what only a game against the computer (or the
About page) needs: on a Zero 2 W each of these costs a few tenths of a second at start."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOT_AT_THE_TITLE = (
    "engine.ai.thinker",
    "engine.ai.parallel",
    "multiprocessing",
    "importlib.metadata",
)

SHOW_THE_TITLE = """
import sys
from simulator.cli import main
main(sys.argv[1:])
print(" ".join(name for name in {names!r} if name in sys.modules))
"""


def test_the_title_needs_neither_the_search_pool_nor_package_metadata(tmp_path: Path) -> None:
    script = tmp_path / "title.script"
    script.write_text("shot title\n")
    shown = subprocess.run(
        [sys.executable, "-c", SHOW_THE_TITLE.format(names=NOT_AT_THE_TITLE),
         "--headless", "--mute", "--script", str(script), "--out", str(tmp_path / "out"),
         "--save-dir", str(tmp_path / "saves")],
        cwd=ROOT, capture_output=True, text=True, check=True,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )  # fmt: skip
    assert (tmp_path / "out" / "title.png").is_file()
    assert shown.stdout.splitlines()[-1] == ""


NOT_IN_THE_APPLIANCE_START = (
    "deploy.checks",
    "deploy.game_only",
    "serial",
    "drivers.serial_buttons.reader",
)

LOAD_THE_SESSION = """
import sys
import deploy.session
print(" ".join(name for name in {names!r} if name in sys.modules))
"""


def test_the_appliance_loads_neither_the_doctor_nor_the_serial_buttons_unasked() -> None:
    """The doctor's checks and the serial button controller's reader (pyserial) are
    loaded by the launcher only when they are used: a controller configured, a check run."""
    loaded = subprocess.run(
        [sys.executable, "-c", LOAD_THE_SESSION.format(names=NOT_IN_THE_APPLIANCE_START)],
        cwd=ROOT, capture_output=True, text=True, check=True,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )  # fmt: skip
    assert loaded.stdout.splitlines()[-1] == ""
