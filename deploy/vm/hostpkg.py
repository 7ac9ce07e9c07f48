"""The host's programs pi-vm runs: installed with apt-get where they are missing.

Where apt-get cannot run (not root, not Debian), the message names the
packages to install by hand.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Mapping


class MissingTools(Exception):
    """Programs are missing and could not be installed; the message names them."""


def missing_packages(
    commands: Mapping[str, str], which: Callable[[str], str | None] = shutil.which
) -> list[str]:
    """The Debian packages of the commands not found on PATH, each once, in order."""
    missing: list[str] = []
    for command, package in commands.items():
        found = which(command) or which(f"/usr/sbin/{command}")
        if found is None and package not in missing:
            missing.append(package)
    return missing


def require_commands(commands: Mapping[str, str]) -> None:
    """Install the packages of missing commands with apt-get, or say what is missing."""
    missing = missing_packages(commands)
    if not missing:
        return
    names = " ".join(missing)
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise MissingTools(
            f"missing host packages: {names} (install them: apt-get install {names})"
        )
    print(f"==> host packages: apt-get install {names}", flush=True)
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", *missing]):
        if subprocess.run(command, env=environment, check=False).returncode != 0:
            raise MissingTools(f"apt-get could not install: {names}")
    still = missing_packages(commands)
    if still:
        raise MissingTools(f"still missing after apt-get: {' '.join(still)}")
