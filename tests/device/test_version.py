"""One version, pyproject.toml's: a release's plain numbers with its CHANGELOG.md
entry, installed as the package's metadata, which the About screen shows."""

import re
import tomllib
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_driver import Driver

from device.look.ui import Ui
from device.screens.about_screen import AboutScreen
from device.version import installed_version, release

ROOT = Path(__file__).resolve().parents[2]


def pyproject_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as file:
        version: str = tomllib.load(file)["project"]["version"]
    return version


def test_the_version_is_a_release_whose_entry_tops_the_changelog() -> None:
    version = pyproject_version()
    assert release(version) is not None, f"{version}: plain numbers such as 0.2.0"
    entries = re.findall(r"^## ([0-9][0-9.]*)$", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert entries[0] == version, "each release's entry, newest first"
    numbers = [number for number in map(release, entries) if number is not None]
    assert len(numbers) == len(entries), "each a release"
    assert numbers == sorted(numbers, reverse=True) and len(set(numbers)) == len(numbers)


@pytest.mark.parametrize(
    ("older", "newer"), [("0.1.0", "0.2.0"), ("0.9.0", "0.10.0"), ("1.2", "1.2.1")]
)
def test_releases_are_compared_by_their_numbers(older: str, newer: str) -> None:
    assert release(older) < release(newer)  # type: ignore[operator]


@pytest.mark.parametrize("text", ["0.2.0rc1", "v0.2.0", "0.02.0", "1", "", "0.2.0.dev1"])
def test_anything_but_a_release_is_not_one(text: str) -> None:
    assert release(text) is None


def test_the_about_screen_shows_the_installed_version_which_is_pyprojects(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert installed_version() == pyproject_version()
    drawn: list[str] = []
    draw_lines = Ui.draw_lines

    def record(
        self: Ui, surface: pygame.Surface, lines: list[str], *args: Any, **kwargs: Any
    ) -> int:
        drawn.extend(lines)
        return draw_lines(self, surface, lines, *args, **kwargs)

    monkeypatch.setattr(Ui, "draw_lines", record)
    app = Driver("hatmini", tmp_path).app
    AboutScreen(app).draw(pygame.Surface(app.ui.profile.size))
    assert f"Version {pyproject_version()}" in drawn
