"""The compiled engine's caches: the build root follows its own recipe, the compiled
modules the engine's sources and setup.py, and nothing else."""

from pathlib import Path

import pytest

from deploy.vm.builder import STAMP, engine_build, engine_sources
from deploy.vm.recipe import Suite, needs_build


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for name, text in {
        "setup.py": "setup()\n",
        "engine/__init__.py": "",
        "engine/ai/search.py": "DEPTH = 3\n",
        "engine/lab/arena.py": "GAMES = 10\n",
        "pyproject.toml": '[tool.setuptools.packages.find]\nexclude = ["engine.lab"]\n',
        "device/app.py": "APP = 1\n",
    }.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path


def keys(tree: Path, suite: Suite = Suite.BOOKWORM, mypy: str = "1.18.2") -> tuple[str, str]:
    build = engine_build(suite, mypy, tree / "cache", tree)
    return build.root_folder.name, build.folder.name


@pytest.mark.parametrize("changed", ["engine/ai/search.py", "setup.py"])
def test_a_change_of_the_engine_or_setup_compiles_again_in_the_same_root(
    tree: Path, changed: str
) -> None:
    root, compiled = keys(tree)
    (tree / changed).write_text("# changed\n")
    after = keys(tree)
    assert after[0] == root, "the build root is kept"
    assert after[1] != compiled


def test_a_change_elsewhere_in_the_game_compiles_nothing_again(tree: Path) -> None:
    before = keys(tree)
    (tree / "device/app.py").write_text("APP = 2\n")
    (tree / "device/menu.py").write_text("MENU = 1\n")
    assert keys(tree) == before


def test_the_balance_lab_the_wheel_leaves_out_is_not_compiled(tree: Path) -> None:
    before = keys(tree)
    (tree / "engine/lab/arena.py").write_text("GAMES = 20\n")
    assert keys(tree) == before
    assert Path("engine/lab/arena.py") not in engine_sources(tree)
    assert Path("engine/ai/search.py") in engine_sources(tree)


def test_each_suite_and_mypy_has_its_own_root_and_modules(tree: Path) -> None:
    bookworm = keys(tree)
    trixie = keys(tree, Suite.TRIXIE)
    newer_mypy = keys(tree, mypy="1.19.0")
    assert bookworm[0].startswith("build-bookworm-") and bookworm[1].startswith("engine-bookworm-")
    assert trixie[0].startswith("build-trixie-") and trixie[1].startswith("engine-trixie-")
    assert len({bookworm[0], trixie[0], newer_mypy[0]}) == 3
    assert len({bookworm[1], trixie[1], newer_mypy[1]}) == 3


def test_a_compiled_engine_is_built_again_only_when_unfinished_or_asked(tree: Path) -> None:
    build = engine_build(Suite.BOOKWORM, "1.18.2", tree / "cache", tree)
    assert needs_build(build)
    build.folder.mkdir(parents=True)
    (build.folder / STAMP).write_text("built\n")
    assert not needs_build(build)
    assert needs_build(build, force=True)
