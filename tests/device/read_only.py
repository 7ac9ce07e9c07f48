"""A save folder that refuses every write, as a data partition remounted read-only does.

Running as root ignores file modes, so the refusal is made in the process:
every call that would create, change or remove something under the folder
raises ``OSError(EROFS)``; reading works.
"""

from __future__ import annotations

import builtins
import errno
import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def make_read_only(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    root = folder.resolve()

    def inside(path: object) -> bool:
        if not isinstance(path, str | bytes | os.PathLike):
            return False
        return Path(os.fsdecode(path)).resolve().is_relative_to(root)

    def refuse(path: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fsdecode(path))  # type: ignore[arg-type]

    def guard(real: Callable[..., Any], *paths: int) -> Callable[..., Any]:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            for index in paths:
                if index < len(args) and inside(args[index]):
                    refuse(args[index])
            return real(*args, **kwargs)

        return guarded

    real_open = builtins.open

    def guarded_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if any(letter in mode for letter in "wax+") and inside(file):
            refuse(file)
        return real_open(file, mode, *args, **kwargs)

    real_os_open = os.open

    def guarded_os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & WRITE_FLAGS and inside(path):
            refuse(path)
        return real_os_open(path, flags, *args, **kwargs)

    real_access = os.access

    def guarded_access(path: Any, mode: int, *args: Any, **kwargs: Any) -> bool:
        if mode & os.W_OK and inside(path):
            return False
        return real_access(path, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded_open)
    monkeypatch.setattr(io, "open", guarded_open)
    monkeypatch.setattr(os, "open", guarded_os_open)
    monkeypatch.setattr(os, "access", guarded_access)
    for name, paths in (("replace", (0, 1)), ("rename", (0, 1)), ("unlink", (0,))):
        monkeypatch.setattr(os, name, guard(getattr(os, name), *paths))
    monkeypatch.setattr(os, "remove", guard(os.remove, 0))
    monkeypatch.setattr(os, "mkdir", guard(os.mkdir, 0))
    monkeypatch.setattr(os, "rmdir", guard(os.rmdir, 0))
