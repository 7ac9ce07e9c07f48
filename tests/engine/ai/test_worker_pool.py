"""The worker pool: started by the first search, engine only, sized to the memory."""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.ai import parallel
from engine.ai.parallel import default_workers, memory_mb
from engine.ai.thinker import BackgroundSearch
from engine.start import starting_position

ZERO_2_W = "MemTotal:         439112 kB\nMemFree:          301220 kB\n"
PI_4 = "MemTotal:        3884332 kB\n"


def meminfo(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "meminfo"
    path.write_text(text)
    return path


def test_the_pool_follows_the_memory(tmp_path: Path) -> None:
    assert memory_mb(meminfo(tmp_path, ZERO_2_W)) == 428
    assert default_workers(4, meminfo(tmp_path, ZERO_2_W)) == 2
    assert default_workers(4, meminfo(tmp_path, PI_4)) == 4
    assert default_workers(2, meminfo(tmp_path, PI_4)) == 1
    assert default_workers(4, tmp_path / "no-meminfo") == 4
    assert default_workers(4, meminfo(tmp_path, "MemTotal: lots\n")) == 4


def test_no_worker_starts_before_the_computer_first_thinks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(parallel, "_pools", {})
    thinker = BackgroundSearch(workers=2)
    assert parallel._pools == {}, "a new thinker started processes"
    thinker.start(starting_position(5), 1, seed=1)
    thinker.cancel()


LAUNCHER = """
import pygame  # the app's launcher has these loaded when the computer first thinks
import device.app
from engine.ai.parallel import start_workers

if __name__ == "__main__":
    pool, _ = start_workers(2)
    loaded = pool.submit(eval, "sorted(__import__('sys').modules)").result()
    print(" ".join(sorted({name.partition(".")[0] for name in loaded})))
"""


def test_a_worker_holds_the_engine_and_not_the_app(tmp_path: Path) -> None:
    script = tmp_path / "launcher.py"
    script.write_text(textwrap.dedent(LAUNCHER))
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=root,
        env={"PYTHONPATH": str(root), "SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"},
        check=True,
    )
    packages = set(done.stdout.split())
    assert "engine" in packages
    assert not packages & {"pygame", "device", "drivers", "deploy", "simulator"}, packages
