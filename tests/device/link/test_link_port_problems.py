"""A port that cannot be had is named in the player's terms at once: a listening port
in use, a serial device that is not there or that another program holds.  The
system's own words go to the log."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest
import serial
from test_link_connector import MemoryStore, free_port

from device.link.connector import CableConnector
from device.link.events import LinkProblem, LinkSetupError
from device.link.game import Role
from drivers.link.transport import open_transport


def problem_opening(url: str, role: Role = Role.HOST) -> LinkSetupError:
    connector = CableConnector(url, role, MemoryStore(), 0, open_transport, agree_within=0.5)
    with pytest.raises(LinkSetupError) as failure:
        connector.open()
    return failure.value


def test_a_listening_port_in_use_is_named_and_the_system_says_why_in_the_log() -> None:
    port = free_port()
    with socket.create_server(("127.0.0.1", port)):
        failure = problem_opening(f"listen://127.0.0.1:{port}")
    assert failure.problem is LinkProblem.PORT_IN_USE
    assert "Address already in use" in str(failure), "the log gets the system's words"


def test_a_serial_device_that_is_not_there_is_named_at_once(tmp_path: Path) -> None:
    """Not after the half minute of waiting for an answer: the port is opened first."""
    failure = problem_opening(str(tmp_path / "ttyUSB9"), Role.GUEST)
    assert failure.problem is LinkProblem.NO_PORT
    assert "No such file or directory" in str(failure)


def test_a_serial_device_another_program_holds_is_named() -> None:
    controller, device = os.openpty()
    path = os.ttyname(device)
    try:
        with serial.Serial(path, exclusive=True):
            failure = problem_opening(path)
        assert failure.problem is LinkProblem.PORT_IN_USE
    finally:
        os.close(controller)
        os.close(device)


def test_a_file_that_is_no_serial_port_is_named_as_a_port_that_cannot_be_opened(
    tmp_path: Path,
) -> None:
    not_a_port = tmp_path / "notes.txt"
    not_a_port.write_text("not a serial port")
    assert problem_opening(str(not_a_port)).problem is LinkProblem.PORT_FAILED


def test_a_listening_address_without_a_port_is_named_as_a_port_that_cannot_be_opened() -> None:
    assert problem_opening("listen://127.0.0.1").problem is LinkProblem.PORT_FAILED
