"""The test suite runs twice: on the pure-Python engine and on the mypyc build."""

import os

import engine


def test_the_engine_build_under_test_is_the_one_expected() -> None:
    expect_compiled = os.environ.get("SATELLITES_EXPECT_COMPILED") == "1"
    assert engine.is_compiled() is expect_compiled
