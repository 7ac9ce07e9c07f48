"""``satellites-appliance``: the game full screen on the Pi, started at boot.

It reads /etc/satellites/config.toml, opens the screen the config names (the
panel's framebuffer, or kmsdrm, which falls back to the framebuffer), starts
the serial button controller if one is configured, and runs the device app
with the Pi's drivers.  A save folder that cannot keep saves (the data
partition missing) does not stop the game: it starts with saves off and says
so on screen.  A crash is kept in the save folder for the doctor and named
on screen at the next start.  Every problem that stops it is one line in the
journal and status 2.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pygame

from deploy.checks import VOLATILE_FILESYSTEMS, filesystem_type, write_and_sync
from deploy.config import DEFAULT_PATH, Config, ConfigError, load_config
from deploy.crash import crash_to_show, record_crash
from deploy.screen import ScreenError, open_screen
from device.app import App
from device.profiles import PROFILES
from device.settings import SETTINGS_FILE, Settings, store_settings
from drivers.audio import open_speaker
from drivers.keyboard import keymap_for
from drivers.link.connector import CableConnector
from drivers.link.ports import link_ports
from drivers.outputs import SYSFS
from drivers.power import HwmonSupply, LogindPower, SysfsBacklight
from drivers.preflight import PreflightError
from drivers.serial_buttons.reader import ButtonReader

MOUNTS = Path("/proc/self/mounts")


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="satellites-appliance", description="Run Satellites full screen on the device."
    )
    parser.add_argument("--config", type=Path, default=DEFAULT_PATH, help="the config file")
    return parser.parse_args(argv)


def say(line: str) -> None:
    """One line for the journal."""
    print(f"satellites: {line}", file=sys.stderr, flush=True)


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


def run(config: Config, sysfs: Path = SYSFS, mounts: Path = MOUNTS) -> None:
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
    pygame.font.init()
    speaker = open_speaker(say)  # without a sound card: silent, and a line in the journal
    reader = None
    if config.button_serial_port:
        reader = ButtonReader(config.button_serial_port)
        reader.start()
    try:
        app = App(
            profile,
            display,
            keymap_for(config.profile),
            save_dir,
            link_cable=CableConnector,
            link_ports=link_ports(config.link_port or None),
            power=LogindPower(),
            backlight=SysfsBacklight.find(sysfs),
            supply=HwmonSupply.find(sysfs),
            speaker=speaker,
        )
        if problem is not None:
            app.show_message(app.ui.t("msg.saves_off"))  # the reason is in the log above
        if crash is not None:
            app.show_message(app.ui.t("msg.last_crash", problem=crash.problem))
        app.run()
    finally:
        if reader is not None:
            reader.stop()
        pygame.quit()


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse_args(argv)
    try:
        config = load_config(args.config)
    except ConfigError as error:
        say(str(error))
        return 2
    try:
        run(config)
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
