"""Build script: the pure-Python package always; the engine compiled with mypyc on request.

SATELLITES_MYPYC=1 compiles the game's engine, as the device's wheel carries it (as
black and mypy do, the compiled build is opt-in and the pure-Python build always
works). SATELLITES_MYPYC=lab compiles the balance lab's players with it, for a
checkout's lab and arena (scripts/compiled-engine.sh); the wheel leaves the lab out.
"""

import os
from pathlib import Path

from setuptools import setup

GAME_ENGINE_MODULES = [
    str(path)
    for path in sorted(Path("engine").glob("*.py"))
    if path.name not in {"__main__.py", "cli.py", "arguments.py"}  # command-line glue
] + [
    # The search and what it calls; the thinker (threads), the worker pool and the
    # command-line glue stay interpreted.
    f"engine/ai/{name}.py"
    for name in ("evaluation", "search", "levels", "review")
]
LAB_PLAYER_MODULES = [
    # The lab's own players; the arena (process pool), the lab and its backends stay
    # interpreted.
    f"engine/lab/{name}.py"
    for name in ("budget", "uct", "mcts", "fortress")
]
COMPILED_MODULES = {"1": GAME_ENGINE_MODULES, "lab": GAME_ENGINE_MODULES + LAB_PLAYER_MODULES}
"""What each value of SATELLITES_MYPYC compiles."""


def extension_modules() -> list[object]:
    modules = COMPILED_MODULES.get(os.environ.get("SATELLITES_MYPYC", ""))
    if modules is None:
        return []
    from mypyc.build import mypycify

    return list(mypycify(modules, opt_level="3"))


setup(ext_modules=extension_modules())
