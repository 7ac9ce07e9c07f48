"""The engine compiled for the Pi, in an arm64 Debian root of the card's suite.

A Zero 2 W has too little memory to run mypyc (it peaks at about 330 MB), so the
offline bundle carries the engine already compiled for each Python a card may
have. It is compiled here, under qemu-user, in a ``debootstrap --variant=buildd``
root of the same suite from the same archive as the card, so with the same Python
build as the device.

Two caches, both beside the cards (``cache_root()``):

- ``build-SUITE-KEY/``: the build root with a virtual environment holding mypy (the
  version this checkout's environment has), setuptools and wheel, their arm64 wheels
  downloaded by this environment's pip; the key is made from that recipe alone, so
  the engine's changes never rebuild it;
- ``engine-SUITE-KEY/``: the compiled extension modules, laid out as in the wheel,
  with ``TAG`` (e.g. ``cp311-cp311-linux_aarch64``) and ``SOURCES`` (the hash of
  each source they were compiled from); the key adds ``setup.py`` and the engine's
  sources, so a change elsewhere in the game compiles nothing again.

The engine's sources are those the game's wheel carries: the packages
``pyproject.toml`` leaves out of it (the balance lab) are neither compiled nor copied.

``deploy/bundle.sh --compiled DIR`` adds such a folder to the game's pure wheel
(``deploy/compiled_wheel.py``).
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fnmatch import fnmatchcase
from importlib.metadata import version
from pathlib import Path

from deploy.vm.cachelock import building
from deploy.vm.hostpkg import MissingTools, require_commands
from deploy.vm.image import BUILD_COMMANDS, BuildError, ensure_arm64_binfmt, host_mirror, run, step
from deploy.vm.recipe import Suite, cache_root, needs_build

SOURCE_DIR = Path(__file__).resolve().parents[2]
ROOT_PACKAGES = ("python3-dev", "python3-venv")
"""Added to the buildd variant (which brings gcc and make): Python's headers and venv."""
BUILD_TOOLS = ("setuptools", "wheel")
"""Installed beside mypy in the build root's virtual environment."""
VENV = "/opt/build/venv"
WHEELS = "/opt/build/wheels"
ARM64_PLATFORMS = ("manylinux2014_aarch64", "manylinux_2_28_aarch64", "manylinux_2_34_aarch64")
"""The arm64 wheels the root's glibc can load (Bookworm's is 2.36, Trixie's 2.41), by the
tags they are published under (pip matches each tag as given)."""
PYTHON_VERSION = "import sys; print(f'{sys.version_info[0]}{sys.version_info[1]}')"
BOOTSTRAPPED = "bootstrapped"
WORK = "/opt/build/src"
ROOT_COMMANDS = {
    command: BUILD_COMMANDS[command]
    for command in ("debootstrap", "qemu-aarch64-static", "update-binfmts")
}
COMPILE_INPUTS = ("setup.py", "pyproject.toml", "README.md")
"""What setup.py needs beside the engine to compile it (the metadata and its readme)."""
TAG_FILE = "TAG"
SOURCES_FILE = "SOURCES"
STAMP = "complete"
CHROOT_ENV = {
    "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
    "DEBIAN_FRONTEND": "noninteractive",
    "LC_ALL": "C.UTF-8",
    "HOME": "/root",
    "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    "PIP_NO_INDEX": "1",
}


def mypy_version() -> str:
    """The mypy this checkout's environment type-checks with: the build root gets the same."""
    return version("mypy")


def root_key(suite: Suite, mypy: str) -> str:
    recipe = "\0".join([suite, *ROOT_PACKAGES, f"mypy=={mypy}", *BUILD_TOOLS])
    return hashlib.sha256(recipe.encode()).hexdigest()[:16]


def left_out_of_the_wheel(source_dir: Path = SOURCE_DIR) -> list[str]:
    """The package patterns ``pyproject.toml`` keeps out of the game's wheel."""
    with (source_dir / "pyproject.toml").open("rb") as file:
        found: dict[str, object] = tomllib.load(file)["tool"]["setuptools"]["packages"]["find"]
    excluded = found.get("exclude", [])
    return [str(pattern) for pattern in excluded] if isinstance(excluded, list) else []


def engine_sources(source_dir: Path = SOURCE_DIR) -> list[Path]:
    """setup.py and every source of the engine the wheel carries, in a fixed order
    (relative paths)."""
    left_out = left_out_of_the_wheel(source_dir)
    engine = sorted(
        relative
        for relative in (
            path.relative_to(source_dir) for path in (source_dir / "engine").rglob("*.py")
        )
        if not any(fnmatchcase(".".join(relative.parent.parts), pattern) for pattern in left_out)
    )
    return [Path("setup.py"), *engine]


def source_hashes(source_dir: Path = SOURCE_DIR) -> dict[str, str]:
    """Each compiled input's sha256, by its path in the tree."""
    return {
        path.as_posix(): hashlib.sha256((source_dir / path).read_bytes()).hexdigest()
        for path in engine_sources(source_dir)
    }


def engine_key(root: str, hashes: dict[str, str]) -> str:
    digest = hashlib.sha256(root.encode())
    for name, sha in sorted(hashes.items()):
        digest.update(f"\0{name}\0{sha}".encode())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class EngineBuild:
    """Where one suite's build root and compiled engine live (made or not)."""

    suite: Suite
    root_folder: Path
    folder: Path
    hashes: dict[str, str]

    @property
    def root(self) -> Path:
        return self.root_folder / "root"

    def root_is_complete(self) -> bool:
        return (self.root_folder / STAMP).is_file()

    def is_complete(self) -> bool:
        return (self.folder / STAMP).is_file()


def engine_build(
    suite: Suite, mypy: str, cache: Path | None = None, source_dir: Path = SOURCE_DIR
) -> EngineBuild:
    """The build for this suite, this mypy and the engine as it is now."""
    base = cache or cache_root()
    key = root_key(suite, mypy)
    hashes = source_hashes(source_dir)
    return EngineBuild(
        suite,
        base / f"build-{suite}-{key}",
        base / f"engine-{suite}-{engine_key(key, hashes)}",
        hashes,
    )


def chroot_shell(root: Path, script: str) -> None:
    run(["chroot", root, "/bin/sh", "-ec", script], env=CHROOT_ENV)


def make_root(build: EngineBuild, mypy: str) -> float:
    """debootstrap the build root and its virtual environment; the seconds it took."""
    started = time.monotonic()
    require_commands(ROOT_COMMANDS)
    ensure_arm64_binfmt()
    if not (build.root_folder / BOOTSTRAPPED).is_file():
        debootstrap(build)
    install_build_tools(build.root, mypy)
    seconds = time.monotonic() - started
    (build.root_folder / STAMP).write_text(f"built in {seconds:.0f} s\n", encoding="utf-8")
    return seconds


def debootstrap(build: EngineBuild) -> None:
    if build.root_folder.exists():
        shutil.rmtree(build.root_folder)
    build.root.mkdir(parents=True)
    step(f"build root: debootstrap (buildd, arm64, {build.suite}) with {' '.join(ROOT_PACKAGES)}")
    buildd_root(build.root, build.suite, "arm64", ROOT_PACKAGES)
    (build.root_folder / BOOTSTRAPPED).write_text("debootstrap done\n", encoding="utf-8")


def buildd_root(root: Path, suite: Suite, arch: str, packages: Sequence[str]) -> None:
    """``debootstrap --variant=buildd`` of the suite for ``arch`` with ``packages``, its
    downloads kept beside the cards."""
    debs = cache_root() / "debs"
    debs.mkdir(parents=True, exist_ok=True)
    run(
        [
            "debootstrap",
            f"--arch={arch}",
            "--variant=buildd",
            f"--include={','.join(packages)}",
            f"--cache-dir={debs}",
            suite,
            root,
            host_mirror(),
        ],
        stdout=subprocess.DEVNULL,
    )


def install_build_tools(root: Path, mypy: str) -> None:
    """mypy, setuptools and wheel in a virtual environment of the root's Python.

    The wheels are downloaded here, by this environment's pip (which knows the way
    out of this machine: its index, proxy and certificates), for the root's Python
    and arm64; pip in the root installs them without a network.
    """
    python = chroot_output(root, "python3", "-c", PYTHON_VERSION)
    wheels = root / WHEELS.lstrip("/")
    step(f"build root: mypy=={mypy} {' '.join(BUILD_TOOLS)} for CPython {python}, arm64")
    run(
        [
            sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:",
            *(f"--platform={platform}" for platform in ARM64_PLATFORMS),
            "--python-version", python, "--implementation", "cp",
            "--dest", wheels, f"mypy=={mypy}", *BUILD_TOOLS,
        ]
    )  # fmt: skip
    with mounted_proc(root):
        chroot_shell(
            root,
            # --upgrade: CPython 3.11's venv (Bookworm's) comes with setuptools 65.5,
            # which pip would keep, and which refuses pyproject.toml's licence form.
            f"rm -rf {VENV} && python3 -m venv {VENV} && {VENV}/bin/pip install --quiet "
            f"--upgrade --no-index --find-links {WHEELS} mypy=={mypy} {' '.join(BUILD_TOOLS)}",
        )


def chroot_output(root: Path, *command: str) -> str:
    result = subprocess.run(
        ["chroot", str(root), *command], env=CHROOT_ENV, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise BuildError(f"{' '.join(command)} in {root}: {result.stderr.strip()}")
    return result.stdout.strip()


@contextmanager
def mounted_proc(root: Path) -> Iterator[None]:
    """/proc mounted in the root while the block runs (pip and gcc read it)."""
    run(["mount", "-t", "proc", "proc", root / "proc"])
    try:
        yield
    finally:
        run(["umount", root / "proc"])


def compile_engine(build: EngineBuild) -> float:
    """mypyc in the build root; the extension modules into the build's folder."""
    started = time.monotonic()
    work = build.root / WORK.lstrip("/")
    if work.exists():
        shutil.rmtree(work)
    for name in sorted({*build.hashes, *COMPILE_INPUTS}):
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SOURCE_DIR / name, work / name)
    step(f"compiling the engine with mypyc ({build.suite}, arm64 under qemu-user: many minutes)")
    with mounted_proc(build.root):
        chroot_shell(
            build.root,
            f"cd {WORK} && SATELLITES_MYPYC=1 {VENV}/bin/python setup.py --quiet build_ext "
            "--inplace > build.log 2>&1 || { tail -n 40 build.log; exit 1; }",
        )
        tag = wheel_tag(build.root)
    keep_extensions(build, work, tag)
    shutil.rmtree(work)
    seconds = time.monotonic() - started
    (build.folder / STAMP).write_text(f"compiled in {seconds:.0f} s\n", encoding="utf-8")
    return seconds


WHEEL_TAG = (
    "import sys, sysconfig; v = sys.version_info; python = f'cp{v[0]}{v[1]}'; "
    "print(f'{python}-{python}-' + sysconfig.get_platform().replace('-', '_').replace('.', '_'))"
)
"""The tag pip gives a CPython extension's wheel for the interpreter that runs it."""


def wheel_tag(root: Path) -> str:
    """The compiled wheel's tag for the build root's Python, e.g. cp311-cp311-linux_aarch64."""
    return chroot_output(root, f"{VENV}/bin/python", "-c", WHEEL_TAG)


def keep_extensions(build: EngineBuild, work: Path, tag: str) -> None:
    """The compiled modules as the wheel lays them out, with their tag and sources."""
    if build.folder.exists():
        shutil.rmtree(build.folder)
    extensions = sorted(
        path.relative_to(work) for path in [*work.glob("*.so"), *(work / "engine").rglob("*.so")]
    )
    if not extensions:
        raise BuildError(f"mypyc made no extension module in {work}")
    for relative in extensions:
        (build.folder / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(work / relative, build.folder / relative)
    (build.folder / TAG_FILE).write_text(f"{tag}\n", encoding="ascii")
    (build.folder / SOURCES_FILE).write_text(
        "".join(f"{sha}  {name}\n" for name, sha in sorted(build.hashes.items())), encoding="ascii"
    )


def ensure_engine(suite: Suite, force: bool = False) -> EngineBuild:
    """The compiled engine for the suite, made first where it is not cached."""
    mypy = mypy_version()
    build = engine_build(suite, mypy)
    if not needs_build(build, force):
        return build
    with building(build.root_folder):
        if not needs_build(build, force):
            return build
        if not build.root_is_complete():
            print(f"build root made in {make_root(build, mypy):.0f} s", flush=True)
        print(f"engine compiled in {compile_engine(build):.0f} s", flush=True)
    return build


def main_engine(suite: Suite, force: bool) -> int:
    try:
        build = ensure_engine(suite, force)
    except (BuildError, MissingTools) as error:
        print(f"pi-vm engine: {error}", file=sys.stderr)
        return 1
    tag = (build.folder / TAG_FILE).read_text(encoding="ascii").strip()
    print(f"the engine compiled for {tag} (for deploy/bundle.sh --compiled):")
    print(build.folder)
    return 0
