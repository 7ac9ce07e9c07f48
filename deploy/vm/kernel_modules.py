"""The panel's two kernel modules for the virtual card's own kernel, from Debian's source.

Debian's arm64 kernels are built without ``DRM_MIPI_DBI`` and ``DRM_PANEL_MIPI_DBI``
(Raspberry Pi OS's have them), so the panel card gets ``drm_mipi_dbi.ko`` and
``panel-mipi-dbi.ko`` built out of tree for exactly the kernel on the card:
the sources from Debian's ``linux-source-X.Y`` of the kernel's version, compiled
against its ``linux-headers`` (the kernel's ``.config`` and ``Module.symvers``) with
the compiler those headers name. Debian cross-compiles its arm64 kernel
(``CONFIG_CC_VERSION_TEXT`` is ``aarch64-linux-gnu-gcc-14 ...``), so the modules are
cross-compiled too, on this host, in an amd64 root of the card's suite
(``debootstrap --variant=buildd``, run natively: no emulation) holding Debian's cross
compiler and the kernel's kbuild tools (``linux-kbuild``, ``Multi-Arch: foreign``);
the arm64 headers and the source are unpacked into it from their packages.

Two caches, beside the cards (``cache_root()``):

- ``kbuild-SUITE-KEY/``: the root, its key made from this recipe's packages;
- ``panel-modules-RELEASE-KEY/``: the two modules (debug info stripped), with
  ``RELEASE`` (the kernel release they are for) and ``SOURCE`` (the source package's
  version); the key adds the module list, so a new card kernel builds them again.

The modules are not signed: Debian's kernel checks signatures but does not enforce
them (``CONFIG_MODULE_SIG_FORCE`` is off, and nothing locks the virtual card's kernel
down), so they load and the kernel notes itself tainted.
"""

from __future__ import annotations

import gzip
import hashlib
import re
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from deploy.vm.builder import buildd_root, chroot_output, chroot_shell, mounted_proc
from deploy.vm.hostpkg import MissingTools, require_commands
from deploy.vm.image import BUILD_COMMANDS, BuildError, run, step
from deploy.vm.recipe import CachedImage, Suite, cache_root, cached_image, needs_build

MODULES = (
    ("drivers/gpu/drm/drm_mipi_dbi.c", "drm_mipi_dbi"),
    ("drivers/gpu/drm/tiny/panel-mipi-dbi.c", "panel-mipi-dbi"),
)
"""Each module's source in the kernel tree and its module file's name."""
ROOT_PACKAGES = ("xz-utils",)
"""Added to the buildd variant (which brings make and the host's gcc): to unpack the source."""
HOST_ARCH = "amd64"
CARD_ARCH = "arm64"
WORK = "/opt/panel-modules"
DEBS = "/opt/kernel-debs"
ROOT_COMMANDS = {command: BUILD_COMMANDS[command] for command in ("debootstrap",)}
STAMP = "complete"
RELEASE_FILE = "RELEASE"
SOURCE_FILE = "SOURCE"
_LINUX_VERSION = re.compile(rb"Linux version (\S+)")
_KBUILD = re.compile(r"\b(linux-kbuild-\S+?)(?=[\s,(]|$)")
_COMPILER = re.compile(r"\bgcc-(\d+)\b")


def kernel_release(kernel: Path) -> str:
    """The release of a kernel image (``uname -r`` once it runs), from its version banner;
    Debian's arm64 ``vmlinuz`` is a gzip-compressed ``Image``."""
    data = kernel.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    found = _LINUX_VERSION.search(data)
    if found is None:
        raise BuildError(f"{kernel}: no 'Linux version' banner in the kernel image")
    return found.group(1).decode("ascii")


def root_key(suite: Suite) -> str:
    recipe = "\0".join([suite, HOST_ARCH, CARD_ARCH, *ROOT_PACKAGES])
    return hashlib.sha256(recipe.encode()).hexdigest()[:16]


def modules_key(release: str) -> str:
    recipe = "\0".join([release, *(f"{source}:{name}" for source, name in MODULES)])
    return hashlib.sha256(recipe.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class PanelModules:
    """Where one kernel release's panel modules and the build root live (made or not)."""

    suite: Suite
    release: str
    root_folder: Path
    folder: Path

    @property
    def root(self) -> Path:
        return self.root_folder / "root"

    @property
    def files(self) -> list[Path]:
        return [self.folder / f"{name}.ko" for _, name in MODULES]

    def root_is_complete(self) -> bool:
        return (self.root_folder / STAMP).is_file()

    def is_complete(self) -> bool:
        return (self.folder / STAMP).is_file() and all(path.is_file() for path in self.files)


def panel_modules(suite: Suite, release: str, cache: Path | None = None) -> PanelModules:
    base = cache or cache_root()
    return PanelModules(
        suite,
        release,
        base / f"kbuild-{suite}-{root_key(suite)}",
        base / f"panel-modules-{release}-{modules_key(release)}",
    )


def make_root(build: PanelModules) -> None:
    """The amd64 build root of the suite, with arm64 known to its apt."""
    require_commands(ROOT_COMMANDS)
    if build.root_folder.exists():
        shutil.rmtree(build.root_folder)
    build.root.mkdir(parents=True)
    step(f"kernel build root: debootstrap (buildd, {HOST_ARCH}, {build.suite}, native)")
    buildd_root(build.root, build.suite, HOST_ARCH, ROOT_PACKAGES)
    (build.root_folder / STAMP).write_text("debootstrap done\n", encoding="utf-8")


@dataclass(frozen=True)
class KernelPackages:
    """The Debian packages that hold one kernel release's build files."""

    headers: str
    common_headers: str
    kbuild: str
    compiler: str
    source: str
    version: str


def kernel_packages(root: Path, release: str) -> KernelPackages:
    """The release's headers, their kbuild tools and compiler, and the source of the same
    version, as the root's apt knows them."""
    headers = f"linux-headers-{release}:{CARD_ARCH}"
    return packages_for(
        chroot_output(root, "apt-cache", "show", "--no-all-versions", headers), release
    )


def packages_for(fields: str, release: str) -> KernelPackages:
    """The packages named by the headers' ``apt-cache show`` fields."""
    version = _field(fields, "Version")
    depends = _field(fields, "Depends")
    kbuild, compiler = _KBUILD.search(depends), _COMPILER.search(depends)
    if kbuild is None or compiler is None:
        raise BuildError(f"linux-headers-{release}: no linux-kbuild or gcc among: {depends}")
    major_minor = ".".join(release.split(".")[:2])
    flavour = release.rsplit("-", 1)[0]
    return KernelPackages(
        headers=f"linux-headers-{release}:{CARD_ARCH}",
        common_headers=f"linux-headers-{flavour}-common",
        kbuild=kbuild.group(1),
        compiler=f"gcc-{compiler.group(1)}-aarch64-linux-gnu",
        source=f"linux-source-{major_minor}={version}",
        version=version,
    )


def _field(fields: str, name: str) -> str:
    found = re.search(rf"^{name}: (.*)$", fields, flags=re.MULTILINE)
    if found is None:
        raise BuildError(f"apt-cache show gave no {name} field")
    return found.group(1)


def build_modules(build: PanelModules) -> float:
    """Compile the two modules in the root; the seconds it took."""
    started = time.monotonic()
    root = build.root
    shutil.copyfile("/etc/resolv.conf", root / "etc/resolv.conf")
    with mounted_proc(root):
        chroot_shell(root, f"dpkg --add-architecture {CARD_ARCH} && apt-get update -qq")
        packages = kernel_packages(root, build.release)
        step(f"kernel build files: {packages.headers}, {packages.kbuild}, {packages.compiler}")
        chroot_shell(
            root,
            "apt-get install -y -qq --no-install-recommends "
            f"{packages.kbuild} {packages.compiler} > /dev/null && rm -rf {DEBS} && "
            f"mkdir -p {DEBS} && cd {DEBS} && apt-get download -qq {packages.headers} "
            f"{packages.common_headers} {packages.source}",
        )
        unpack_build_files(root)
        step(f"compiling {', '.join(name for _, name in MODULES)} for {build.release}")
        chroot_shell(
            root,
            f"cd {WORK} && make -C /usr/src/linux-headers-{build.release} M={WORK} modules "
            "> build.log 2>&1 || { tail -n 40 build.log; exit 1; }; "
            "aarch64-linux-gnu-strip --strip-debug *.ko",
        )
    keep_modules(build, packages.version)
    seconds = time.monotonic() - started
    (build.folder / STAMP).write_text(f"built in {seconds:.0f} s\n", encoding="utf-8")
    return seconds


def unpack_build_files(root: Path) -> None:
    """The headers in place in the root, the two sources and their Kbuild file in WORK."""
    debs = root / DEBS.lstrip("/")
    for headers in sorted(debs.glob("linux-headers-*.deb")):
        run(["dpkg-deb", "-x", headers, root])
    (source_deb,) = debs.glob("linux-source-*.deb")
    work = root / WORK.lstrip("/")
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    tree = source_deb.name.split("_")[0]  # linux-source-6.12: the tarball's top folder
    members = [f"{tree}/{source}" for source, _ in MODULES]
    chroot_shell(
        root,
        f"dpkg-deb --fsys-tarfile {DEBS}/{source_deb.name} | tar -xO ./usr/src/{tree}.tar.xz "
        f"| xz -d | tar -x -C {WORK} --strip-components=1 {' '.join(members)}",
    )
    for source, _ in MODULES:
        shutil.move(work / source, work / Path(source).name)
    objects = " ".join(f"{name}.o" for _, name in MODULES)
    (work / "Kbuild").write_text(f"obj-m := {objects}\n", encoding="ascii")


def keep_modules(build: PanelModules, version: str) -> None:
    if build.folder.exists():
        shutil.rmtree(build.folder)
    build.folder.mkdir(parents=True)
    work = build.root / WORK.lstrip("/")
    for module in build.files:
        shutil.copyfile(work / module.name, module)
    (build.folder / RELEASE_FILE).write_text(f"{build.release}\n", encoding="ascii")
    (build.folder / SOURCE_FILE).write_text(f"linux-source {version}\n", encoding="ascii")


def ensure_panel_modules(suite: Suite, image: CachedImage, force: bool = False) -> PanelModules:
    """The panel's modules for the card's kernel, built first where they are not cached."""
    build = panel_modules(suite, kernel_release(image.kernel))
    if not needs_build(build, force):
        return build
    if not build.root_is_complete():
        make_root(build)
    print(f"panel modules built in {build_modules(build):.0f} s", flush=True)
    return build


def main_modules(suite: Suite, force: bool) -> int:
    image = cached_image(suite)
    if not image.is_complete():
        print("pi-vm modules: no card image yet: run scripts/pi-vm build first", file=sys.stderr)
        return 1
    try:
        build = ensure_panel_modules(suite, image, force)
    except (BuildError, MissingTools, OSError) as error:
        print(f"pi-vm modules: {error}", file=sys.stderr)
        return 1
    print(f"the panel's modules for {build.release}:")
    print(build.folder)
    return 0
