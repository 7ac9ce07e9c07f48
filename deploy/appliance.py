"""``satellites-appliance``: the game full screen on the Pi, started at boot.

It reads /etc/satellites/config.toml, checks that SDL's kmsdrm driver will see
the screen and the buttons, starts the serial button controller if one is
configured, and runs the device app with the Pi's drivers.  Every problem it
can name ends the program with one line in the journal and status 2 (systemd
then shows the login prompt after its restart limit); nothing is printed on
the game's screen.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import pygame

from deploy.config import DEFAULT_PATH, Config, ConfigError, load_config
from device.app import App
from device.profiles import PROFILES
from device.settings import SETTINGS_FILE, Settings, store_settings
from drivers.display import FullScreenDisplay
from drivers.keyboard import keymap_for
from drivers.link.connector import CableConnector
from drivers.link.ports import link_ports
from drivers.preflight import PreflightError, require_kmsdrm
from drivers.serial_buttons.reader import ButtonReader


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="satellites-appliance", description="Run Satellites full screen on the device."
    )
    parser.add_argument("--config", type=Path, default=DEFAULT_PATH, help="the config file")
    return parser.parse_args(argv)


def prepare_video(config: Config) -> None:
    """Choose SDL's video driver, checking kmsdrm's permissions first."""
    os.environ["SDL_VIDEODRIVER"] = config.display
    if config.display == "kmsdrm":
        require_kmsdrm()


def seed_language(config: Config) -> None:
    """A new device speaks the configured language until the player changes it."""
    if not (config.save_dir / SETTINGS_FILE).exists():
        store_settings(config.save_dir, Settings(language=config.language))


def run(config: Config) -> None:
    """Play until the app quits; the serial controller (if any) posts keys meanwhile."""
    prepare_video(config)
    config.save_dir.mkdir(parents=True, exist_ok=True)
    seed_language(config)
    pygame.display.init()  # no audio: the game is silent, and a Pi may have no sound card
    pygame.font.init()
    profile = PROFILES[config.profile]
    reader = None
    if config.button_serial_port:
        reader = ButtonReader(config.button_serial_port)
        reader.start()
    try:
        display = FullScreenDisplay(profile.size)
        App(
            profile,
            display,
            keymap_for(config.profile),
            config.save_dir,
            link_cable=CableConnector,
            link_ports=link_ports(config.link_port or None),
        ).run()
    finally:
        if reader is not None:
            reader.stop()
        pygame.quit()


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse_args(argv)
    try:
        config = load_config(args.config)
        run(config)
    except (ConfigError, PreflightError) as error:
        print(f"satellites: {error}", file=sys.stderr)
        return 2
    except pygame.error as error:
        print(
            f"satellites: the screen could not be opened ({error}); run satellites-doctor",
            file=sys.stderr,
        )
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
