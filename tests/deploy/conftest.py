"""Fixtures of the deploy tests."""

from pathlib import Path

import pytest

from deploy import config


@pytest.fixture
def saves_allowed_in_tmp_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A machine whose save folders may lie in this test's folder, as they may in
    /var/lib/satellites on a device: for the tests of what the game does with the
    folder, not of where it may be (test_sandbox_paths.py)."""
    monkeypatch.setattr(config, "SAVE_FOLDERS", (*config.SAVE_FOLDERS, tmp_path))
    return tmp_path
