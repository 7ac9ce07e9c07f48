"""``python -m simulator``: the device app on a desktop.

With no display (or ``--headless``) it runs on SDL's dummy driver, plays the
script (or a short built-in walk-through), writes PNG screenshots to a folder
it names, and exits.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from device.app import App
from device.devices import Devices
from device.hardware.display import Display
from device.hardware.input import ButtonInput
from device.hardware.profiles import PROFILES, ProfileName
from device.hardware.sound import SAMPLE_BYTES, SAMPLE_RATE, Speaker
from device.look.theme import STANDARD
from device.play.opponent import InstantThinker
from device.play.review import BlockingReviewer
from drivers.audio import SilentSpeaker, open_speaker
from drivers.display import HeadlessDisplay, WindowDisplay, display_available, use_dummy_drivers
from drivers.framebuffer import (
    FramebufferDisplay,
    FramebufferError,
    FramebufferGeometry,
    PixelFormat,
    prepare_framebuffer_file,
)
from drivers.gamepad import GamepadInput
from drivers.keyboard import describe_keys, keymap_for
from engine.arguments import MAX_SEED, OneLineParser, whole_number_in
from simulator.demo import demo_script
from simulator.desktop_keys import DesktopKeys
from simulator.link import CABLE, simulator_ports
from simulator.logs import MessageLog, MoveLog, open_log
from simulator.overlays import HelpOverlay, PerfOverlay, StatusOverlay
from simulator.power import SimulatedPowerSwitch
from simulator.runner import HeadlessRun, VirtualClock, WindowRun
from simulator.script import (
    MAX_MILLIS,
    MAX_REPEAT,
    MAX_SCRIPT_MILLIS,
    MAX_STEPS,
    ScriptError,
    parse_script,
)

if TYPE_CHECKING:
    from simulator.serial_buttons import EmulatedButtons


def _default_save_dir(profile: str) -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "satellites" / "simulator" / profile


MAX_SCALE = 8
"""The largest window scale: the tabletop panel then fills a 3840-pixel-wide screen."""
MAX_STRIDE = 1 << 16
"""The longest framebuffer row, in bytes."""


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="python -m simulator", description="Satellites on the desktop, as on the handheld."
    )
    parser.add_argument("--profile", default=ProfileName.TABLETOP, choices=tuple(ProfileName))
    parser.add_argument("--scale", default=2, **whole_number_in(1, MAX_SCALE, "window scale"))
    parser.add_argument(
        "--seed", **whole_number_in(0, MAX_SEED, "seed for new games and the computer player")
    )
    parser.add_argument(
        "--save-dir",
        type=Path,
        help="where saves and settings are kept (headless, by default: a temporary folder "
        "removed at the end of the run)",
    )
    parser.add_argument(
        "--script",
        type=Path,
        help=f"timed button presses to play (a wait or hold of at most {MAX_MILLIS:,} ms, a "
        f"repeat of at most {MAX_REPEAT:,}; at most {MAX_STEPS:,} steps and "
        f"{MAX_SCRIPT_MILLIS:,} ms in all)",
    )
    parser.add_argument("--headless", action="store_true", help="no window; write PNG frames")
    parser.add_argument("--out", type=Path, help="folder for screenshots and recordings")
    parser.add_argument("--perf", action="store_true", help="show frame times")
    parser.add_argument(
        "--mute",
        action="store_true",
        help="no sound, as on a device without an audio output (the sound settings hide too)",
    )
    parser.add_argument("--record", action="store_true", help="save every frame as PNG")
    parser.add_argument(
        "--power-switch",
        action="store_true",
        help='as on a device that can switch itself off: the title offers "Power off", '
        "which ends the simulator",
    )
    parser.add_argument(
        "--link",
        metavar="URL",
        help="link-cable port offered first: a serial device, listen://127.0.0.1:7777 "
        "(wait for the other simulator) or socket://127.0.0.1:7777 (join it)",
    )
    parser.add_argument(
        "--log-moves",
        type=Path,
        metavar="FILE",
        help="append each move to FILE as it is shown: the game's seed, the ply, the move",
    )
    parser.add_argument(
        "--log-messages",
        type=Path,
        metavar="FILE",
        help="append each message the player is shown to FILE, one line each",
    )
    parser.add_argument(
        "--fb-device",
        type=Path,
        metavar="FILE",
        help="with --headless: present every frame into FILE exactly as the device's "
        "framebuffer (/dev/fbN) would hold it; FILE is made the framebuffer's size",
    )
    parser.add_argument(
        "--fb-format",
        choices=[str(pixel_format) for pixel_format in PixelFormat],
        default=str(PixelFormat.RGB565),
        help="pixel format of --fb-device (default rgb565, as the SPI panels use)",
    )
    parser.add_argument(
        "--fb-stride",
        metavar="BYTES",
        **whole_number_in(
            1, MAX_STRIDE, "bytes from one row of --fb-device to the next (default: no padding)"
        ),
    )
    parser.add_argument(
        "--buttons",
        choices=("keyboard", "serial-emulator"),
        default="keyboard",
        help="how the desktop keys reach the app: directly (keyboard), or through an emulated "
        "serial button controller, a pty and the device's reader (serial-emulator; F5 unplugs "
        "and plugs it back). Window only: headless runs and scripts press buttons directly, "
        "since their virtual clock cannot drive the reader's thread",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    out_dir = args.out or Path("out") / f"simulator-{args.profile}"
    script_text = None
    if args.script is not None:
        try:
            script_text = args.script.read_text(encoding="utf-8")
        except OSError as error:
            print(f"cannot read the script {args.script}: {error.strerror}", file=sys.stderr)
            return 2
        except UnicodeDecodeError:
            print(f"cannot read the script {args.script}: it is not UTF-8 text", file=sys.stderr)
            return 2
    if args.fb_device is not None and not args.headless:
        print("--fb-device runs headless; add --headless", file=sys.stderr)
        return 2
    headless = args.headless
    if not headless and not display_available():
        print(f"No display found: running headless; screenshots go to {out_dir}/")
        headless = True
    if headless:
        use_dummy_drivers()
    if headless:
        if not _make_out_dir(out_dir):
            return 2
        _say_buttons_are_direct(args)
        return _run_headless(args, out_dir, script_text)
    try:
        return _run_window(args, out_dir, script_text)
    except WindowUnavailable as error:
        print(
            f"No window could be opened ({error}): running headless; screenshots go to {out_dir}/"
        )
        use_dummy_drivers()
        if not _make_out_dir(out_dir):
            return 2
        _say_buttons_are_direct(args)
        return _run_headless(args, out_dir, script_text)


def _make_out_dir(out_dir: Path) -> bool:
    """The screenshots' folder, made now (False, said on stderr, when it cannot be)."""
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(f"cannot write screenshots to {out_dir}: {error.strerror}", file=sys.stderr)
        return False
    return True


def _say_buttons_are_direct(args: argparse.Namespace) -> None:
    if args.buttons == "serial-emulator":
        print("Headless: the buttons are pressed directly, not through the emulated controller")


class WindowUnavailable(Exception):
    """The desktop refused a window (no X server behind $DISPLAY, ...)."""


def _run_headless(args: argparse.Namespace, out_dir: Path, script_text: str | None) -> int:
    """A scripted run; without --save-dir its saves are thrown away at the end."""
    if args.save_dir is not None:
        return _run_headless_saving_in(args.save_dir, args, out_dir, script_text)
    with tempfile.TemporaryDirectory(prefix="satellites-sim-") as scratch:
        return _run_headless_saving_in(Path(scratch), args, out_dir, script_text)


def _run_headless_saving_in(
    save_dir: Path, args: argparse.Namespace, out_dir: Path, script_text: str | None
) -> int:
    pygame.display.init()
    pygame.font.init()
    profile = PROFILES[args.profile]
    if script_text is None:
        script_text = demo_script(args.profile)
    try:
        steps = parse_script(script_text, set(profile.meanings))
    except ScriptError as error:
        print(f"script: {error}", file=sys.stderr)
        return 2
    try:
        display = _headless_display(args, profile.size)
    except FramebufferError as error:
        print(f"--fb-device: {error}", file=sys.stderr)
        return 2
    clock = VirtualClock()
    seed = args.seed if args.seed is not None else 1
    devices = _devices(args, display, save_dir)
    app = App(
        replace(devices, clock=clock),
        thinker=InstantThinker(seed),
        hint_thinker=InstantThinker(seed + 1),
        reviewing=BlockingReviewer(),
        seed=seed,
    )
    with contextlib.ExitStack() as logs:
        if not _add_logs(args, app, logs):
            return 2
        run = HeadlessRun(app, clock, out_dir, record=args.record)
        run.run(steps)
    run.shots.append(run.screenshot("last"))
    print(
        f"Wrote {len(run.shots)} screenshots"
        + (f" and {run.frames} frames" if args.record else "")
        + f" to {out_dir}/"
    )
    pygame.quit()
    return 0


def _add_logs(args: argparse.Namespace, app: App, cleanup: contextlib.ExitStack) -> bool:
    """The --log-moves and --log-messages files, written after each frame until ``cleanup``.

    False (and the reason said) when one cannot be opened.
    """
    for option, path, log in (
        ("--log-moves", args.log_moves, MoveLog),
        ("--log-messages", args.log_messages, MessageLog),
    ):
        if path is None:
            continue
        try:
            out = cleanup.enter_context(open_log(path))
        except OSError as error:
            print(f"{option}: cannot write {path}: {error.strerror}", file=sys.stderr)
            return False
        app.after_draw.append(log(app, out))
    return True


def _devices(
    args: argparse.Namespace,
    display: Display,
    save_dir: Path,
    inputs: Sequence[ButtonInput] = (),
) -> Devices:
    """The simulated device: the desktop's keys and gamepads (none: a script presses the
    buttons), the desktop's sound, the simulated link cable."""
    return Devices(
        PROFILES[args.profile],
        display,
        save_dir,
        inputs=inputs,
        speaker=_speaker(args),
        link_cable=CABLE,
        link_ports=simulator_ports(args.link),
        power=SimulatedPowerSwitch() if args.power_switch else None,
    )


def _speaker(args: argparse.Namespace) -> Speaker:
    """The desktop's sound (SDL's mixer), or silence with --mute or without a sound card."""
    return SilentSpeaker() if args.mute else open_speaker(SAMPLE_RATE, SAMPLE_BYTES, print)


def _headless_display(
    args: argparse.Namespace, size: tuple[int, int]
) -> HeadlessDisplay | FramebufferDisplay:
    """Frames kept in memory, or written into a file laid out as the device's framebuffer."""
    if args.fb_device is None:
        return HeadlessDisplay(size)
    geometry = FramebufferGeometry.for_format(
        PixelFormat(args.fb_format), *size, line_length=args.fb_stride
    )
    try:
        prepare_framebuffer_file(args.fb_device, geometry)
    except OSError as error:
        raise FramebufferError(f"cannot write {args.fb_device}: {error.strerror}") from error
    return FramebufferDisplay(size, args.fb_device, 0, geometry, STANDARD.background)


def _run_window(args: argparse.Namespace, out_dir: Path, script_text: str | None) -> int:
    if script_text is not None:
        print("--script runs headless; add --headless", file=sys.stderr)
        return 2
    profile = PROFILES[args.profile]
    save_dir = args.save_dir or _default_save_dir(args.profile)
    try:
        pygame.display.init()
        pygame.font.init()
        if pygame.display.get_driver() in ("offscreen", "dummy"):
            raise pygame.error(f"SDL fell back to its {pygame.display.get_driver()} driver")
        display = WindowDisplay(profile.size, args.scale, title=f"Satellites ({profile.name})")
    except pygame.error as error:
        pygame.quit()
        raise WindowUnavailable(str(error)) from error
    desktop_keys = DesktopKeys(keymap_for(profile.pygame_keys))
    gamepads = GamepadInput(profile.pad_buttons)
    app = App(_devices(args, display, save_dir, (desktop_keys, gamepads)), seed=args.seed)
    keys = describe_keys(desktop_keys.keymap)
    cleanup = contextlib.ExitStack()
    if not _add_logs(args, app, cleanup):
        cleanup.close()
        pygame.quit()
        return 2
    emulated = None
    if args.buttons == "serial-emulator":
        emulated = _start_emulated_buttons(args.profile, app, desktop_keys, cleanup)
        keys.append(("F5", "pull / plug controller"))
    help_overlay = HelpOverlay(app.ui, profile, keys)
    perf = PerfOverlay(app.ui)
    perf.visible = args.perf
    app.after_draw += [perf, help_overlay]
    shots = [0]

    def on_key(key: int) -> bool:
        if key == pygame.K_F1:
            help_overlay.visible = not help_overlay.visible
        elif key == pygame.K_F2:
            perf.visible = not perf.visible
        elif key == pygame.K_F5 and emulated is not None:
            emulated.toggle_plug()
        elif key == pygame.K_F12:
            if _make_out_dir(out_dir):  # else the reason is on stderr; the game goes on
                shots[0] += 1
                path = out_dir / f"screenshot-{shots[0]:03d}.png"
                pygame.image.save(display.surface, path)
                print(f"saved {path}")
        else:
            return False
        return True

    print(f"Satellites ({profile.name}): F1 shows the keys; saves in {save_dir}")
    desktop_keys.own_key = on_key
    desktop_keys.redraw = app.redraw
    with cleanup:
        WindowRun(app, out_dir, record=args.record, frame_time=perf.record).run()
    pygame.quit()
    return 0


def _start_emulated_buttons(
    profile: str, app: App, desktop_keys: DesktopKeys, cleanup: contextlib.ExitStack
) -> EmulatedButtons:
    """The emulated controller and its reader, pressed by the desktop keys, running
    until ``cleanup`` closes."""
    # Imported only when asked for: the emulator's pty needs a POSIX system, and
    # the rest of the simulator does not.
    from simulator.serial_buttons import EmulatedButtons

    folder = cleanup.enter_context(tempfile.TemporaryDirectory(prefix="satellites-buttons-"))
    buttons = EmulatedButtons(profile, desktop_keys.keymap, Path(folder))
    print("Buttons: the desktop keys press an emulated serial controller (F5 pulls its cable)")
    buttons.start()
    cleanup.callback(buttons.stop)
    app.after_draw.append(StatusOverlay(app.ui, buttons.status))
    desktop_keys.controller = buttons
    return buttons
