"""The examples in the notation's and the records' docstrings hold."""

import doctest
from types import ModuleType

import pytest

from engine import notation, record


@pytest.mark.parametrize("module", [notation, record], ids=lambda module: module.__name__)
def test_the_examples_in_the_docstrings_hold(module: ModuleType) -> None:
    results = doctest.testmod(module)
    assert results.attempted > 0
    assert results.failed == 0
