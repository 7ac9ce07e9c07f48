"""Bundles made to hurt the device that reads them, and a run of the device's checker
that measures what a refusal cost: its peak memory, and whether it wrote anything.

Used by test_bundle_bounds.py (which asserts the bounds) and by
benchmarks/update_refusals.py (which prints the numbers)."""

from __future__ import annotations

import contextlib
import gzip
import io
import os
import subprocess
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path

from deploy.bundle_file import MANIFEST_MAX_BYTES, Listed, Manifest
from deploy.signing import sign

MiB = 1024 * 1024
BOMB_INSIDE = 200 * MiB
HUGE_MANIFEST = 300 * 1000 * 1000


def zeros(size: int) -> io.RawIOBase:
    """``size`` zero bytes, read without holding them."""

    class Zeros(io.RawIOBase):
        left = size

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
            count = min(len(buffer), self.left)
            buffer[:count] = bytes(count)
            self.left -= count
            return count

    return Zeros()


def gzip_bomb(path: Path, inside: int = BOMB_INSIDE) -> Path:
    """About 200 KB holding 200 MiB: a gzipped tar laid out as bundles once were
    (satellites-bundle/wheels/..., SHA256SUMS), which their unpacker wrote out whole."""
    with (
        gzip.open(path, "wb", compresslevel=9) as packed,
        tarfile.open(fileobj=packed, mode="w") as archive,
    ):
        info = tarfile.TarInfo("satellites-bundle/wheels/satellites-9.0.0-py3-none-any.whl")
        info.size = inside
        archive.addfile(info, zeros(inside))
        listing = b"0" * 64 + b"  satellites-bundle/wheels/satellites-9.0.0-py3-none-any.whl\n"
        info = tarfile.TarInfo("satellites-bundle/SHA256SUMS")
        info.size = len(listing)
        archive.addfile(info, io.BytesIO(listing))
    return path


def _header(name: str, size: int) -> bytes:
    info = tarfile.TarInfo(name)
    info.size = size
    return info.tobuf(format=tarfile.USTAR_FORMAT)


def _sparse_tail(path: Path, size: int) -> None:
    """Add a member's ``size`` bytes of content as a hole: claimed, taking no disk."""
    with path.open("r+b") as file:
        file.seek(0, io.SEEK_END)
        file.truncate(file.tell() + size + (-size % 512) + 1024)


def huge_first_member(path: Path, name: str, size: int = HUGE_MANIFEST) -> Path:
    """A bundle whose manifest (or whatever comes first) claims ``size`` bytes."""
    path.write_bytes(_header(name, size))
    _sparse_tail(path, size)
    return path


def huge_signature(path: Path, manifest: bytes, size: int = HUGE_MANIFEST) -> Path:
    path.write_bytes(
        _header("manifest.json", len(manifest)) + manifest + bytes(-len(manifest) % 512)
    )
    with path.open("ab") as file:
        file.write(_header("manifest.sig", size))
    _sparse_tail(path, size)
    return path


def signed_listing_huge(path: Path, private_key: Path, size: int = BOMB_INSIDE) -> Path:
    """A bundle signed by ``private_key`` that lists a game wheel of ``size`` bytes,
    which it holds as a hole."""
    wheel = Listed("wheels/satellites-9.0.0-py3-none-any.whl", size, "0" * 64)
    requirements = Listed("wheels/requirements.txt", 0, "0" * 64)
    manifest = Manifest("9.0.0", (wheel, requirements)).to_json()
    signature = sign(manifest, private_key)
    with path.open("wb") as file:
        for name, data in (("manifest.json", manifest), ("manifest.sig", signature)):
            file.write(_header(name, len(data)) + data + bytes(-len(data) % 512))
        file.write(_header(wheel.name, size))
    _sparse_tail(path, size)
    return path


@dataclass(frozen=True)
class Measured:
    status: int
    stdout: str
    stderr: str
    peak_rss_mib: float
    """The largest resident memory of the checker or any program it ran (OpenSSL,
    the installer), as wait4 gives it."""
    written_mib: float
    """What they had the kernel write to storage (``ru_oublock``; 0 on a RAM file system)."""


MEASURING = """
import os, resource, subprocess, sys
limit, report = int(sys.argv[1]), int(sys.argv[2])
if limit >= 0:
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
status = subprocess.run(sys.argv[3:], check=False).returncode
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
os.write(report, f"{usage.ru_maxrss} {usage.ru_oublock}".encode())
sys.exit(status if status >= 0 else 128 - status)
"""
"""A small Python between the caller and the command, whose children's usage is the
command's alone: a child's peak memory counts the memory of the process it was forked
from, which the caller's (a test run, a benchmark) would dwarf; this one's is about
11 MiB, below any run of the checker."""

FILE_SIZE_LIMIT = MANIFEST_MAX_BYTES
"""No file may grow past what the checker itself holds: the manifest, which it hands
to OpenSSL as a file in memory. Any file of a bundle is larger."""


def measured_run(command: list[str], file_size_limit: int | None = None) -> Measured:
    """Run ``command`` (with a file size limit, if given) and measure it."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    report, report_end = os.pipe()
    limit = -1 if file_size_limit is None else file_size_limit
    try:
        done = subprocess.run(
            [sys.executable, "-I", "-S", "-c", MEASURING, str(limit), str(report_end), *command],
            capture_output=True,
            text=True,
            check=False,
            env=env,
            pass_fds=(report_end,),
        )
        os.close(report_end)
        with os.fdopen(report, "rb") as numbers:
            peak_kib, blocks = map(int, numbers.read().split())
    finally:
        with contextlib.suppress(OSError):
            os.close(report_end)
    return Measured(done.returncode, done.stdout, done.stderr, peak_kib / 1024, blocks * 512 / MiB)
