"""The game's wheel, the one deploy/bundle.sh puts in a bundle and the device installs:
the game and nothing of the lab. The balance lab and its players, the virtual Zero 2 W
harness and the colour-vision simulation run from a checkout only."""

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "device", "drivers", "simulator", "deploy")
LEFT_OUT = ("engine/lab/", "deploy/vm/", "tests/", "benchmarks/")


def game_wheel_files(wheel: Path) -> list[str]:
    """Every file in the wheel, by its path inside it."""
    with zipfile.ZipFile(wheel) as archive:
        return [name for name in archive.namelist() if not name.endswith("/")]


@pytest.fixture(scope="module")
def wheel_files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The files of the wheel deploy/wheel.sh builds for bundle.sh, with the build backend
    this interpreter has (no network needed)."""
    out = tmp_path_factory.mktemp("wheels")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    subprocess.run(
        ["bash", str(ROOT / "deploy/wheel.sh"), str(out), "--no-build-isolation", "--no-index"],
        check=True,
        capture_output=True,
        env=env,
        timeout=300,
    )
    (wheel,) = out.glob("satellites-*-py3-none-any.whl")
    return game_wheel_files(wheel)


def test_the_wheel_carries_the_game_and_its_commands(wheel_files: list[str]) -> None:
    for needed in (
        "engine/__main__.py",
        "engine/ai/search.py",
        "engine/ai/commands.py",
        "device/app.py",
        "drivers/input_wait.py",
        "simulator/cli.py",
        "deploy/update.py",
        "deploy/install.sh",
    ):
        assert needed in wheel_files, needed


def test_the_wheel_leaves_the_lab_and_the_virtual_pi_out(wheel_files: list[str]) -> None:
    carried = [name for name in wheel_files if name.startswith(LEFT_OUT)]
    assert carried == []
    assert not [name for name in wheel_files if "colour_vision" in name]
    # nor moved back beside the game's players
    game = {path.name for package in PACKAGES for path in (ROOT / package).rglob("*.py")
            if "lab" not in path.parts}  # fmt: skip
    lab_only = {path.name for path in (ROOT / "engine/lab").glob("*.py")} - game
    assert lab_only and not [name for name in wheel_files if Path(name).name in lab_only]


def test_each_package_says_it_is_typed_and_the_licence_comes_along(wheel_files: list[str]) -> None:
    for package in PACKAGES:
        assert f"{package}/py.typed" in wheel_files, package
    licences = [name for name in wheel_files if name.endswith(".dist-info/licenses/LICENSE")]
    assert len(licences) == 1, wheel_files
