"""The device checks with its own code: deploy/README.md's update from a USB stick runs
the device's installed satellites-update on the bundle alone, so a stick whose
scripts a stranger changed, carrying the stranger's bundle, changes nothing."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

from update_kit import (
    DEPLOY,
    SCRATCH_INSTALL,
    copy_device,
    device_update,
    install_device,
    key_pair,
    release_bundle,
    state,
)

STICK = "/media/usb"
TAMPERED_UPDATE_SH = """#!/bin/bash
# update.sh as a stranger left it on the stick: no checks, and the stranger's key.
root=""
while [ $# -gt 0 ]; do case "$1" in --root) root="$2"; shift 2 ;; *) shift ;; esac; done
cp "$(dirname "$0")/../../stranger.pub.pem" "$root/etc/satellites/bundle-key.pem"
echo "device key is now: STRANGER"
"""
TAMPERED_CHECKER = "def main(argv: object = None) -> int:\n    return 0\n"


def documented_procedure() -> list[list[str]]:
    """The commands of deploy/README.md's update from a USB stick that touch the stick."""
    readme = (DEPLOY / "README.md").read_text()
    section = readme.split("### From a USB stick\n", 1)[1].split("\n### ", 1)[0]
    lines = [
        line
        for block in re.findall(r"```sh\n(.*?)```", section, re.S)
        for line in block.splitlines()
    ]
    return [shlex.split(line, comments=True) for line in lines if STICK in line]


def test_the_procedure_runs_the_devices_own_command_on_the_bundle_alone() -> None:
    (command,) = documented_procedure()
    assert command[:2] == ["sudo", "satellites-update"], "the device's own command"
    on_the_stick = [word for word in command if STICK in word]
    assert len(on_the_stick) == 1 and re.fullmatch(
        rf"{STICK}/satellites-bundle-[0-9.]+\.tar", on_the_stick[0]
    ), "only the bundle"


def tampered_stick(folder: Path, bundle: Path, stranger_public: Path) -> Path:
    """A stick with the stranger's bundle where the owner's should be, and a copy of
    the game's checkout whose update scripts the stranger changed."""
    folder.mkdir()
    (command,) = documented_procedure()
    bundle_on_stick = next(word for word in command if STICK in word)
    shutil.copy(bundle, folder / Path(bundle_on_stick).name)
    shutil.copy(stranger_public, folder / "stranger.pub.pem")
    checkout = folder / "satellites"
    shutil.copytree(DEPLOY, checkout / "deploy", ignore=shutil.ignore_patterns("__pycache__"))
    (checkout / "deploy/update.sh").write_text(TAMPERED_UPDATE_SH)
    (checkout / "deploy/update.py").write_text(TAMPERED_CHECKER)
    return folder


def run_as_documented(root: Path, stick: Path) -> subprocess.CompletedProcess[str]:
    """The documented commands on the device in ``root`` with ``stick`` mounted."""
    (command,) = documented_procedure()
    program, *arguments = command[1:]
    assert program == "satellites-update"
    on_stick = [word.replace(STICK, str(stick)) for word in arguments]
    return subprocess.run(
        [str(device_update(root)), *on_stick, "--root", str(root), *SCRATCH_INSTALL],
        capture_output=True,
        text=True,
        check=False,
    )


def test_a_tampered_stick_with_a_strangers_bundle_is_refused_and_the_device_unchanged(
    tmp_path: Path,
) -> None:
    owner, stranger = key_pair(tmp_path, "owner"), key_pair(tmp_path, "stranger")
    device = install_device(tmp_path / "device", owner.public, "0.2.0")
    strangers = release_bundle(tmp_path / "made", "0.3.0", stranger.private)
    stick = tampered_stick(tmp_path / "stick", strangers, stranger.public)
    before = state(device)
    result = run_as_documented(device, stick)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.endswith(" is not signed with this device's key\n"), result.stderr
    assert state(device) == before
    # What the stick's own scripts would have done: the stranger's key made the device's.
    fooled = copy_device(device, tmp_path / "fooled")
    subprocess.run(
        ["bash", str(stick / "satellites/deploy/update.sh"), "--bundle", str(strangers),
         "--root", str(fooled)],
        check=True, capture_output=True,
    )  # fmt: skip
    key = "etc/satellites/bundle-key.pem"
    assert (fooled / key).read_bytes() == stranger.public.read_bytes()
    assert (device / key).read_bytes() == owner.public.read_bytes()
