"""A Sitronix ST7789 display controller, as far as the kernel's panel driver drives it:
enough of it to rebuild the panel's picture from the bytes on its SPI wire.

The controller holds a frame memory of 240 columns by 320 rows of RGB565 pixels.
A window (``CASET`` columns, ``RASET`` rows) and the address mode (``MADCTL``)
decide where the pixels of a memory write (``RAMWR``) land: the column counter
runs first, then the row counter, and with MV the two exchange their roles
(the column counter walks down the memory's rows), MX mirrors the memory's
columns and MY its rows. ML and MH change only the order the glass is
refreshed in, never where a pixel is kept. A glass smaller than the memory
shows part of it (the lcdhat's 240x240 glass shows rows 0-239), which is why a
mirrored row order needs an offset in the window.

Commands that change nothing of the picture (porch, gamma, power control...)
are kept in the transcript only.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from enum import IntEnum

COLUMNS = 240
ROWS = 320
"""The frame memory: 240 columns (source lines) by 320 rows (gate lines)."""
BYTES_PER_PIXEL = 2

Address = int
"""A column or row address, as CASET and RASET carry it."""


class Dcs(IntEnum):
    """The commands the model acts on (MIPI DCS numbers, as the ST7789 takes them)."""

    NOP = 0x00
    SOFT_RESET = 0x01
    SLEEP_IN = 0x10
    SLEEP_OUT = 0x11
    INVERSION_OFF = 0x20
    INVERSION_ON = 0x21
    DISPLAY_OFF = 0x28
    DISPLAY_ON = 0x29
    COLUMN_ADDRESS = 0x2A
    ROW_ADDRESS = 0x2B
    MEMORY_WRITE = 0x2C
    ADDRESS_MODE = 0x36
    PIXEL_FORMAT = 0x3A


MY = 0x80
MX = 0x40
MV = 0x20
SWITCHES: dict[int, tuple[str, bool]] = {
    Dcs.SLEEP_IN: ("sleeping", True),
    Dcs.SLEEP_OUT: ("sleeping", False),
    Dcs.DISPLAY_ON: ("display_on", True),
    Dcs.DISPLAY_OFF: ("display_on", False),
    Dcs.INVERSION_ON: ("inverted", True),
    Dcs.INVERSION_OFF: ("inverted", False),
}
"""The commands without parameters that switch one state of the controller."""
RGB565_FORMAT = 0x05
"""COLMOD's value for 16 bits per pixel (the low nibble; 0x55 says the same)."""


@dataclass(frozen=True)
class Command:
    """One command as the wire carried it: its code and its parameter bytes."""

    code: int
    params: bytes = b""
    """Its parameters (for a memory write: none kept, see ``size``)."""
    size: int = 0
    """How many parameter bytes it had (a memory write's pixels are not kept)."""

    def __str__(self) -> str:
        shown = " ".join(f"0x{byte:02X}" for byte in self.params)
        if self.code == Dcs.MEMORY_WRITE:
            shown = f"({self.size} bytes)"
        return f"0x{self.code:02X} {shown}".strip()


def memory_position(mode: int, column_counter: Address, row_counter: Address) -> tuple[int, int]:
    """Where the pixel at these counters lands in the frame memory (column, row)
    under this address mode; outside the memory when the window reaches past it."""
    column, row = (row_counter, column_counter) if mode & MV else (column_counter, row_counter)
    if mode & MX:
        column = COLUMNS - 1 - column
    if mode & MY:
        row = ROWS - 1 - row
    return column, row


@dataclass
class St7789:
    """The controller's state: its memory, window, address mode, power and inversion."""

    memory: bytearray = field(default_factory=lambda: bytearray(COLUMNS * ROWS * BYTES_PER_PIXEL))
    mode: int = 0
    pixel_format: int = 0x66
    """COLMOD after reset: 18 bits per pixel, until the init sequence says otherwise."""
    columns: tuple[Address, Address] = (0, COLUMNS - 1)
    rows: tuple[Address, Address] = (0, ROWS - 1)
    sleeping: bool = True
    display_on: bool = False
    inverted: bool = False
    transcript: list[Command] = field(default_factory=list)
    pixels_outside: int = 0
    """Pixels written where no memory is (a window reaching past the memory)."""
    _command: int | None = None
    _params: bytearray = field(default_factory=bytearray)
    _counters: tuple[Address, Address] = (0, 0)
    _pending: bytes = b""
    _written: int = 0

    def reset(self) -> None:
        """The reset line pulled low: the command on the wire is cut off, and everything
        but the memory goes back to its defaults."""
        self._finish()
        self._defaults()

    def _defaults(self) -> None:
        self.mode, self.pixel_format = 0, 0x66
        self.columns, self.rows = (0, COLUMNS - 1), (0, ROWS - 1)
        self.sleeping, self.display_on, self.inverted = True, False, False

    def command(self, code: int) -> None:
        """A byte with D/C low: a new command starts (and the last one is complete)."""
        self._finish()
        self._command = code
        if code == Dcs.SOFT_RESET:
            self._defaults()
        elif code == Dcs.MEMORY_WRITE:
            self._counters = (self.columns[0], self.rows[0])
            self._pending = b""
        else:
            self._act_now(code)

    def data(self, payload: bytes) -> None:
        """Bytes with D/C high: the current command's parameters (pixels for RAMWR)."""
        if self._command is None:
            return
        if self._command == Dcs.MEMORY_WRITE:
            self._written += len(payload)
            self._write_pixels(payload)
            return
        self._params += payload
        if len(self._params) >= 4 and self._command == Dcs.COLUMN_ADDRESS:
            self.columns = address_pair(self._params)
        elif len(self._params) >= 4 and self._command == Dcs.ROW_ADDRESS:
            self.rows = address_pair(self._params)
        elif self._command == Dcs.ADDRESS_MODE:
            self.mode = self._params[0]
        elif self._command == Dcs.PIXEL_FORMAT:
            self.pixel_format = self._params[0]

    def flush(self) -> None:
        """Close the command on the wire now (its transcript entry), as the next one would."""
        self._finish()

    @property
    def showing(self) -> bool:
        """Out of sleep, the display on, colours inverted (the HATs' IPS glasses show the
        memory's colours only so) and 16 bits per pixel: the memory is what the glass shows."""
        return (
            not self.sleeping
            and self.display_on
            and self.inverted
            and self.pixel_format & 0x0F == RGB565_FORMAT
        )

    def pixel(self, column: int, row: int) -> int:
        """The RGB565 value kept at this place of the memory."""
        index = (row * COLUMNS + column) * BYTES_PER_PIXEL
        return self.memory[index] << 8 | self.memory[index + 1]

    def _act_now(self, code: int) -> None:
        switch = SWITCHES.get(code)
        if switch is not None:
            setattr(self, *switch)

    def _finish(self) -> None:
        if self._command is not None:
            size = self._written if self._command == Dcs.MEMORY_WRITE else len(self._params)
            self.transcript.append(Command(self._command, bytes(self._params), size))
        self._command = None
        self._params = bytearray()
        self._written = 0

    def _write_pixels(self, payload: bytes) -> None:
        data = self._pending + payload
        usable = len(data) - len(data) % BYTES_PER_PIXEL
        self._pending = data[usable:]
        column_counter, row_counter = self._counters
        first_column, last_column = self.columns
        last_row = self.rows[1]
        memory, mode = self.memory, self.mode
        for offset in range(0, usable, BYTES_PER_PIXEL):
            if row_counter > last_row:
                break  # the window is full: the rest is ignored, as the controller does
            column, row = memory_position(mode, column_counter, row_counter)
            if 0 <= column < COLUMNS and 0 <= row < ROWS:
                index = (row * COLUMNS + column) * BYTES_PER_PIXEL
                memory[index : index + BYTES_PER_PIXEL] = data[offset : offset + BYTES_PER_PIXEL]
            else:
                self.pixels_outside += 1
            column_counter += 1
            if column_counter > last_column:
                column_counter, row_counter = first_column, row_counter + 1
        self._counters = (column_counter, row_counter)


def address_pair(params: bytes | bytearray) -> tuple[Address, Address]:
    return (params[0] << 8 | params[1], params[2] << 8 | params[3])


@dataclass(frozen=True)
class Glass:
    """The part of the frame memory a panel's glass shows, in the memory's own order."""

    columns: int
    rows: int

    def covers(self, column: int, row: int) -> bool:
        return 0 <= column < self.columns and 0 <= row < self.rows


@functools.lru_cache(maxsize=8)
def window_map(
    mode: int, glass: Glass, width: int, height: int, left: int, top: int
) -> tuple[int | None, ...]:
    """For each pixel of a ``width`` x ``height`` frame written at (``left``, ``top``)
    under ``mode``, row by row: its byte offset in the memory, or None where it falls
    outside the glass."""
    offsets: list[int | None] = []
    for y in range(height):
        for x in range(width):
            column, row = memory_position(mode, left + x, top + y)
            covered = glass.covers(column, row)
            offsets.append((row * COLUMNS + column) * BYTES_PER_PIXEL if covered else None)
    return tuple(offsets)


def window_picture(memory: bytes, offsets: tuple[int | None, ...]) -> bytes:
    """The frame a window map reads back from the memory, as RGB565 values (two bytes
    each, big-endian); black where the glass does not reach."""
    return b"".join(
        b"\0\0" if offset is None else memory[offset : offset + BYTES_PER_PIXEL]
        for offset in offsets
    )


def rgb565_to_rgb(picture: bytes) -> bytes:
    """Big-endian RGB565 pixels as RGB triplets (each channel's top bits, the rest zero)."""
    rgb = bytearray(len(picture) // 2 * 3)
    high, low = picture[0::2], picture[1::2]
    rgb[0::3] = high.translate(bytes(value & 0xF8 for value in range(256)))
    rgb[1::3] = bytes((h & 0x07) << 5 | (lo & 0xE0) >> 3 for h, lo in zip(high, low, strict=True))
    rgb[2::3] = low.translate(bytes((value & 0x1F) << 3 for value in range(256)))
    return bytes(rgb)
