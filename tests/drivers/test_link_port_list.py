"""The serial ports a device offers for the link cable."""

from pathlib import Path

from drivers.link.ports import link_ports

SIMULATOR_PORTS = ("listen://127.0.0.1:7777", "socket://127.0.0.1:7777")


def fake_dev(tmp_path: Path, *names: str) -> Path:
    dev = tmp_path / "dev"
    for name in names:
        (dev / name).parent.mkdir(parents=True, exist_ok=True)
        (dev / name).touch()
    dev.mkdir(exist_ok=True)
    return dev


def test_the_configured_port_comes_first_then_the_uart_and_usb_adapters_then_extras(
    tmp_path: Path,
) -> None:
    dev = fake_dev(
        tmp_path, "serial0", "serial/by-id/usb-FTDI_B-if00-port0", "serial/by-id/usb-FTDI_A-if00"
    )
    ports = link_ports("socket://10.0.0.2:7777", dev, SIMULATOR_PORTS)
    assert ports == [
        "socket://10.0.0.2:7777",
        str(dev / "serial0"),
        str(dev / "serial/by-id/usb-FTDI_A-if00"),
        str(dev / "serial/by-id/usb-FTDI_B-if00-port0"),
        *SIMULATOR_PORTS,
    ]


def test_a_configured_port_is_offered_once_and_missing_devices_not_at_all(tmp_path: Path) -> None:
    dev = fake_dev(tmp_path)
    assert link_ports(SIMULATOR_PORTS[1], dev, SIMULATOR_PORTS) == list(SIMULATOR_PORTS[::-1])
    assert link_ports(None, dev) == []
