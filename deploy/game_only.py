"""A device that is only a game: which of remote login, Wi-Fi and Bluetooth are still
on, and turning the radios off.

- **SSH** is on while something listens on TCP port 22 (the SSH server, or systemd's
  socket for it), read from ``/proc/net/tcp`` and ``tcp6``.
- **Wi-Fi** and **Bluetooth** are on while the kernel has such a radio
  (``/sys/class/rfkill/rfkill*/type`` ``wlan`` or ``bluetooth``) that neither its
  switch (``hard``) nor software (``soft``) blocks. A soft block is kept across
  reboots by ``systemd-rfkill``; ``off`` writes it.

    python3 -m deploy.game_only status        # "ssh on, wifi off, bluetooth on"
    python3 -m deploy.game_only radios-off    # soft-block every Wi-Fi and Bluetooth radio
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

SYSFS = Path("/sys")
PROC_NET = Path("/proc/net")
SSH_PORT = 22
LISTEN = "0A"
"""The state column of a listening socket in /proc/net/tcp."""


class Radio(StrEnum):
    """The rfkill types of the radios a Pi has."""

    WIFI = "wlan"
    BLUETOOTH = "bluetooth"


@dataclass(frozen=True)
class Switch:
    """One radio's rfkill device."""

    folder: Path
    radio: Radio

    def is_on(self) -> bool:
        return all(_read(self.folder / name) == "0" for name in ("soft", "hard"))


@dataclass(frozen=True)
class Remote:
    """What is still on: SSH, and each kind of radio the device has (None: it has none)."""

    ssh: bool
    wifi: bool | None
    bluetooth: bool | None

    def still_on(self) -> list[str]:
        names = {"SSH": self.ssh, "Wi-Fi": self.wifi, "Bluetooth": self.bluetooth}
        return [name for name, on in names.items() if on]

    def describe(self) -> str:
        def state(on: bool | None) -> str:
            return "none" if on is None else "on" if on else "off"

        return f"SSH {state(self.ssh)}, Wi-Fi {state(self.wifi)}, Bluetooth {state(self.bluetooth)}"


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="ascii").strip()
    except OSError:
        return ""


def switches(sysfs: Path = SYSFS) -> Iterator[Switch]:
    """Every Wi-Fi and Bluetooth radio the kernel knows."""
    for folder in sorted((sysfs / "class" / "rfkill").glob("rfkill*")):
        kind = _read(folder / "type")
        if kind in tuple(Radio):
            yield Switch(folder, Radio(kind))


def listens_on(port: int, proc_net: Path = PROC_NET) -> bool:
    """Something listens on this TCP port (IPv4 or IPv6)."""
    for table in ("tcp", "tcp6"):
        try:
            lines = (proc_net / table).read_text(encoding="ascii").splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) > 3 and fields[3] == LISTEN and fields[1].endswith(f":{port:04X}"):
                return True
    return False


def remote(sysfs: Path = SYSFS, proc_net: Path = PROC_NET) -> Remote:
    found = list(switches(sysfs))

    def any_on(radio: Radio) -> bool | None:
        of_kind = [switch for switch in found if switch.radio is radio]
        return any(switch.is_on() for switch in of_kind) if of_kind else None

    return Remote(listens_on(SSH_PORT, proc_net), any_on(Radio.WIFI), any_on(Radio.BLUETOOTH))


def radios_off(sysfs: Path = SYSFS) -> list[Switch]:
    """Soft-block every Wi-Fi and Bluetooth radio; the ones that were on."""
    turned = [switch for switch in switches(sysfs) if switch.is_on()]
    for switch in switches(sysfs):
        (switch.folder / "soft").write_text("1\n", encoding="ascii")
    return turned


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python3 -m deploy.game_only",
        description="Which of SSH, Wi-Fi and Bluetooth are on; turn the radios off.",
    )
    parser.add_argument("--sysfs", type=Path, default=SYSFS, help="the sysfs root (for tests)")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("status", help="say which of SSH, Wi-Fi and Bluetooth are on")
    commands.add_parser("radios-off", help="soft-block every Wi-Fi and Bluetooth radio")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "status":
        print(remote(args.sysfs).describe())
        return 0
    try:
        turned = radios_off(args.sysfs)
    except OSError as error:
        print(f"game_only: the radios could not be turned off: {error}", file=sys.stderr)
        return 1
    print(", ".join(f"{switch.radio} ({switch.folder.name}) off" for switch in turned) or "none on")
    return 0


if __name__ == "__main__":
    sys.exit(main())
