"""Which DRM card and which framebuffer drive the profile's panel.

A Pi with an SPI panel has two DRM cards: the panel's (``mipi-dbi-spi``,
connector ``SPI-1``) and the HDMI controller's (``HDMI-A-1``, ``HDMI-A-2``).
Which one the kernel numbers first is not fixed, so the card is found by its
connector in sysfs (``/sys/class/drm/cardN-CONNECTOR``), and the framebuffer
that the DRM fbdev emulation made for that card is found under the card's
device (``/sys/class/drm/cardN/device/graphics/fbM``).  A plugged HDMI
monitor then cannot take the panel's place.

A display whose connector says nothing of its kind (a virtual machine's
``Virtual-1``, or a panel driver that names its connector otherwise) is found
by the kernel driver of the card's device instead
(``/sys/class/drm/cardN/device/driver``: ``panel-mipi-dbi-spi``, ``bochs-drm``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

SYSFS = Path("/sys")
DEV = Path("/dev")

_CONNECTOR = re.compile(r"card(\d+)-(.+)")


class Panel(StrEnum):
    """How a profile's screen is attached (``panel`` in the profile table)."""

    SPI = "spi"
    HDMI = "hdmi"


_CONNECTOR_PREFIX = {Panel.SPI: ("SPI-",), Panel.HDMI: ("HDMI-",)}


@dataclass(frozen=True)
class Output:
    card: int
    connector: str

    @property
    def card_device(self) -> Path:
        return DEV / "dri" / f"card{self.card}"


def find_output(panel: Panel, sysfs: Path = SYSFS, driver: str = "") -> Output | None:
    """The card whose connector is the panel's kind (or whose device's driver is
    ``driver``, when given); a connected one first."""
    found: list[tuple[bool, Output]] = []
    for entry, output in _connectors(sysfs):
        if driver:
            if card_driver(output.card, sysfs) != driver:
                continue
        elif not output.connector.startswith(_CONNECTOR_PREFIX[panel]):
            continue
        found.append((_status(entry) != "connected", output))
    if not found:
        return None
    return min(found, key=lambda item: (item[0], item[1].card))[1]


def card_driver(card: int, sysfs: Path = SYSFS) -> str:
    """The kernel driver bound to the card's device ("" when sysfs does not say)."""
    link = sysfs / "class" / "drm" / f"card{card}" / "device" / "driver"
    try:
        return Path(os.readlink(link)).name
    except OSError:
        return ""


def _status(connector: Path) -> str:
    try:
        return (connector / "status").read_text(encoding="ascii").strip()
    except OSError:
        return "unknown"


def framebuffer_of(output: Output, sysfs: Path = SYSFS) -> Path | None:
    """/dev/fbM made for the output's card by the DRM fbdev emulation, if any."""
    graphics = sysfs / "class" / "drm" / f"card{output.card}" / "device" / "graphics"
    names = sorted(entry.name for entry in graphics.glob("fb*"))
    return DEV / names[0] if names else None


def describe_outputs(sysfs: Path = SYSFS) -> str:
    """Every connector the kernel shows and its card's driver, for messages:
    "card0-HDMI-A-1 (vc4-drm), card1-SPI-1 (panel-mipi-dbi-spi)"."""
    described = []
    for entry, output in _connectors(sysfs):
        driver = card_driver(output.card, sysfs)
        described.append(f"{entry.name} ({driver})" if driver else entry.name)
    return ", ".join(described) or "none"


def _connectors(sysfs: Path) -> Iterator[tuple[Path, Output]]:
    """Each connector's sysfs folder and what it names, in order."""
    for entry in sorted((sysfs / "class" / "drm").glob("card*-*")):
        match = _CONNECTOR.fullmatch(entry.name)
        if match is not None:
            yield entry, Output(int(match.group(1)), match.group(2))


def output_shown(output: Output, sysfs: Path = SYSFS) -> str | None:
    """None when the kernel shows the output (connector enabled, DPMS on), else what it says.

    A panel whose modeset never happened stays "disabled" however many frames
    go into its framebuffer.
    """
    connector = sysfs / "class" / "drm" / f"card{output.card}-{output.connector}"
    states = {}
    for name in ("enabled", "dpms"):
        try:
            states[name] = (connector / name).read_text(encoding="ascii").strip()
        except OSError:
            states[name] = ""
    if states["enabled"] == "disabled":
        return f"{output.connector} is disabled (no modeset)"
    if states["dpms"] and states["dpms"] != "On":
        return f"{output.connector} is in DPMS {states['dpms']}"
    return None
