"""Opening the device's screen the way the config says.

``framebuffer`` needs only the kernel: SDL runs its ``evdev`` driver (no
picture, but the buttons from /dev/input) and the frames go into the panel's
/dev/fbN.  ``kmsdrm`` goes through SDL, Mesa's EGL and GBM; the card is pinned
to the panel's connector, and when it cannot open the screen the launcher
says why in the system log and falls back to the framebuffer.  The desktop
drivers (x11, wayland) and the headless ones (dummy, offscreen) open SDL's
full-screen output as they are.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame

from deploy import panel
from deploy.config import Config, VideoOutput
from deploy.panel import PanelMissingError
from device.look.theme import STANDARD
from drivers.display import FullScreenDisplay, RotatingDisplay
from drivers.framebuffer import FramebufferDisplay, FramebufferError
from drivers.outputs import SYSFS
from drivers.preflight import PreflightError, require_kmsdrm

KMSDRM_PACKAGES = "libegl1 libgles2 libgbm1 libgl1-mesa-dri libdrm2"
"""What SDL's kmsdrm driver loads at run time (Raspberry Pi OS Lite lacks them)."""


class ScreenError(Exception):
    """No backend could open the screen; the message says why and what to do."""


def open_screen(
    config: Config,
    size: tuple[int, int],
    say: Callable[[str], None],
    sysfs: Path = SYSFS,
) -> RotatingDisplay:
    """The display backend the config names; kmsdrm falls back to the framebuffer."""
    if config.display is VideoOutput.FRAMEBUFFER:
        return open_framebuffer(config, size, sysfs)
    if config.display is VideoOutput.KMSDRM:
        try:
            return open_kmsdrm(config, size, sysfs)
        except (pygame.error, PreflightError) as error:
            reason = " ".join(str(error).split())
            say(
                f"kmsdrm could not open the screen ({reason}); using the framebuffer instead "
                f"(install {KMSDRM_PACKAGES} for kmsdrm)"
            )
            pygame.display.quit()
            return open_framebuffer(config, size, sysfs)
    os.environ["SDL_VIDEODRIVER"] = config.display
    pygame.display.init()
    return FullScreenDisplay(size, background=STANDARD.background)


def open_kmsdrm(config: Config, size: tuple[int, int], sysfs: Path) -> FullScreenDisplay:
    require_kmsdrm()
    output = panel.output_of(config, sysfs)
    if output is not None:
        os.environ["SDL_KMSDRM_DEVICE_INDEX"] = str(output.card)
    os.environ["SDL_VIDEODRIVER"] = VideoOutput.KMSDRM
    pygame.display.init()
    return FullScreenDisplay(size, background=STANDARD.background)


def open_framebuffer(config: Config, size: tuple[int, int], sysfs: Path) -> FramebufferDisplay:
    try:
        device = panel.framebuffer_device(config, sysfs)
    except PanelMissingError as error:
        raise ScreenError(str(error)) from error
    # evdev: SDL's dummy video driver that still reads the buttons from /dev/input.
    os.environ["SDL_VIDEODRIVER"] = "evdev"
    pygame.display.init()
    try:
        return FramebufferDisplay(size, device, background=STANDARD.background)
    except FramebufferError as error:
        raise ScreenError(str(error)) from error
