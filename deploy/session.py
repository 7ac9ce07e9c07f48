"""The game's session on the device, once the launcher has shown the splash.

It opens the screen the config names (the panel's framebuffer, or kmsdrm,
which falls back to the framebuffer), keeps the text console off it, starts
the serial button controller if one is configured, and runs the device app
with the Pi's drivers.  Between frames the app sleeps in ``poll`` on the key
devices (see ``drivers.input_wait``).  A save folder that cannot keep saves
(the data partition missing) does not stop the game: it starts with saves
off and says so on screen.  A crash is named on screen at the next start.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from deploy.config import Config, VideoOutput
from deploy.crash import crash_to_show
from deploy.log_line import say
from deploy.save_folder import VOLATILE_FILESYSTEMS, filesystem_type, write_and_sync
from deploy.screen import open_screen
from device.app import App
from device.devices import Devices
from device.hardware.profiles import KEYS, PROFILES
from device.hardware.sound import SAMPLE_BYTES, SAMPLE_RATE
from device.hardware.wait import Waiter
from device.journal.settings_file import SETTINGS_FILE, store_settings
from device.link.game import LinkGameStore, Role
from device.link.interface import LinkConnector
from device.play.settings import Settings
from drivers.audio import open_speaker
from drivers.console import Console, own_console
from drivers.framebuffer import FramebufferDisplay
from drivers.gamepad import GamepadInput
from drivers.input_wait import DEV_INPUT, ButtonDevices, FdWaiter
from drivers.keyboard import KeyboardInput, keymap_for
from drivers.link.ports import link_ports
from drivers.outputs import SYSFS
from drivers.power import HwmonSupply, LogindPower, find_backlight
from engine.rules import STANDARD, Rules

if TYPE_CHECKING:
    from drivers.serial_buttons.protocol import ButtonChange
    from drivers.serial_buttons.reader import ButtonReader

MOUNTS = Path("/proc/self/mounts")
DEVICE_DISPLAYS = (VideoOutput.FRAMEBUFFER, VideoOutput.KMSDRM)
"""Displays of the device itself: the console is kept off them, the keys are evdev."""


def saves_problem(folder: Path, mounts: Path = MOUNTS) -> str | None:
    """Why saves in ``folder`` would fail or vanish, or None when they are kept."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_and_sync(folder)
    except OSError as error:
        return f"{folder} cannot be written ({error.strerror}); is the data partition there?"
    fstype = filesystem_type(folder, mounts)
    if fstype in VOLATILE_FILESYSTEMS:
        return (
            f"{folder} is on {fstype} and would be lost at power-off; is the data partition there?"
        )
    return None


def seed_language(config: Config, save_dir: Path) -> None:
    """A new device speaks the configured language until the player changes it."""
    if not (save_dir / SETTINGS_FILE).exists():
        store_settings(save_dir, Settings(language=config.language))


@contextlib.contextmanager
def console_kept_off(config: Config, tty: Path) -> Iterator[None]:
    """The text console in graphics mode while the game shows on the device's screen."""
    if config.display not in DEVICE_DISPLAYS:
        yield
        return
    try:
        console = Console.open(tty)
    except OSError as error:
        say(f"{tty} cannot be opened ({error.strerror}): the console may draw over the game")
        yield
        return
    with console:
        problem = console.take()
        if problem is not None:
            say(problem)
        yield


def device_waiter(config: Config, sysfs: Path, dev_input: Path) -> FdWaiter | None:
    """On the device: a waiter on the button devices SDL reads; elsewhere SDL's own queue."""
    if config.display not in DEVICE_DISPLAYS:
        return None
    return FdWaiter(devices=ButtonDevices(dev_input, sysfs))


def cable_connector(
    port: str, role: Role, store: LinkGameStore, colour: int, rules: Rules = STANDARD
) -> LinkConnector:
    """The link cable's connector, loaded when a linked game is first set up (the
    title does not need it, and loading it costs start time)."""
    from device.link.connector import CableConnector
    from drivers.link.transport import open_transport

    return CableConnector(port, role, store, colour, open_transport, rules)


def start_buttons(port: str, waiter: Waiter | None) -> ButtonReader:
    """The serial button controller's reader, loaded only when one is configured."""
    from drivers.serial_buttons.reader import ButtonReader, post_key_event, sdl_keys

    def post(change: ButtonChange, key: int) -> None:
        post_key_event(change, key)
        if waiter is not None:
            waiter.wake()

    reader = ButtonReader(port, sdl_keys(KEYS), post=post)
    reader.start()
    return reader


def run(
    config: Config,
    sysfs: Path = SYSFS,
    mounts: Path = MOUNTS,
    tty: Path | None = None,
    dev_input: Path = DEV_INPUT,
) -> None:
    """Play until the app quits; the serial controller (if any) posts keys meanwhile."""
    problem = saves_problem(config.save_dir, mounts)
    save_dir = config.save_dir
    if problem is not None:
        say(f"saves are off: {problem}")
        save_dir = Path(tempfile.mkdtemp(prefix="satellites-saves-off-"))
    seed_language(config, save_dir)
    crash = crash_to_show(config.save_dir) if problem is None else None
    profile = PROFILES[config.profile]
    display = open_screen(config, profile.size, say, sysfs)
    if isinstance(display, FramebufferDisplay) and display.light_problem:
        say(display.light_problem)
    pygame.font.init()
    # Without a sound card: silent, and a line in the system log.
    speaker = open_speaker(SAMPLE_RATE, SAMPLE_BYTES, say)
    waiter = device_waiter(config, sysfs, dev_input)
    reader = start_buttons(config.button_serial_port, waiter) if config.button_serial_port else None
    try:
        with console_kept_off(config, tty or own_console()):
            devices = Devices(
                profile,
                display,
                save_dir,
                inputs=(
                    KeyboardInput(keymap_for(profile.pygame_keys)),
                    GamepadInput(profile.pad_buttons),
                ),
                waiter=waiter,
                speaker=speaker,
                power=LogindPower(),
                backlight=find_backlight(profile.backlight_pwm_gpio, sysfs),
                supply=HwmonSupply.find(sysfs),
                link_cable=cable_connector,
                link_ports=link_ports(config.link_port or None),
            )
            app = App(devices)
            if problem is not None:
                app.show_message(app.ui.t("msg.saves_off"))  # the reason is in the log above
            if crash is not None:
                app.show_message(app.ui.t("msg.last_crash"))  # the doctor shows what it was
            app.run()
    finally:
        if reader is not None:
            reader.stop()
        if waiter is not None:
            waiter.close()
        pygame.quit()
