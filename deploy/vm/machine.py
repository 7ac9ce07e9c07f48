"""The virtual Zero 2 W: QEMU's ``virt`` machine with a Zero 2 W's cores and memory.

- 4 Cortex-A53 cores and 512 MB, as on the Zero 2 W; no network inside.
- The panel's stand-in: QEMU's ``bochs-display``, whose kernel driver
  (``bochs``) gives a framebuffer of the profile's size (the device's EDID names
  it as the preferred mode), XRGB8888 where the SPI panels are RGB565. Which
  framebuffer number a Pi's panel gets is a race, so the machine has the two
  outcomes as layouts (``PanelLayout``): the panel beside a ``console`` display
  (probed first: fb0 and the kernel's console, as a Pi's HDMI output), where
  nothing shows the panel until the app sets its mode; or the panel alone, fb0,
  with the kernel's console on it, which the app must keep from drawing over the
  game.

  The console display is QEMU's Cirrus adapter (``cirrus-vga``). It cannot be
  the panel's stand-in: its kernel driver counts on a PC's VGA BIOS having set
  up the card and unblanks it through legacy VGA ports, so QEMU never shows its
  picture; but the kernel's console binds to its framebuffer as to a Pi's HDMI
  output, and that is all the layout needs. It has a driver of its own, so the
  app's search by driver (``bochs-drm``) cannot take it for the panel, as it
  would a second ``bochs-display``. The other candidates hang or do not exist
  here: Trixie's ``virtio_gpu`` driver hangs the power-off once the device is
  reset while the console still prints on it, and ``ramfb`` has no Linux driver
  (firmware sets it up, and the machine boots the kernel without firmware).
- A keyboard as an evdev key device (virtio-keyboard), as ``gpio-key`` gives.
- The machine's own ``gpio-keys`` power button (``KEY_POWER``), pressed by QMP
  ``system_powerdown``, as ``gpio-shutdown`` gives.
- The card on a virtio disk with the host's cache honouring the guest's
  flushes (``cache=directsync``: every write the guest completes is on the
  host's disk, nothing the guest did not write is): quitting QEMU loses what a
  power cut loses, the guest's own unwritten page cache.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from deploy.vm.hostpkg import MissingTools, require_commands
from deploy.vm.recipe import KERNEL_CMDLINE, CachedImage, Suite, cached_image
from device.hardware.profiles import PROFILES, ProfileName


class PanelLayout(StrEnum):
    """The two ways a Pi's boot can number its panel's framebuffer."""

    BESIDE_CONSOLE = "beside-console"
    """fb1, dark until the app lights it; the console is on fb0 (another display)."""
    ALONE = "alone"
    """fb0, lit by the kernel's console, which stays bound to it."""


CPU = "cortex-a53"
CORES = 4
MEMORY_MB = 512
CONSOLE_ID = "console"
PANEL_ID = "panel"
QEMU_NICENESS = 5
"""Below interactive work, level with other long jobs on a shared host."""
BOOT_COMMANDS = {"qemu-system-aarch64": "qemu-system-arm"}
"""The host's commands a boot runs, and the Debian package of each."""
DEFAULT_SUITE = Suite.TRIXIE
"""The release Raspberry Pi Imager offers first (Bookworm is its "Legacy" choice)."""
PANEL_DRIVER = "bochs-drm"
"""The stand-in's kernel driver, as the config's ``panel_driver`` names it."""


def panel_device(profile: ProfileName) -> str:
    """QEMU's ``-device`` for the panel stand-in, with the profile's size as its mode.

    ``romfile=`` leaves out the PC option ROM the device would load: there is no
    PC BIOS on ``virt``, and the kernel's driver needs none.
    """
    width, height = PROFILES[profile].size
    return f"bochs-display,id={PANEL_ID},xres={width},yres={height},romfile="


@dataclass
class MachineFiles:
    """The sockets and logs of one running machine, in a folder of their own."""

    folder: Path
    qmp: Path = field(init=False)
    serial: Path = field(init=False)
    serial_log: Path = field(init=False)

    def __post_init__(self) -> None:
        self.qmp = self.folder / "qmp.sock"
        self.serial = self.folder / "serial.sock"
        self.serial_log = self.folder / "serial.log"


def qemu_command(
    image: CachedImage,
    card: Path,
    profile: ProfileName,
    files: MachineFiles | None,
    stick: Path | None = None,
    layout: PanelLayout = PanelLayout.BESIDE_CONSOLE,
) -> list[str]:
    """The whole qemu-system-aarch64 command line (files None: serial on stdio)."""
    command = [
        "qemu-system-aarch64",
        "-M", "virt",
        "-cpu", CPU,
        "-smp", str(CORES),
        "-m", str(MEMORY_MB),
        "-nodefaults",
        "-no-user-config",
        "-nic", "none",
        "-display", "none",
        "-kernel", str(image.kernel),
        "-initrd", str(image.initrd),
        "-append", KERNEL_CMDLINE,
        "-drive", f"if=none,id=card,file={card},format=raw,cache=directsync,discard=unmap",
        "-device", "virtio-blk-pci,drive=card",
    ]  # fmt: skip
    if layout is PanelLayout.BESIDE_CONSOLE:
        command += ["-device", f"cirrus-vga,id={CONSOLE_ID},romfile="]
    command += ["-device", panel_device(profile), "-device", "virtio-keyboard-pci"]
    if stick is not None:
        command += [
            "-drive", f"if=none,id=stick,file={stick},format=raw,readonly=on",
            "-device", "virtio-blk-pci,drive=stick",
        ]  # fmt: skip
    if files is None:
        command += ["-serial", "mon:stdio"]
    else:
        command += [
            "-chardev",
            f"socket,id=serial0,path={files.serial},server=on,wait=off,"
            f"logfile={files.serial_log},logappend=on",
            "-serial", "chardev:serial0",
            "-qmp", f"unix:{files.qmp},server=on,wait=off",
        ]  # fmt: skip
    return command


def fresh_card(image: CachedImage, destination: Path) -> Path:
    """A copy of the built card (sparse), so every boot starts from a new card."""
    card = destination / "card.img"
    subprocess.run(["cp", "--sparse=always", str(image.card), str(card)], check=True)
    return card


def start(command: list[str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as output:
        return subprocess.Popen(
            ["nice", "-n", str(QEMU_NICENESS), *command], stdout=output, stderr=subprocess.STDOUT
        )


def add_boot_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--profile", type=ProfileName, choices=tuple(ProfileName), default=ProfileName.HATMINI
    )
    parser.add_argument("--suite", type=Suite, choices=tuple(Suite), default=DEFAULT_SUITE)
    parser.add_argument(
        "--card", type=Path, help="boot this card image (default: a fresh copy of the built one)"
    )
    parser.add_argument(
        "--layout",
        type=PanelLayout,
        choices=tuple(PanelLayout),
        default=PanelLayout.BESIDE_CONSOLE,
        help="the panel beside a console display (fb1, dark until the app lights it), or "
        "alone (fb0, the kernel's console on it)",
    )


def boot_commands_ready(command: str) -> bool:
    """Install what a boot runs where it is missing; say why not, under
    ``command``'s name, when that cannot be done."""
    try:
        require_commands(BOOT_COMMANDS)
    except MissingTools as error:
        print(f"{command}: {error}", file=sys.stderr)
        return False
    return True


def main_boot(args: argparse.Namespace) -> int:
    image = cached_image(args.suite)
    if not image.is_complete():
        print("pi-vm boot: no card image yet: run scripts/pi-vm build first", file=sys.stderr)
        return 1
    if not boot_commands_ready("pi-vm boot"):
        return 1
    with tempfile.TemporaryDirectory(prefix="pi-vm-") as folder:
        card = args.card or fresh_card(image, Path(folder))
        qmp = Path(folder) / "qmp.sock"
        command = qemu_command(image, card, args.profile, None, layout=args.layout)
        command += ["-qmp", f"unix:{qmp},server=on,wait=off"]
        print(f"booting {card} ({args.profile}); QMP on {qmp}; Ctrl-A X quits", flush=True)
        return subprocess.run(command, check=False, env={**os.environ}).returncode
