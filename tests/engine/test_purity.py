"""The engine runs on the standard library alone, as the device and the compiled
build need: importing any of it loads nothing else, and the one import the
import contracts cannot see (a module named in a string) is the balance lab's
optional Ray backend, loaded only when asked for."""

import ast
import json
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).parents[2] / "engine"
DYNAMIC_IMPORTS_ALLOWED = {("lab/backends.py", "ray")}
"""(file under engine/, module): the lab's cluster backend, imported on request."""


def engine_modules() -> list[str]:
    names = []
    for path in sorted(ENGINE.rglob("*.py")):
        parts = path.relative_to(ENGINE.parent).with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_importing_the_whole_engine_loads_only_the_standard_library() -> None:
    program = (
        "import importlib, json, sys\n"
        f"for name in {engine_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    loaded = json.loads(
        subprocess.run(
            [sys.executable, "-c", program],
            cwd=ENGINE.parent,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    foreign = [
        name
        for name in loaded
        if name not in sys.stdlib_module_names and name != "engine" and not name.startswith("_")
    ]
    assert foreign == [], f"the engine loads {foreign}"


def dynamic_imports(path: Path) -> list[str | None]:
    """Modules a file imports by name at run time (None: a name not written in the file)."""
    found: list[str | None] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call):
            continue
        function = node.func
        called = function.attr if isinstance(function, ast.Attribute) else None
        if isinstance(function, ast.Name):
            called = function.id
        if called not in {"import_module", "__import__"}:
            continue
        target = node.args[0] if node.args else None
        if isinstance(target, ast.Constant) and isinstance(target.value, str):
            found.append(target.value)
        else:
            found.append(None)
    return found


def test_the_only_import_by_name_is_the_labs_ray_backend() -> None:
    seen = {
        (path.relative_to(ENGINE).as_posix(), module)
        for path in ENGINE.rglob("*.py")
        for module in dynamic_imports(path)
    }
    assert seen <= DYNAMIC_IMPORTS_ALLOWED, seen - DYNAMIC_IMPORTS_ALLOWED


def test_the_import_scan_sees_a_hidden_import(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("import importlib\nPYGAME = importlib.import_module('pygame')\n")
    assert dynamic_imports(sneaky) == ["pygame"]
