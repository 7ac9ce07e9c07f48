"""The kmsdrm preflight: clear advice instead of a screen that ignores every key."""

import os
from pathlib import Path

import pytest

from drivers.preflight import PreflightError, System, kmsdrm_problems, require_kmsdrm


def make_dev(root: Path, cards: bool = True, events: bool = True) -> Path:
    (root / "dri").mkdir(parents=True)
    (root / "input").mkdir()
    if cards:
        (root / "dri" / "card0").touch()
    if events:
        (root / "input" / "event0").touch()
    return root


def system(dev: Path, groups: set[str], allowed: set[str]) -> System:
    return System(
        dev=dev,
        user_groups=lambda: groups,
        can_access=lambda path, mode: path.name in allowed,
    )


def test_a_well_set_up_device_passes(tmp_path: Path) -> None:
    dev = make_dev(tmp_path)
    require_kmsdrm(system(dev, {"video", "input"}, {"card0", "event0"}))


def test_missing_input_group_is_named_with_the_command_that_fixes_it(tmp_path: Path) -> None:
    dev = make_dev(tmp_path)
    problems = kmsdrm_problems(system(dev, {"video"}, {"card0"}))
    assert problems == [
        f"This user cannot read {dev}/input/event0: run `sudo usermod -aG input $USER`, "
        "then log out and back in."
    ]


def test_a_group_added_but_not_yet_active_says_log_in_again(tmp_path: Path) -> None:
    dev = make_dev(tmp_path)
    problems = kmsdrm_problems(system(dev, {"video", "input"}, {"event0"}))
    assert len(problems) == 1 and "video group" in problems[0] and "log out" in problems[0]


def test_no_display_and_no_input_device_both_reported(tmp_path: Path) -> None:
    dev = make_dev(tmp_path, cards=False, events=False)
    with pytest.raises(PreflightError) as raised:
        require_kmsdrm(system(dev, set(), set()))
    message = str(raised.value)
    assert "No display device" in message and "No input device" in message


def test_the_real_access_check_is_used_by_default(tmp_path: Path) -> None:
    dev = make_dev(tmp_path)
    (dev / "input" / "event0").chmod(0)
    problems = kmsdrm_problems(System(dev=dev, user_groups=lambda: set()))
    if os.geteuid() == 0:
        assert problems == [], "root reads everything"
    else:
        assert len(problems) == 1 and "input" in problems[0]
