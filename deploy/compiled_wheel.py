"""The game's pure wheel with an engine compiled elsewhere: one wheel for one Python and machine.

``scripts/pi-vm engine`` compiles the engine for the Pi in an arm64 root and keeps
only the extension modules, laid out as in a wheel, with ``TAG`` (the wheel tag of
the Python that built them) and ``SOURCES`` (the sha256 of each source they were
compiled from). This adds them to the pure wheel built from the same sources,
re-tagged for that Python (``Root-Is-Purelib: false``, a new ``RECORD``), as
``SATELLITES_MYPYC=1 pip wheel`` on the device would have made it. The engine's
Python files stay beside their modules, as in any mypyc wheel: Python imports the
extension module first.

    python3 -m deploy.compiled_wheel PURE.whl COMPILED_DIR --out-dir DIR
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import re
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path

TAG_FILE = "TAG"
SOURCES_FILE = "SOURCES"
NOT_PACKAGED = frozenset({TAG_FILE, SOURCES_FILE, "complete"})
"""The compiled folder's own bookkeeping, which does not go into the wheel."""
BUILD_INPUTS = frozenset({"setup.py"})
"""Sources the compiled modules depend on that the wheel does not hold."""
PURE_SUFFIX = "-py3-none-any.whl"
TAG_PATTERN = re.compile(r"cp\d+-cp\d+-[a-z0-9_]+")


class WheelError(Exception):
    """The wheel cannot be made; the message says why."""


def record_hash(data: bytes) -> str:
    """A file's hash as a wheel's RECORD gives it (PEP 376, PEP 427)."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"sha256={digest.decode('ascii')}"


def record(files: Iterable[tuple[str, bytes]], record_name: str) -> bytes:
    lines = [f"{name},{record_hash(data)},{len(data)}" for name, data in files]
    return ("\n".join([*lines, f"{record_name},,"]) + "\n").encode()


def platform_wheel_metadata(pure: str, tag: str) -> str:
    """The pure wheel's WHEEL file for a wheel with extension modules of this tag."""
    kept = [
        line
        for line in pure.splitlines()
        if line and not line.startswith(("Root-Is-Purelib:", "Tag:"))
    ]
    return "\n".join([*kept, "Root-Is-Purelib: false", f"Tag: {tag}"]) + "\n"


def read_tag(compiled: Path) -> str:
    try:
        tag = (compiled / TAG_FILE).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError) as error:
        raise WheelError(f"{compiled} is not a compiled engine (no {TAG_FILE}: {error})") from error
    if not TAG_PATTERN.fullmatch(tag):
        raise WheelError(f"{compiled / TAG_FILE}: {tag!r} is not a CPython wheel tag")
    return tag


def read_sources(compiled: Path) -> dict[str, str]:
    """The sha256 of each source the modules were compiled from, by path."""
    try:
        lines = (compiled / SOURCES_FILE).read_text(encoding="ascii").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise WheelError(f"{compiled} lists no sources ({error})") from error
    sources: dict[str, str] = {}
    for line in lines:
        sha, _, name = line.partition("  ")
        if not name or not re.fullmatch(r"[0-9a-f]{64}", sha):
            raise WheelError(f"{compiled / SOURCES_FILE}: not a sha256 list: {line!r}")
        sources[name] = sha
    return sources


def extensions(compiled: Path) -> list[tuple[str, bytes]]:
    found = [
        (path.relative_to(compiled).as_posix(), path.read_bytes())
        for path in sorted(compiled.rglob("*"))
        if path.is_file() and path.relative_to(compiled).as_posix() not in NOT_PACKAGED
    ]
    if not any(name.endswith(".so") for name, _ in found):
        raise WheelError(f"{compiled} holds no extension module (*.so)")
    return found


def check_same_sources(wheel: dict[str, bytes], sources: dict[str, str], compiled: Path) -> None:
    """The modules were compiled from exactly the engine this wheel holds."""
    compiled_from = {name: sha for name, sha in sources.items() if name not in BUILD_INPUTS}
    packages = {name.split("/")[0] for name in compiled_from}
    held = {
        name: hashlib.sha256(data).hexdigest()
        for name, data in wheel.items()
        if name.split("/")[0] in packages and name.endswith(".py")
    }
    differing = sorted(set(held.items()) ^ set(compiled_from.items()))
    if differing:
        names = ", ".join(sorted({name for name, _ in differing})[:3])
        raise WheelError(
            f"{compiled} was compiled from other sources than the wheel holds ({names}): "
            "compile it again (scripts/pi-vm engine)"
        )


def compiled_wheel(pure: Path, compiled: Path, out_dir: Path) -> Path:
    """Write the compiled wheel into ``out_dir``; its path."""
    if not pure.name.endswith(PURE_SUFFIX):
        raise WheelError(f"{pure.name} is not a pure wheel (*{PURE_SUFFIX})")
    tag = read_tag(compiled)
    try:
        with zipfile.ZipFile(pure) as archive:
            contents = {info.filename: archive.read(info) for info in archive.infolist()}
    except (OSError, zipfile.BadZipFile) as error:
        raise WheelError(f"{pure} cannot be read as a wheel: {error}") from error
    check_same_sources(contents, read_sources(compiled), compiled)
    dist_info = pure.name.removesuffix(PURE_SUFFIX) + ".dist-info"
    wheel_file, record_file = f"{dist_info}/WHEEL", f"{dist_info}/RECORD"
    if wheel_file not in contents:
        raise WheelError(f"{pure} has no {wheel_file}")
    kept = [
        (name, data) for name, data in contents.items() if name not in (wheel_file, record_file)
    ]
    metadata = platform_wheel_metadata(contents[wheel_file].decode(), tag).encode()
    files = [*kept, *extensions(compiled), (wheel_file, metadata)]
    out = out_dir / pure.name.replace(PURE_SUFFIX, f"-{tag}.whl")
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files:
            archive.writestr(name, data)
        archive.writestr(record_file, record(files, record_file))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m deploy.compiled_wheel",
        description="Add an engine compiled by scripts/pi-vm engine to the game's pure wheel: "
        "a wheel for that Python and machine, written beside the others.",
    )
    parser.add_argument("pure", type=Path, help=f"the game's pure wheel (*{PURE_SUFFIX})")
    parser.add_argument("compiled", type=Path, help="the folder scripts/pi-vm engine printed")
    parser.add_argument("--out-dir", type=Path, required=True, help="where to write the wheel")
    args = parser.parse_args(argv)
    try:
        print(compiled_wheel(args.pure, args.compiled, args.out_dir))
    except WheelError as error:
        print(f"compiled_wheel: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
