"""The link cable for the app: which ports to offer, and the connector that opens them.

The app's connector (``device.link.connector``) opens its ports with the
link's transports (``drivers.link.transport``), handed in here.
"""

from __future__ import annotations

from device.link.connector import cable
from device.link.interface import LinkCable
from drivers.link.ports import link_ports
from drivers.link.transport import open_transport

CABLE: LinkCable = cable(open_transport)
SIMULATOR_PORTS = ("listen://127.0.0.1:7777", "socket://127.0.0.1:7777")
"""Two simulators on one machine: one waits on the first, the other joins on the second."""


def simulator_ports(configured: str | None) -> list[str]:
    """The ports a real device would offer, then the pair for two simulators."""
    return link_ports(configured, extra=SIMULATOR_PORTS)
