"""The console stays off the game's screen while it runs, and comes back after."""

import os
from pathlib import Path

import pytest
from fake_kernel import FakeTty

from drivers.console import (
    DEFAULT_TTY,
    HIDE_CURSOR,
    KD_GRAPHICS,
    KD_TEXT,
    NO_BLANKING,
    SHOW_CURSOR,
    Console,
    own_console,
)


@pytest.fixture
def tty(tmp_path: Path) -> FakeTty:
    path = tmp_path / "tty0"
    path.touch()
    return FakeTty(path)


def test_the_game_takes_the_console_and_gives_it_back(tty: FakeTty) -> None:
    with Console.open(tty.path, tty) as console:
        assert console.take() is None
        assert tty.modes == [KD_GRAPHICS]
        assert tty.written() == HIDE_CURSOR + NO_BLANKING
    assert tty.modes == [KD_GRAPHICS, KD_TEXT]
    assert tty.written().endswith(SHOW_CURSOR)


def test_an_exception_in_the_game_still_gives_the_console_back(tty: FakeTty) -> None:
    with pytest.raises(RuntimeError), Console.open(tty.path, tty) as console:
        console.take()
        raise RuntimeError("the game crashed")
    assert tty.modes == [KD_GRAPHICS, KD_TEXT]


def test_a_refused_console_is_said_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "tty0"
    path.touch()
    refusing = FakeTty(path, refuse=True)
    console = Console(os.open(path, os.O_RDWR), refusing)
    problem = console.take()
    assert problem is not None and "console" in problem
    console.close()
    assert refusing.modes == []


def test_the_service_uses_its_own_virtual_console_which_its_user_may_open() -> None:
    assert own_console(0, lambda fd: "/dev/tty1") == Path("/dev/tty1")


def test_without_a_virtual_console_of_its_own_the_foreground_one_is_asked_for() -> None:
    def not_a_terminal(fd: int) -> str:
        raise OSError(25, "Inappropriate ioctl for device")

    assert own_console(0, lambda fd: "/dev/pts/3") == DEFAULT_TTY
    assert own_console(0, not_a_terminal) == DEFAULT_TTY
