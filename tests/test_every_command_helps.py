"""Every command of the project answers ``--help``: its usage on stdout, exit status 0,
and nothing done. The commands are found, not listed, so a new one is held to it too:
the Python programs (a package's ``__main__.py``, a module run as ``__main__``), the
benchmarks, and the executable scripts of ``scripts/`` and ``deploy/``."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "ports", "device", "drivers", "simulator", "deploy")
MAIN_GUARD = 'if __name__ == "__main__":'


def python_programs() -> list[tuple[str, ...]]:
    programs = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.name == "__main__.py":
                programs.append(("-m", ".".join(path.relative_to(ROOT).parent.parts)))
            elif MAIN_GUARD in path.read_text(encoding="utf-8"):
                programs.append(("-m", ".".join(path.relative_to(ROOT).with_suffix("").parts)))
    benchmarks = sorted((ROOT / "benchmarks").glob("*.py"))
    return programs + [(str(path.relative_to(ROOT)),) for path in benchmarks]


def scripts() -> list[str]:
    found = [*(ROOT / "scripts").iterdir(), *(ROOT / "deploy").iterdir()]
    return sorted(str(p.relative_to(ROOT)) for p in found if p.is_file() and os.access(p, os.X_OK))


def ask_for_help(command: list[str]) -> subprocess.CompletedProcess[str]:
    # Pure engine: scripts/play and scripts/engine would otherwise build the compiled one.
    env = {**os.environ, "SATELLITES_PURE": "1"}
    return subprocess.run(
        [*command, "--help"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )


def test_the_commands_are_found() -> None:
    assert ("-m", "engine") in python_programs() and ("-m", "simulator") in python_programs()
    assert {"scripts/play", "scripts/test", "deploy/install.sh"} <= set(scripts())


@pytest.mark.parametrize("program", python_programs(), ids=" ".join)
def test_every_python_program_explains_itself(program: tuple[str, ...]) -> None:
    done = ask_for_help([sys.executable, *program])
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout.startswith("usage: ")


@pytest.mark.parametrize("script", scripts())
def test_every_script_explains_itself_and_does_nothing(script: str) -> None:
    done = ask_for_help([str(ROOT / script)])
    assert done.returncode == 0, done.stderr
    assert Path(script).name in done.stdout or "usage: " in done.stdout


def test_the_engine_script_lists_the_commands_without_setting_anything_up(tmp_path: Path) -> None:
    for folder in ("scripts", "engine"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("*.so"))
    done = subprocess.run(
        [str(tmp_path / "scripts" / "engine"), "--help"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "arena A B" in done.stdout and "lab [--games N]" in done.stdout
    assert not (tmp_path / ".venv").exists(), "no virtual environment made to answer --help"
