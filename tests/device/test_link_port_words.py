"""A link port that cannot be had, through the buttons: the player reads what to do in
their language, never the system's words (those go to the log), and goes back to
New game to choose another port."""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import pytest
from app_driver import Driver
from test_link_cable import free_port
from test_link_setup import wait_until_finished

from device.i18n import LANGUAGES
from device.link.events import LinkProblem
from device.screens.dialogs import MessageScreen
from device.screens.link_screens import LinkWaitScreen
from device.screens.new_game_screen import NewGameScreen
from simulator.link import CABLE


def start_on(driver: Driver, port: str) -> MessageScreen:
    """New game > Play: link cable > Start on ``port``; the message it ends with."""
    t = driver.app.ui.t
    driver.app.link_cable = CABLE
    driver.app.link_ports = (port,)
    driver.choose_item(t("title.new"))
    driver.set_item(t("new.mode"), t("new.mode.link"))
    driver.choose_item(t("new.start"))
    if isinstance(driver.app.top, LinkWaitScreen):
        wait_until_finished(driver, driver.app.top)
        driver.advance(100)
    message = driver.app.top
    assert isinstance(message, MessageScreen)
    return message


def assert_told(driver: Driver, message: MessageScreen, problem: LinkProblem) -> None:
    t = driver.app.ui.t
    assert message.words == t("link.failed", problem=t(problem))
    assert "Errno" not in message.words and "/" not in message.words
    driver.confirm()
    assert isinstance(driver.app.top, NewGameScreen), "back to choose another port"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_missing_serial_port_says_so_at_once_and_offers_back(
    language: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    driver = Driver("lcdhat", tmp_path / "saves")
    driver.app.settings.language = language
    message = start_on(driver, str(tmp_path / "ttyUSB7"))
    assert_told(driver, message, LinkProblem.NO_PORT)
    assert "No such file or directory" in caplog.text


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_listening_port_in_use_says_so_in_the_players_words(
    language: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    driver = Driver("hatmini", tmp_path)
    driver.app.settings.language = language
    port = free_port()
    with socket.create_server(("127.0.0.1", port)):
        message = start_on(driver, f"listen://127.0.0.1:{port}")
    assert_told(driver, message, LinkProblem.PORT_IN_USE)
    assert "Address already in use" in caplog.text
