"""The game's version: the one pyproject.toml gives the package, as installed.

A release's version is plain numbers (``0.2.0``) that only grow from one release
to the next: a device refuses an update bundle that is not newer than what it has.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

PACKAGE = "satellites"
RELEASE = re.compile(r"(0|[1-9][0-9]{0,5})(\.(0|[1-9][0-9]{0,5})){1,3}")
"""A release's version: two to four numbers without leading zeros, such as 0.2.0."""

Release = tuple[int, ...]


def installed_version(search_path: Sequence[str] | None = None) -> str | None:
    """The installed game's version (None when it is not installed), as pip recorded
    it; ``search_path`` looks in those folders instead of this interpreter's path.
    importlib.metadata is loaded only here: the title does not need it."""
    from importlib import metadata

    if search_path is None:
        try:
            return metadata.version(PACKAGE)
        except metadata.PackageNotFoundError:
            return None
    found = metadata.distributions(name=PACKAGE, path=list(search_path))
    return next((distribution.version for distribution in found), None)


def release(version: str) -> Release | None:
    """The numbers of a release's version, to compare (0.2 and 0.2.0 are the same
    release); None if it is not one."""
    if not RELEASE.fullmatch(version):
        return None
    numbers = [int(number) for number in version.split(".")]
    while len(numbers) > 1 and numbers[-1] == 0:
        numbers.pop()
    return tuple(numbers)
