"""The link cable for the app: which ports to offer, and the driver that opens them.

``drivers.link.connector.CableConnector`` fits the app's ``LinkCable`` as it
is (its constructor takes the port, the role, the save file and the host's
colour, and its sessions match ``device.ports.LinkSession``), so the wiring
passes the class itself: no adapter.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from device.ports import LinkCable
from drivers.link.connector import CableConnector

CABLE: LinkCable = CableConnector
"""Checked by mypy: the driver's connector is what the app asks for."""
GPIO_UART = "serial0"
SIMULATOR_PORTS = ("listen://127.0.0.1:7777", "socket://127.0.0.1:7777")
"""Two simulators on one machine: one waits on the first, the other joins on the second."""


def link_ports(
    configured: str | None = None,
    dev: Path = Path("/dev"),
    extra: Sequence[str] = SIMULATOR_PORTS,
) -> list[str]:
    """The configured port first, then the GPIO UART and USB adapters present, then ``extra``.

    USB adapters are listed by their stable ``/dev/serial/by-id`` names, which
    survive replugging (a bare ``ttyUSBn`` may change).
    """
    found = [str(dev / GPIO_UART)] if (dev / GPIO_UART).exists() else []
    by_id = dev / "serial" / "by-id"
    if by_id.is_dir():
        found += sorted(str(path) for path in by_id.iterdir())
    ports = [configured] if configured else []
    return ports + [port for port in [*found, *extra] if port not in ports]
