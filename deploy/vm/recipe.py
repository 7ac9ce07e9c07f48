"""What goes into the virtual card, and when the cached image must be built again.

The image is cached outside the tree under a key made from the recipe's own
files (this package's image recipe and the files it copies into the guest), so
editing any of them builds a new image and nothing else does.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Protocol

VM_DIR = Path(__file__).resolve().parent
GUEST_DIR = VM_DIR / "guest"
"""Files copied into every card."""
TRIXIE_GUEST_DIR = VM_DIR / "guest-trixie"
"""Files copied on top into the Trixie card: what Raspberry Pi OS Trixie has and Bookworm had
not (zram swap, the first user made by cloud-init from the boot partition)."""
RECIPE_FILES = ("recipe.py", "image.py")
"""The modules whose text decides the image's contents (with everything in the guest folders)."""


class Suite(StrEnum):
    """The Debian release the card is built from (Raspberry Pi OS follows it)."""

    BOOKWORM = "bookworm"
    TRIXIE = "trixie"


PACKAGES = (
    "systemd",
    "systemd-sysv",
    "dbus",
    "udev",
    "kmod",
    "linux-image-arm64",
    "initramfs-tools",
    "python3",
    "python3-venv",
    "e2fsprogs",
    "dosfstools",
    "procps",
    "sudo",
    "openssh-server",
    "network-manager",
    "polkitd",
)
"""Installed into the minbase root: what Raspberry Pi OS Lite has that the
appliance's offline install needs (python3-venv for its virtual environment,
systemd and udev for the service and the devices, D-Bus for logind, which turns the
power button into a shutdown, the kernel and its initramfs), and what it has that
the appliance meets at boot or turns off: the SSH server (on where Imager's settings
enabled it), NetworkManager (network.target waits for it) and polkitd, which Raspberry
Pi OS Lite gets with it and which lets the game's user power off."""

SUITE_PACKAGES = {
    Suite.BOOKWORM: (),
    Suite.TRIXIE: ("systemd-zram-generator", "cloud-init"),
}
"""Raspberry Pi OS Trixie Lite's own: its swap is zram (rpi-swap, through systemd's
zram generator) and Raspberry Pi Imager's settings (the first user) reach it as
cloud-init's NoCloud seed on the boot partition, read at every boot."""

BOOT_LABEL = "bootfs"
ROOT_LABEL = "rootfs"
DATA_LABEL = "satdata"
"""Raspberry Pi OS's two partition labels, and the data partition's from deploy/README.md."""

BOOT_MIB = 128
DATA_MIB = 64
ROOT_SPARE_MIB = 700
"""Room left on the root file system for the appliance's virtual environment."""

KERNEL_CMDLINE = (
    f"root=LABEL={ROOT_LABEL} rootwait rw console=tty1 console=ttyAMA0 quiet loglevel=3"
)
"""tty1 (fbcon on the first display) as on a Pi; the serial console last, so that
/dev/console is the control channel."""


@dataclass(frozen=True)
class CachedImage:
    """Where one built image lives: the card and the kernel and initramfs beside it."""

    folder: Path

    @property
    def card(self) -> Path:
        return self.folder / "card.img"

    @property
    def kernel(self) -> Path:
        return self.folder / "vmlinuz"

    @property
    def initrd(self) -> Path:
        return self.folder / "initrd.img"

    @property
    def stamp(self) -> Path:
        """Written last: an image without it was not finished."""
        return self.folder / "complete"

    def is_complete(self) -> bool:
        return all(path.is_file() for path in (self.stamp, self.card, self.kernel, self.initrd))


def packages(suite: Suite) -> tuple[str, ...]:
    """Every package the suite's card gets on top of debootstrap's minbase."""
    return PACKAGES + SUITE_PACKAGES[suite]


def guest_dirs(suite: Suite) -> list[Path]:
    """The folders copied into the suite's root, in order (a later one's file wins)."""
    return [GUEST_DIR, TRIXIE_GUEST_DIR] if suite is Suite.TRIXIE else [GUEST_DIR]


def recipe_files() -> list[Path]:
    """Every file whose contents decide the image, in a fixed order."""
    folders = (GUEST_DIR, TRIXIE_GUEST_DIR)
    guest = sorted(path for folder in folders for path in folder.rglob("*") if path.is_file())
    return [VM_DIR / name for name in RECIPE_FILES] + guest


def recipe_key(suite: Suite, files: Iterable[Path], base: Path = VM_DIR) -> str:
    """A short hash of the suite and of each recipe file's name and contents."""
    digest = hashlib.sha256(suite.encode())
    for path in files:
        digest.update(b"\0" + path.relative_to(base).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_root() -> Path:
    """~/.cache/satellites-pi-vm, or $SATELLITES_VM_CACHE."""
    explicit = os.environ.get("SATELLITES_VM_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "satellites-pi-vm"


def cached_image(suite: Suite, root: Path | None = None) -> CachedImage:
    """The image for this suite and the recipe as it is now (built or not)."""
    key = recipe_key(suite, recipe_files())
    return CachedImage((root or cache_root()) / f"{suite}-{key}")


class Cached(Protocol):
    """Something built once and kept beside the cards: a card, a compiled engine."""

    def is_complete(self) -> bool: ...


def needs_build(cached: Cached, force: bool = False) -> bool:
    """Whether to build ``cached`` (again): asked to, or never finished."""
    return force or not cached.is_complete()
