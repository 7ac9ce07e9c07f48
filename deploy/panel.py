"""Finding the profile's panel, without pygame (the launcher uses it before the splash).

The framebuffer is found by what it is (the DRM connector of the profile's
kind of panel, see ``drivers.outputs``), never by its number.  At boot the
panel's driver may come up after the game's service starts: the launcher
waits up to ``PANEL_WAIT_S`` for it, inside one start, rather than failing
and spending the unit's few restarts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from deploy.config import Config
from device.hardware.profiles import PROFILES
from drivers.outputs import SYSFS, Output, Panel, describe_outputs, find_output, framebuffer_of

PANEL_WAIT_S = 20.0
PANEL_POLL_S = 0.25


class PanelMissingError(Exception):
    """No framebuffer for the profile's panel; the message says what to check."""


def panel_of(config: Config) -> Panel:
    return Panel(PROFILES[config.profile].panel)


def output_of(config: Config, sysfs: Path = SYSFS) -> Output | None:
    """The panel's DRM card and connector: by the configured driver, else by connector kind."""
    return find_output(panel_of(config), sysfs, driver=config.panel_driver)


def framebuffer_device(config: Config, sysfs: Path = SYSFS) -> Path:
    """The configured /dev/fbN, or the one the kernel made for the profile's panel."""
    if config.fb_device:
        return Path(config.fb_device)
    output = output_of(config, sysfs)
    device = framebuffer_of(output, sysfs) if output is not None else None
    if device is None:
        wanted = (
            f"the panel driven by {config.panel_driver}"
            if config.panel_driver
            else f"the {panel_of(config)} panel"
        )
        raise PanelMissingError(
            f"no framebuffer for {wanted} (outputs: {describe_outputs(sysfs)}): "
            f"check the display lines of deploy/boot-{config.profile}.txt are in "
            "/boot/firmware/config.txt and reboot, or set panel_driver in the config"
        )
    return device


def wait_for_panel(
    config: Config,
    sysfs: Path = SYSFS,
    wait_s: float = PANEL_WAIT_S,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> Path | None:
    """The panel's framebuffer once the kernel shows it; None after ``wait_s`` without."""
    give_up = clock() + wait_s
    while True:
        try:
            return framebuffer_device(config, sysfs)
        except PanelMissingError:
            if clock() >= give_up:
                return None
        sleep(PANEL_POLL_S)
