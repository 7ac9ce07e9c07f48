"""The ports the simulator offers for the link cable, and its --link option."""

from simulator.cli import build_parser
from simulator.link import SIMULATOR_PORTS, simulator_ports


def test_the_simulator_offers_the_pair_for_two_simulators_after_any_device_port() -> None:
    ports = simulator_ports("socket://10.0.0.2:7777")
    assert ports[0] == "socket://10.0.0.2:7777"
    assert ports[-2:] == list(SIMULATOR_PORTS)


def test_the_command_line_takes_a_link_url() -> None:
    args = build_parser().parse_args(["--link", "listen://127.0.0.1:7777"])
    assert args.link == "listen://127.0.0.1:7777"
    assert build_parser().parse_args([]).link is None
