"""``satellites-appliance``: the game full screen on the Pi, started at boot.

It reads /etc/satellites/config.toml, waits (up to 20 s) for the panel the
profile names, paints a splash straight into its framebuffer, and only then
loads pygame and the app (``deploy.session``), which take seconds on a
Zero 2 W.  A crash is kept in the save folder for the doctor and named on
screen at the next start.  Every problem that stops it is one line in the
system log and status 2.  SIGTERM (systemd stopping the game) ends it like a
quit, so the console is given back.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

from deploy.config import DEFAULT_PATH, Config, ConfigError, VideoOutput, load_config
from deploy.crash import record_crash
from deploy.log_line import say
from deploy.panel import PANEL_WAIT_S, wait_for_panel
from device.hardware.profiles import PROFILES
from device.look.palettes import STANDARD
from drivers.outputs import SYSFS
from drivers.power import PwmBacklight, SysfsBacklight
from drivers.splash import show_splash


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="satellites-appliance", description="Run Satellites full screen on the device."
    )
    parser.add_argument("--config", type=Path, default=DEFAULT_PATH, help="the config file")
    return parser.parse_args(argv)


def _stop(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(0)


def greet(config: Config, sysfs: Path = SYSFS) -> None:
    """Wait for the panel (without spending the unit's restarts), then the splash."""
    if config.display not in (VideoOutput.FRAMEBUFFER, VideoOutput.KMSDRM):
        return
    started = time.monotonic()
    device = wait_for_panel(config, sysfs)
    if device is None:
        say(f"no panel after {PANEL_WAIT_S:.0f} s")
        return  # opening the screen says what is missing
    if time.monotonic() - started > 1:
        say(f"the panel appeared after {time.monotonic() - started:.1f} s")
    if config.display is VideoOutput.FRAMEBUFFER:
        show_splash(device, STANDARD.background, STANDARD.players)
    light_pwm_backlight(config, sysfs)


def light_pwm_backlight(config: Config, sysfs: Path = SYSFS) -> None:
    """Light a PWM channel driven through sysfs (the fallback without a kernel backlight
    device) for the splash: nothing else does (the kernel's backlight comes on with the
    panel); the app sets the player's level."""
    gpio = PROFILES[config.profile].backlight_pwm_gpio
    if gpio is None or SysfsBacklight.find(sysfs) is not None:
        return
    light = PwmBacklight.find(gpio, sysfs)
    if light is not None:
        try:
            light.set_level(100)
        except OSError:
            return  # the app finds the light again, or plays in the dark


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse_args(argv)
    try:
        config = load_config(args.config)
    except ConfigError as error:
        say(str(error))
        return 2
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        return _play(config)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _play(config: Config) -> int:
    greet(config)
    # Only now the heavy part: pygame and the app take seconds to load on a Zero 2 W.
    import pygame

    from deploy import session
    from deploy.screen import ScreenError
    from drivers.preflight import PreflightError

    try:
        session.run(config)
    except (PreflightError, ScreenError) as error:
        say(" ".join(str(error).split()))
        return 2
    except pygame.error as error:
        say(f"the screen could not be opened ({error}); run satellites-doctor")
        return 2
    except Exception as error:
        record_crash(config.save_dir, error)
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
