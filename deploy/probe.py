"""``python -m deploy.probe``: open the configured screen for real and show one frame.

The doctor runs this in a subprocess with a time limit, because a display
driver that fails can also hang or take the process down.  It prints one
line, ``ok: ...`` or ``FAIL: ...`` (what is missing and the command that
fixes it), and exits 0 or 1.  kmsdrm is tried on its own, without the
launcher's fallback, so that its own problem is named.  While the game runs
its screen is left alone: the probe says so and paints nothing.  After the
frame, the kernel must show the panel's output (enabled, DPMS on).
"""

from __future__ import annotations

import argparse
import ctypes
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from deploy.config import DEFAULT_PATH, Config, ConfigError, VideoOutput, load_config
from deploy.panel import output_of
from deploy.screen import KMSDRM_PACKAGES, ScreenError, open_framebuffer, open_kmsdrm
from device.hardware.profiles import PROFILES
from drivers.display import RotatingDisplay
from drivers.outputs import SYSFS, output_shown
from drivers.preflight import PreflightError

KMSDRM_LIBRARIES = ("libEGL.so.1", "libGLESv2.so.2", "libgbm.so.1", "libdrm.so.2")
"""What SDL's kmsdrm driver opens with dlopen when it starts."""


def _loads(library: str) -> bool:
    try:
        ctypes.CDLL(library)
    except OSError:
        return False
    return True


def missing_libraries(loads: Callable[[str], bool] = _loads) -> list[str]:
    return [library for library in KMSDRM_LIBRARIES if not loads(library)]


GAME_UNIT = "satellites.service"


def game_running() -> bool:
    """Whether the game's service holds the screen now."""
    try:
        state = subprocess.run(
            ["systemctl", "is-active", GAME_UNIT], capture_output=True, text=True, check=False
        )
    except OSError:
        return False
    return state.stdout.strip() in ("active", "activating", "reloading")


def probe(
    config: Config,
    size: tuple[int, int],
    sysfs: Path = SYSFS,
    running: Callable[[], bool] = game_running,
) -> str:
    """Open the screen as the config says and present one frame: the one-line verdict."""
    if running():
        return (
            f"ok: not painted: the game is running on the screen ({GAME_UNIT} is active); "
            f"to probe the screen: sudo systemctl stop {GAME_UNIT}"
        )
    try:
        display = _open(config, size, sysfs)
        display.surface.fill((0, 0, 0))
        display.present([display.surface.get_rect()])
    except (pygame.error, PreflightError, ScreenError) as error:
        return "FAIL: " + _explain(config, " ".join(str(error).split()))
    finally:
        pygame.quit()
    output = output_of(config, sysfs)
    hidden = output_shown(output, sysfs) if output is not None else None
    if hidden is not None:
        return (
            f"FAIL: a frame went to the {config.display} but the kernel does not show it: {hidden}"
        )
    return f"ok: {config.display} showed a frame of {size[0]}x{size[1]}"


def _open(config: Config, size: tuple[int, int], sysfs: Path) -> RotatingDisplay:
    if config.display is VideoOutput.KMSDRM:
        return open_kmsdrm(config, size, sysfs)
    return open_framebuffer(config, size, sysfs)


def _explain(config: Config, reason: str) -> str:
    if config.display is not VideoOutput.KMSDRM:
        return reason
    missing = missing_libraries()
    if missing:
        return (
            f"kmsdrm cannot start ({reason}): {', '.join(missing)} missing; "
            f"fix: sudo apt-get install {KMSDRM_PACKAGES} (the game uses the framebuffer "
            "meanwhile)"
        )
    return (
        f"kmsdrm cannot start ({reason}); the game uses the framebuffer instead, or set "
        'display = "framebuffer" in /etc/satellites/config.toml'
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m deploy.probe", description=__doc__)
    parser.add_argument("--config", type=Path, default=DEFAULT_PATH, help="the config file")
    args = parser.parse_args(argv)
    try:
        config = load_config(args.config)
    except ConfigError as error:
        print(f"FAIL: {error}")
        return 1
    verdict = probe(config, PROFILES[config.profile].size)
    print(verdict, flush=True)
    return 0 if verdict.startswith("ok") else 1


if __name__ == "__main__":
    sys.exit(main())
