"""Stand-ins for the kernel's framebuffer and console ioctls, recording what was asked."""

from __future__ import annotations

import struct
from pathlib import Path

from drivers.console import KDSETMODE
from drivers.fbdev import (
    FBIOGET_FSCREENINFO,
    FBIOGET_VSCREENINFO,
    VAR_SCREENINFO,
    FramebufferGeometry,
)

_FIX = struct.Struct("@16sLIIIIHHHILIIHHH0L")


class FakeFbKernel:
    """Answers FBIOGET_* for ``geometry``; every other request is recorded (or refused)."""

    def __init__(self, geometry: FramebufferGeometry, refuse: frozenset[int] = frozenset()) -> None:
        fields = [0] * 40
        fields[0], fields[1] = geometry.width, geometry.height
        fields[2], fields[3] = geometry.width, geometry.height  # virtual size
        fields[6] = geometry.bits_per_pixel
        fields[8], fields[9] = geometry.red
        fields[11], fields[12] = geometry.green
        fields[14], fields[15] = geometry.blue
        self.var = VAR_SCREENINFO.pack(*fields)
        self.fix = _FIX.pack(
            b"panel-mipi-dbi", 0, geometry.length, 0, 0, 2, 1, 1, 0,
            geometry.line_length, 0, 0, 0, 0, 0, 0,
        )  # fmt: skip
        self.refuse = refuse
        self.calls: list[tuple[int, bytes | int]] = []

    def __call__(self, fd: int, request: int, argument: bytes | int) -> bytes | int:
        if request == FBIOGET_VSCREENINFO:
            return self.var
        if request == FBIOGET_FSCREENINFO:
            return self.fix
        if request in self.refuse:
            raise OSError(22, "Invalid argument")
        self.calls.append((request, argument))
        return 0


class FakeTty:
    """A tty stand-in: a file for what is written, a list for the ioctls asked."""

    def __init__(self, path: Path, refuse: bool = False) -> None:
        self.path = path
        self.refuse = refuse
        self.modes: list[int] = []

    def __call__(self, fd: int, request: int, argument: bytes | int) -> bytes | int:
        assert request == KDSETMODE
        if self.refuse:
            raise OSError(1, "Operation not permitted")
        assert isinstance(argument, int)
        self.modes.append(argument)
        return 0

    def written(self) -> bytes:
        return self.path.read_bytes()
