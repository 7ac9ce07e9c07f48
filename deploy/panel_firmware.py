"""Compile a panel's init commands (panel-<profile>.txt) into the kernel's firmware file.

The `panel-mipi-dbi` DRM driver sends these commands to an SPI display controller
when it starts. It loads them from /lib/firmware/<compatible>.bin, in the format of
the `mipi-dbi-cmd` tool: a 15-byte magic, a version byte, then for every command
its code, its parameter count and the parameters; `delay N` is command 0 with one
parameter (milliseconds).

    python -m deploy.panel_firmware deploy/panel-hatmini.txt /lib/firmware/satellites-hatmini.bin
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

MAGIC = b"MIPI DBI" + bytes(7)
VERSION = 1


class PanelCommandError(ValueError):
    """A line of the command file is not `command 0xNN ...` or `delay N`."""


def compile_commands(text: str) -> bytes:
    firmware = bytearray(MAGIC)
    firmware.append(VERSION)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, *values = line.split()
        try:
            firmware += _encode(word, [_byte(value) for value in values])
        except PanelCommandError as error:
            raise PanelCommandError(f"line {number}: {error}: {raw.strip()}") from None
    return bytes(firmware)


def sent_commands(firmware: bytes) -> list[tuple[int, bytes]]:
    """The commands the driver sends for a firmware file, in order: each code with its
    parameters (the delays are waits, not commands)."""
    if firmware[: len(MAGIC)] != MAGIC or firmware[len(MAGIC) : len(MAGIC) + 1] != bytes([VERSION]):
        raise PanelCommandError("not a version 1 MIPI DBI firmware file")
    commands = []
    position = len(MAGIC) + 1
    while position + 1 < len(firmware):
        code, count = firmware[position], firmware[position + 1]
        params = firmware[position + 2 : position + 2 + count]
        if len(params) != count:
            raise PanelCommandError(f"command 0x{code:02X} is cut short")
        if not (code == 0 and count == 1):
            commands.append((code, params))
        position += 2 + count
    if position != len(firmware):
        raise PanelCommandError("a command without its parameter count at the end")
    return commands


def _encode(word: str, values: list[int]) -> bytes:
    if word == "command" and values:
        return bytes([values[0], len(values) - 1, *values[1:]])
    if word == "delay" and len(values) == 1:
        return bytes([0, 1, values[0]])
    raise PanelCommandError("expected `command CODE [PARAM...]` or `delay MS`")


def _byte(value: str) -> int:
    try:
        number = int(value, 0)
    except ValueError:
        raise PanelCommandError(f"{value!r} is not a number") from None
    if not 0 <= number <= 255:
        raise PanelCommandError(f"{value} does not fit in a byte")
    return number


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m deploy.panel_firmware",
        description="Compile a panel's init commands into the firmware file the kernel's "
        "panel-mipi-dbi driver loads.",
    )
    parser.add_argument("source", metavar="COMMANDS.txt", type=Path, help="deploy/panel-NAME.txt")
    parser.add_argument(
        "target", metavar="FIRMWARE.bin", type=Path, help="/lib/firmware/COMPATIBLE.bin"
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    source, target = args.source, args.target
    try:
        firmware = compile_commands(source.read_text(encoding="utf-8"))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(firmware)
    except OSError as error:
        print(f"error: {error.filename}: {error.strerror}", file=sys.stderr)
        return 1
    except ValueError as error:  # PanelCommandError, or a file that is not text
        print(f"error: {source}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
