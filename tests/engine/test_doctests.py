"""The examples in the notation's and the records' docstrings hold.

The examples are read from the docstrings in the modules' source and run against
the modules as imported, so they hold for the compiled engine too (whose
functions keep no docstrings for ``doctest.testmod`` to find)."""

import ast
import doctest
from pathlib import Path
from types import ModuleType

import pytest

from engine import notation, record


def docstrings(source: str) -> list[tuple[str, int]]:
    """Each docstring of the module, its classes and functions, with its line."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
            text = ast.get_docstring(node, clean=False)
            if text is not None:
                found.append((text, node.body[0].lineno))
    return found


@pytest.mark.parametrize("module", [notation, record], ids=lambda module: module.__name__)
def test_the_examples_in_the_docstrings_hold(module: ModuleType) -> None:
    assert module.__file__ is not None
    source = Path(module.__file__).with_name(module.__name__.rsplit(".", 1)[-1] + ".py")
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner()
    for text, line in docstrings(source.read_text(encoding="utf-8")):
        examples = parser.get_doctest(text, dict(vars(module)), module.__name__, str(source), line)
        runner.run(examples)
    assert runner.tries > 0, f"no examples in {source.name}"
    assert runner.failures == 0
