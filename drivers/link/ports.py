"""The serial ports a device can offer for the link cable."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

GPIO_UART = "serial0"


def link_ports(
    configured: str | None = None,
    dev: Path = Path("/dev"),
    extra: Sequence[str] = (),
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
