"""The link cable for the app: which ports to offer, and the driver that opens them.

``drivers.link.connector.CableConnector`` fits the app's ``LinkCable`` as it
is (its constructor takes the port, the role, the save file and the host's
colour, and its sessions match ``ports.link.LinkSession``), so the wiring
passes the class itself: no adapter.
"""

from __future__ import annotations

from drivers.link.connector import CableConnector
from drivers.link.ports import link_ports
from ports.link import LinkCable

CABLE: LinkCable = CableConnector
"""Checked by mypy: the driver's connector is what the app asks for."""
SIMULATOR_PORTS = ("listen://127.0.0.1:7777", "socket://127.0.0.1:7777")
"""Two simulators on one machine: one waits on the first, the other joins on the second."""


def simulator_ports(configured: str | None) -> list[str]:
    """The ports a real device would offer, then the pair for two simulators."""
    return link_ports(configured, extra=SIMULATOR_PORTS)
