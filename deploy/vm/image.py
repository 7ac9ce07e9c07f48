"""Building the virtual card from Debian's package archive alone.

The arm64 root is made by ``debootstrap --variant=minbase`` (its arm64 programs
run through qemu-user-static, registered in binfmt_misc), the rest of the
packages by apt inside it. The partitions are made as files without mounting
anything (``mkfs.ext4 -d`` fills an ext4 file system from a folder, mtools a
FAT one) and laid one after the other behind an MBR, as on a Pi's card:
bootfs (FAT), rootfs (ext4), satdata (ext4, for the saves).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from deploy.vm.cachelock import building
from deploy.vm.hostpkg import MissingTools, require_commands
from deploy.vm.recipe import (
    BOOT_LABEL,
    BOOT_MIB,
    DATA_LABEL,
    DATA_MIB,
    KERNEL_CMDLINE,
    ROOT_LABEL,
    ROOT_SPARE_MIB,
    CachedImage,
    Suite,
    guest_dirs,
    needs_build,
    packages,
)

MIB = 1024 * 1024
FIRST_PARTITION_MIB = 4
SECTOR = 512

BUILD_COMMANDS = {
    "debootstrap": "debootstrap",
    "mkfs.ext4": "e2fsprogs",
    "mkfs.vfat": "dosfstools",
    "mcopy": "mtools",
    "sfdisk": "fdisk",
    "qemu-aarch64-static": "qemu-user-static",
    "update-binfmts": "binfmt-support",
}
"""The host's commands the build runs, and the Debian package of each."""

MASKED_UNITS = (
    "apt-daily.timer",
    "apt-daily-upgrade.timer",
    "e2scrub_all.timer",
    "e2scrub_reap.service",
    "fstrim.timer",
    "systemd-networkd-wait-online.service",
)
"""Periodic jobs a card image would run that only add noise to the measurements."""


class BuildError(Exception):
    """The image could not be built; the message says which step and why."""


@dataclass(frozen=True)
class Partition:
    label: str
    image: Path
    mbr_type: str


def run(command: Sequence[str | Path], **options: object) -> None:
    shown = " ".join(str(part) for part in command)
    print(f"    $ {shown}", flush=True)
    result = subprocess.run([str(part) for part in command], check=False, **options)  # type: ignore[call-overload]
    if result.returncode != 0:
        raise BuildError(f"{shown}: exit status {result.returncode}")


def host_mirror(sources: Path = Path("/etc/apt")) -> str:
    """The Debian mirror the host's apt already uses (the only archive reached)."""
    for path in sorted(sources.rglob("*.sources")) + sorted(sources.rglob("*.list")):
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            words = line.split()
            if words[:1] == ["URIs:"] and len(words) > 1 and "security" not in words[1]:
                return words[1]
            if words[:1] == ["deb"] and len(words) > 2 and "security" not in line:
                return next(word for word in words[1:] if "://" in word)
    raise BuildError("no Debian mirror found in the host's apt sources (/etc/apt)")


def ensure_arm64_binfmt() -> None:
    """arm64 programs run through qemu-user-static: binfmt_misc must know them."""
    binfmt = Path("/proc/sys/fs/binfmt_misc")
    if not (binfmt / "register").exists():
        run(["mount", "-t", "binfmt_misc", "binfmt_misc", binfmt])
    if not (binfmt / "qemu-aarch64").exists():
        run(["update-binfmts", "--enable", "qemu-aarch64"])
    if not (binfmt / "qemu-aarch64").exists():
        raise BuildError("arm64 programs cannot run here: binfmt_misc has no qemu-aarch64 entry")


def build(image: CachedImage, suite: Suite) -> None:
    """Build the card image, its kernel and its initramfs into the image's folder."""
    started = time.monotonic()
    require_commands(BUILD_COMMANDS)
    ensure_arm64_binfmt()
    work = image.folder / "work"
    if work.exists():
        shutil.rmtree(work)
    root = work / "root"
    root.mkdir(parents=True)
    step("debootstrap (minbase, arm64)")
    cache = image.folder.parent / "debs"
    cache.mkdir(parents=True, exist_ok=True)
    run(
        [
            "debootstrap",
            "--arch=arm64",
            "--variant=minbase",
            f"--cache-dir={cache}",
            suite,
            root,
            host_mirror(),
        ],
        stdout=subprocess.DEVNULL,
    )
    install_packages(root, packages(suite))
    configure(root, suite)
    step("kernel and initramfs")
    kernel, initrd = boot_files(root)
    image.folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(kernel, image.kernel)
    shutil.copyfile(initrd, image.initrd)
    partitions = make_partitions(work, root, kernel, initrd)
    step("card image")
    assemble(image.card, partitions)
    shutil.rmtree(work)
    image.stamp.write_text(f"built in {time.monotonic() - started:.0f} s\n", encoding="utf-8")
    step(f"done in {time.monotonic() - started:.0f} s: {image.card}")


def step(text: str) -> None:
    print(f"==> {text}", flush=True)


def chroot(root: Path, *command: str) -> None:
    run(
        ["chroot", root, *command],
        env={
            "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
            "DEBIAN_FRONTEND": "noninteractive",
            "LC_ALL": "C",
        },
    )


def install_packages(root: Path, names: Sequence[str]) -> None:
    step(f"packages: {' '.join(names)}")
    # No daemon starts inside the build root.
    policy = root / "usr/sbin/policy-rc.d"
    policy.write_text("#!/bin/sh\nexit 101\n", encoding="ascii")
    policy.chmod(0o755)
    shutil.copyfile("/etc/resolv.conf", root / "etc/resolv.conf")
    small_initramfs(root)
    run(["mount", "-t", "proc", "proc", root / "proc"])
    try:
        chroot(root, "apt-get", "update", "-qq")
        chroot(root, "apt-get", "install", "-y", "-qq", "--no-install-recommends", *names)
        chroot(root, "apt-get", "clean")
    finally:
        run(["umount", root / "proc"])
    policy.unlink()
    (root / "etc/resolv.conf").unlink()
    for lists in (root / "var/lib/apt/lists").glob("*_*"):
        lists.unlink()


INITRAMFS_MODULES = ("virtio_pci", "virtio_blk", "ext4", "crc32c_generic")
"""What the initramfs needs to mount the card's root (each with what it depends on)."""


def small_initramfs(root: Path) -> None:
    """Only the card's own drivers in the initramfs, set before the kernel is installed.

    Debian's default (MODULES=most) looks at thousands of modules, each through
    qemu-user during the build, and makes an initramfs the emulated boot must unpack.
    """
    conf = root / "etc/initramfs-tools"
    (conf / "conf.d").mkdir(parents=True, exist_ok=True)
    (conf / "conf.d/satellites-vm.conf").write_text("MODULES=list\n", encoding="ascii")
    (conf / "modules").write_text("\n".join(INITRAMFS_MODULES) + "\n", encoding="ascii")


def configure(root: Path, suite: Suite) -> None:
    step("configuration (guest/ files, serial autologin, no root password)")
    for folder in guest_dirs(suite):
        shutil.copytree(folder, root, dirs_exist_ok=True)
    (root / "boot/firmware/cmdline.txt").write_text(KERNEL_CMDLINE + "\n", encoding="ascii")
    chroot(root, "passwd", "--delete", "root")
    chroot(root, "systemctl", "mask", *MASKED_UNITS)
    chroot(root, "systemctl", "set-default", "multi-user.target")
    (root / "var/log/journal").mkdir(parents=True, exist_ok=True)


def boot_files(root: Path) -> tuple[Path, Path]:
    kernels = sorted((root / "boot").glob("vmlinuz-*"))
    initrds = sorted((root / "boot").glob("initrd.img-*"))
    if not kernels or not initrds:
        raise BuildError("the root has no /boot/vmlinuz-* and initrd.img-* (kernel install failed)")
    return kernels[-1], initrds[-1]


def make_partitions(work: Path, root: Path, kernel: Path, initrd: Path) -> list[Partition]:
    step("file systems (mkfs.vfat + mtools, mkfs.ext4 -d: nothing mounted)")
    boot = work / "boot.img"
    boot.unlink(missing_ok=True)  # mkfs.vfat -C makes a new file only
    run(
        ["mkfs.vfat", "-n", BOOT_LABEL, "-C", boot, str(BOOT_MIB * 1024)], stdout=subprocess.DEVNULL
    )
    firmware = root / "boot/firmware"
    shutil.copyfile(kernel, firmware / "kernel8.img")
    shutil.copyfile(initrd, firmware / "initramfs8")
    run(["mcopy", "-i", boot, "-s", *sorted(firmware.iterdir()), "::"])
    for copied in firmware.iterdir():  # the root keeps an empty mount point
        copied.unlink()
    used_mib = int(subprocess.check_output(["du", "-sm", root]).split()[0])
    rootfs = work / "root.img"
    run(["mkfs.ext4", "-q", "-L", ROOT_LABEL, "-d", root, rootfs, f"{used_mib + ROOT_SPARE_MIB}M"])
    data = work / "data.img"
    run(["mkfs.ext4", "-q", "-L", DATA_LABEL, data, f"{DATA_MIB}M"])
    return [
        Partition(BOOT_LABEL, boot, "c"),
        Partition(ROOT_LABEL, rootfs, "83"),
        Partition(DATA_LABEL, data, "83"),
    ]


def partition_table(partitions: Sequence[tuple[int, str]]) -> tuple[str, int]:
    """sfdisk's script for partitions of these sizes (bytes) and types, and the card's size.

    Each partition starts on a whole MiB, the first at 4 MiB as on Raspberry Pi OS's.
    """
    lines = ["label: dos"]
    start = FIRST_PARTITION_MIB * MIB
    for size, mbr_type in partitions:
        sectors = -(-size // MIB) * MIB // SECTOR
        lines.append(f"start={start // SECTOR}, size={sectors}, type={mbr_type}")
        start += sectors * SECTOR
    return "\n".join(lines) + "\n", start


def assemble(card: Path, partitions: Sequence[Partition]) -> None:
    sizes = [(partition.image.stat().st_size, partition.mbr_type) for partition in partitions]
    script, total = partition_table(sizes)
    partial = card.with_suffix(".partial")
    with partial.open("wb") as file:
        file.truncate(total)
    run(["sfdisk", "--quiet", partial], input=script.encode(), stdout=subprocess.DEVNULL)
    offset = FIRST_PARTITION_MIB * MIB
    for partition, (size, _) in zip(partitions, sizes, strict=True):
        run(
            [
                "dd",
                f"if={partition.image}",
                f"of={partial}",
                "bs=1M",
                f"seek={offset // MIB}",
                "conv=notrunc,sparse",
                "status=none",
            ]
        )
        offset += -(-size // MIB) * MIB
    partial.rename(card)


def main_build(image: CachedImage, suite: Suite, force: bool) -> int:
    with building(image.folder):
        if not needs_build(image, force):
            print(f"up to date: {image.card}")
            return 0
        try:
            build(image, suite)
        except (BuildError, MissingTools) as error:
            print(f"pi-vm build: {error}", file=sys.stderr)
            return 1
    return 0
