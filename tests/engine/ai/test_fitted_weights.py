"""The evaluation's weights are the ones the fitting script finds in the recorded
games (benchmarks/fit_evaluation.py): the engine ships its numbers, and running
the script again gives them back."""

import subprocess
import sys
from pathlib import Path

import pytest

from engine.ai.evaluation import TERM_NAMES, WEIGHTS

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.long
def test_the_fitting_script_reproduces_the_engines_weights() -> None:
    report = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "fit_evaluation.py")],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    fitted = {}
    for line in report.splitlines():
        for name in TERM_NAMES:
            if line.startswith(name + " "):
                fitted[name] = int(line[len(name) :].split()[1])
    assert fitted == dict(zip(TERM_NAMES, WEIGHTS, strict=True))
