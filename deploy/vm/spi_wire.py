"""The panel's wires in the virtual Zero 2 W, read from QEMU: a sniffer on the GPIO lines.

The virtual card's SPI bus is the kernel's ``spi-gpio`` on the ``virt`` machine's
PL061 GPIO controller (``deploy/vm/panel_tree.py``), and the panel's D/C, reset
and backlight lines are PL061 lines too. QEMU reports every change of a PL061
output with its ``pl061_set_output`` trace event; this module turns those changes
back into what a panel on the wires would receive, in SPI mode 0 (the mode the
``mipi-dbi-spi`` overlay leaves the bus in): with chip select low, a bit on each
rising clock edge, most significant first, and each byte a command when D/C is low
and a parameter (or pixel data) when it is high. Reset is active low, the
backlight lit while its line is high.
"""

from __future__ import annotations

import io
import re
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from deploy.vm.st7789 import St7789

TRACE_EVENT = "pl061_set_output"
_CHANGE = re.compile(rb"setting output (\d) to (\d)")
READ_SIZE = 1 << 20

Line = int
"""A PL061 line number (0-7)."""


@dataclass(frozen=True)
class PanelLines:
    """Which PL061 line carries each of the panel's signals (None: not wired)."""

    clock: Line
    data_out: Line
    chip_select: Line
    data_command: Line
    reset: Line | None
    backlight: Line | None

    def used(self) -> tuple[Line, ...]:
        lines = (
            self.clock,
            self.data_out,
            self.chip_select,
            self.data_command,
            self.reset,
            self.backlight,
        )
        return tuple(line for line in lines if line is not None)


def line_changes(text: bytes) -> Iterator[tuple[Line, bool]]:
    """Each (line, level) that QEMU's trace lines report, in order."""
    for line, level in _CHANGE.findall(text):
        yield int(line), level == b"1"


@dataclass
class SpiSniffer:
    """Decodes the lines' changes into the controller's commands and data."""

    lines: PanelLines
    panel: St7789
    levels: list[bool] = field(default_factory=lambda: [False] * 8)
    """Each line's level (QEMU reports them all, low, when the machine resets)."""
    partial_bytes: int = 0
    """Chip select released in the middle of a byte (a transfer the panel would garble)."""
    backlight_changes: int = 0
    _shift: int = 0
    _bits: int = 0
    _data: bytearray = field(default_factory=bytearray)

    @property
    def backlight_on(self) -> bool | None:
        if self.lines.backlight is None:
            return None
        return self.levels[self.lines.backlight]

    def feed(self, changes: Iterable[tuple[Line, bool]]) -> None:
        clock, data_out, select = self.lines.clock, self.lines.data_out, self.lines.chip_select
        data_command, reset, backlight = (
            self.lines.data_command,
            self.lines.reset,
            self.lines.backlight,
        )
        levels = self.levels
        shift, bits, data = self._shift, self._bits, self._data
        for line, level in changes:
            if levels[line] == level:
                continue
            levels[line] = level
            if line == clock:
                if level and not levels[select]:
                    shift = (shift << 1 | levels[data_out]) & 0xFF
                    bits += 1
                    if bits == 8:
                        bits = 0
                        if levels[data_command]:
                            data.append(shift)
                        else:
                            self._send(data)
                            self.panel.command(shift)
            elif line == select and level:
                if bits:
                    self.partial_bytes += 1
                shift = bits = 0
            elif line == reset and not level:
                self._send(data)
                self.panel.reset()
            elif line == backlight:
                self.backlight_changes += 1
        self._shift, self._bits = shift, bits
        self._send(data)

    def _send(self, data: bytearray) -> None:
        if data:
            self.panel.data(bytes(data))
            data.clear()


class TraceReader:
    """Reads QEMU's trace as it is written (a FIFO) and feeds it to a sniffer, in a
    thread of its own: QEMU waits while nobody reads, holding up the whole machine."""

    def __init__(self, path: Path, sniffer: SpiSniffer) -> None:
        self.path = path
        self.sniffer = sniffer
        self.lock = threading.Lock()
        self.error: str | None = None
        self.bytes_read = 0
        self._thread = threading.Thread(target=self._run, name="pl061-trace", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            with self.path.open("rb") as trace:
                self._read(trace)
        except OSError as error:
            self.error = f"the GPIO trace could not be read: {error}"

    def _read(self, trace: io.BufferedReader) -> None:
        """Until QEMU closes the trace; what cannot be decoded is still read (and the
        error kept), so that QEMU never waits on the pipe."""
        rest = b""
        while chunk := trace.read1(READ_SIZE):
            self.bytes_read += len(chunk)
            if self.error is not None:
                continue
            text = rest + chunk
            end = text.rfind(b"\n") + 1
            rest = text[end:]
            try:
                with self.lock:
                    self.sniffer.feed(line_changes(text[:end]))
            except Exception as error:  # a decoding bug must not stop the machine
                self.error = f"the GPIO trace could not be decoded: {error!r}"

    def join(self, timeout_s: float) -> None:
        self._thread.join(timeout_s)
