"""Build script: the pure-Python package always; the engine compiled with mypyc on request.

Set SATELLITES_MYPYC=1 to compile the engine (as black and mypy do, the compiled
build is opt-in and the pure-Python build always works).
"""

import os
from pathlib import Path

from setuptools import setup

COMPILED_ENGINE_MODULES = [
    str(path)
    for path in sorted(Path("engine").glob("*.py"))
    if path.name not in {"__main__.py", "cli.py", "arguments.py"}  # command-line glue
] + [
    # The search and what it calls; the thinker (threads), the arena (process
    # pool) and the command-line glue stay interpreted.
    f"engine/ai/{name}.py"
    for name in ("evaluation", "search", "levels", "budget", "uct", "mcts", "fortress", "review")
]


def extension_modules() -> list[object]:
    if os.environ.get("SATELLITES_MYPYC") != "1":
        return []
    from mypyc.build import mypycify

    return list(mypycify(COMPILED_ENGINE_MODULES, opt_level="3"))


setup(ext_modules=extension_modules())
