"""The appliance's first boot in the virtual Zero 2 W, unattended (``pi-vm test``).

1. A fresh copy of the card; the offline bundle (``deploy/bundle.sh``) and the
   checkout on a second disk standing for the USB stick; no network inside.
2. What the card's first boot made (``/tmp``, swap, the first user), the speed
   calibration, then the install as deploy/README.md says for a device without a
   network (``deploy/update.sh --bundle``, naming the profile, the panel's driver
   and the data partition); then a clean power-off, or (long form) a power cut
   0-3 s after the install returned (``cuts``).
3. The panel's first frames from the power-on, compared with the simulator's
   title of the same profile, on the guest's clock from the kernel's start
   (``boottime``); systemd's critical chain; idle wakeups, CPU and memory at the
   title; the calibration again (``calibration``).
4. Long form: "Power off" from the game's menu (``menu_power``); a game by key
   presses, idle while waiting for the player's move, power cuts (QEMU killed) at
   random moments with Continue checked after each; every other boot after a cut
   has the panel alone (fb0, the kernel's console on it), where a kernel message
   during play must leave the game's frame intact; an update, cut 0-3 s after it
   returned.
5. The power button (``system_powerdown``): a clean shutdown within 30 s.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from enum import StrEnum
from pathlib import Path

from deploy.vm import calibration, cuts, keys, login_console, menu_power, restart
from deploy.vm.boottime import GuestClock, keep_critical_chain, unit_start_s
from deploy.vm.builder import engine_build, ensure_engine, mypy_version
from deploy.vm.console import ConsoleError, SerialConsole
from deploy.vm.hostpkg import MissingTools, require_commands
from deploy.vm.image import BUILD_COMMANDS, BuildError, ensure_arm64_binfmt, main_build
from deploy.vm.machine import (
    DEFAULT_SUITE,
    PANEL_DRIVER,
    PANEL_ID,
    MachineFiles,
    PanelLayout,
    boot_commands_ready,
    fresh_card,
    qemu_command,
    start,
)
from deploy.vm.pictures import Picture, PictureError
from deploy.vm.qmp import QmpClient, QmpError
from deploy.vm.recipe import DATA_LABEL, CachedImage, Suite, cached_image
from deploy.vm.report import Idle, Report
from deploy.vm.sample import bench
from device.hardware.buttons import Button
from device.hardware.profiles import PROFILES, ProfileName
from device.play.demo import MOVE_EVERY_MS, PLAYS_FOR_MS
from engine.arguments import whole_number_in
from engine.record import RecordError, parse_record

SOURCE_DIR = Path(__file__).resolve().parents[2]
STICK_LABEL = "stick"
STICK = "/media/usb"
GUEST_SAMPLE = f"{STICK}/satellites/deploy/vm/sample.py"
BUNDLE_KEY = "satellites-bundle-key.pub.pem"
"""The public half of the run's own signing key, on the stick beside the bundle."""
SAVE_DIR = "/var/lib/satellites"
PYTHON_VERSION = {Suite.BOOKWORM: "311", Suite.TRIXIE: "313"}
POWER_OFF_LIMIT_S = 30.0
"""The longest a power-off may take, by the button or from the game's menu."""
MAX_CUTS = 50
MAX_SEED = 2**32 - 1
DEVICE_WAIT = "10min"
"""How long the emulated boot may take to label the data partition (guest/'s default)."""
BOOT_WAIT_S = 1800.0
"""How long an emulated boot may take to a shell, and the panel to its first frame
after a power-on: 2-3 minutes on a quiet host, 10-12 beside other emulated builds
and machines (a load of 15-18 on two cores)."""


TITLE_PICTURES = PLAYS_FOR_MS // MOVE_EVERY_MS + 1
"""The title's pictures at rest: before its game's first move and after each move of the
minute it plays after the start (then its board stands still)."""
STILL_MOVES = 4
"""The title's game has stopped once its picture holds for this many moves' time."""


class PanelKind(StrEnum):
    """What drives the virtual panel."""

    STAND_IN = "bochs"
    MIPI_DBI = "mipi-dbi"


DEVICE_WAIT_S = 600.0
"""The same wait for the panel stand-in's framebuffer, in the harness."""
BOOT_FILES = ("/boot/firmware/config.txt", "/boot/firmware/cmdline.txt")
"""What the Pi's firmware reads first: the installer rewrites config.txt's block."""


class StepFailed(Exception):
    """A step of the first boot went wrong; the message says which and why."""


def add_test_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, required=True, help="folder for report.json and frames")
    parser.add_argument(
        "--profile", type=ProfileName, choices=tuple(ProfileName), default=ProfileName.HATMINI
    )
    parser.add_argument("--suite", type=Suite, choices=tuple(Suite), default=DEFAULT_SUITE)
    parser.add_argument(
        "--panel",
        type=PanelKind,
        choices=tuple(PanelKind),
        default=PanelKind.STAND_IN,
        help="the panel: QEMU's bochs-display standing in for it, or the real panel-mipi-dbi "
        "driver with the profile's firmware on an SPI bus of GPIO lines, its picture rebuilt "
        "from the bits on the wires (deploy/vm/panel_card.py)",
    )
    parser.add_argument(
        "--short",
        action="store_true",
        help="boot, install, reboot, first frame, idle at the title and the power button only "
        "(no game and no power cuts)",
    )
    parser.add_argument(
        "--cuts", default=5, **whole_number_in(1, MAX_CUTS, "power cuts in the long form")
    )
    parser.add_argument(
        "--seed", default=None, **whole_number_in(0, MAX_SEED, "seed for the cuts' moments")
    )


class Machine:
    """One run of QEMU on the card: its QMP connection and its serial console."""

    def __init__(self, command: list[str], files: MachineFiles) -> None:
        for stale in (files.qmp, files.serial):
            stale.unlink(missing_ok=True)
        self.process = start(command, files.folder / "qemu.log")
        self.started = time.monotonic()
        self.files = files
        self.qmp = QmpClient.connect(files.qmp)
        self.console = SerialConsole.connect(files.serial)

    def panel(self, name: str = "panel") -> Picture:
        path = self.files.folder / f"{name}.ppm"
        self.console.drain()
        self.qmp.screendump(path, PANEL_ID)
        return Picture.from_ppm(path)

    def press(self, presses: list[keys.Press], gap_s: float = 0.4) -> None:
        for key in presses:
            self.qmp.send_key(key.qcode, hold_ms=key.hold_ms)
            time.sleep(gap_s + key.hold_ms / 1000)

    def settle(self, quiet_s: float = 2.0, timeout_s: float = 90.0) -> Picture:
        """The panel's picture once it has not changed for ``quiet_s``."""
        deadline = time.monotonic() + timeout_s
        last = self.panel()
        since = time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.5)
            frame = self.panel()
            if frame != last:
                last, since = frame, time.monotonic()
            elif time.monotonic() - since >= quiet_s:
                return frame
        raise StepFailed(f"the panel did not settle within {timeout_s:.0f} s")

    def level_with_other_work(self) -> None:
        """QEMU's threads at ordinary work's niceness (0) instead of ``QEMU_NICENESS``:
        a step timed against a limit the device must meet gets the machine's fair share
        of a host busy with other work (raising a priority needs root; else as it was)."""
        for task in Path(f"/proc/{self.process.pid}/task").glob("*"):
            with contextlib.suppress(OSError, ValueError):
                os.setpriority(os.PRIO_PROCESS, int(task.name), 0)

    def cut(self) -> None:
        """Pull the power: QEMU stops at once; only what reached the card stays."""
        with contextlib.suppress(QmpError):
            self.qmp.execute("quit")
        self.stop()

    def stop(self) -> None:
        self.console.close()
        self.qmp.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class FirstBoot:
    framebuffer_name = PANEL_DRIVER
    panel_driver: str | None = PANEL_DRIVER
    """The driver the install names for the panel (None: the app finds it by its connector)."""
    """The start of the panel's framebuffer's name (``/sys/class/graphics/fbN/name``)."""

    def __init__(self, args: argparse.Namespace, image: CachedImage, out: Path) -> None:
        self.args = args
        self.profile: ProfileName = args.profile
        self.image = image
        self.out = out
        self.work = out / "machine"
        self.report = Report(profile=str(args.profile), suite=str(args.suite), short=args.short)
        self.random = random.Random(args.seed)
        self.card = Path()
        self.stick = Path()
        self.titles: list[Picture] = []
        """The simulator's title pictures (``simulator_title``)."""
        self.title_pictures: set[bytes] = set()
        """The same, as an RGB565 panel shows them."""
        self.machine: Machine | None = None
        self.first_frame_seen: float | None = None
        self.title_seen: float | None = None
        self.plies = 0
        self.speed_moments: list[calibration.Moment] = []
        self.game_only = not args.short
        """The long form installs ``--appliance`` (SSH, radios and cloud-init's boot run
        off); the short one as a device left as Imager set it up."""
        self.boot_files: dict[str, str] = {}
        """BOOT_FILES as the card had them before the install."""

    # -- preparing ---------------------------------------------------------------------

    def prepare(self) -> None:
        self.work.mkdir(parents=True, exist_ok=True)
        with self.timed("simulator_title"):
            self.titles = simulator_title(self.profile, self.out / "simulator")
            self.title_pictures = {title.as_rgb565() for title in self.titles}
        with self.timed("compiled_engine"):
            compiled = compiled_engine(self.args.suite)
        with self.timed("bundle"):
            stick_dir = self.work / "stick"
            if stick_dir.exists():
                shutil.rmtree(stick_dir)
            stick_dir.mkdir()
            private_key = make_key_pair(
                self.work / "satellites-bundle-key.pem", stick_dir / BUNDLE_KEY
            )
            make_bundle(
                stick_dir / "satellites-bundle.tar",
                private_key,
                PYTHON_VERSION[self.args.suite],
                compiled,
            )
            copy_checkout(stick_dir / "satellites")
            self.add_to_stick(stick_dir)
            self.stick = self.work / "stick.img"
            self.stick.unlink(missing_ok=True)
            check_run(["mkfs.ext4", "-q", "-L", STICK_LABEL, "-d", stick_dir, self.stick, "160M"])
        with self.timed("card_copy"):
            self.card = fresh_card(self.image, self.work)

    def add_to_stick(self, stick_dir: Path) -> None:
        """What the machine's variant puts on the stick beside the bundle (nothing here)."""

    def boot(self, layout: PanelLayout = PanelLayout.BESIDE_CONSOLE) -> Machine:
        files = MachineFiles(self.work)
        command = qemu_command(self.image, self.card, self.profile, files, self.stick, layout)
        self.machine = Machine(command, files)
        self.report.boots.append({"layout": str(layout)})
        return self.machine

    # -- the steps ---------------------------------------------------------------------

    def run(self) -> None:
        self.prepare()
        machine = self.boot()
        self.report.boot_to_shell_s = round(machine.console.wait_for_shell(BOOT_WAIT_S), 1)
        mount_stick(machine)
        self.first_boot_made(machine)
        self.name_panel(machine)
        self.give_the_data_partition_time(machine)
        self.calibrate(machine, "before")
        self.install(machine)
        if self.args.short:
            self.check_compiled_engine(machine)
            machine = self.power_cycle(machine)
        else:
            machine = cuts.cut_soon_after(self, machine, "install")
        machine = self.at_the_title(machine)
        if not self.args.short:
            self.report.cut_after_install_ok = (
                self.report.first_frame_matches is True and self.boot_files_whole(machine)
            )
            self.check_compiled_engine(machine)
            machine = menu_power.power_off_from_the_menu(self, machine)
            self.play(machine)
            machine = self.power_cuts(machine)
            machine = cuts.update_then_cut(self, machine)
        self.power_button(machine)

    def first_boot_made(self, machine: Machine) -> None:
        """What the card's first boot set up: /tmp, the swap, the first user (Imager's
        settings through cloud-init, on Trixie), and the boot files as they were."""
        console = machine.console
        self.report.tmp = console.check("findmnt -n -o FSTYPE,OPTIONS /tmp || echo 'on /'").strip()
        self.report.swap = (
            console.check("swapon --show=NAME,TYPE,SIZE --noheadings | paste -sd,").strip() or None
        )
        user = console.check("getent passwd 1000 | cut -d: -f1").strip()
        if user:
            self.report.first_user = f"{user} ({console.check(f'id -nG {user}').strip()})"
        self.boot_files = {path: console.check(f"cat {path}") for path in BOOT_FILES}

    def boot_files_whole(self, machine: Machine) -> bool:
        """config.txt holds the profile's block once and the rest as it was; cmdline.txt is
        as it was (a torn write leaves the firmware a file it cannot boot from)."""
        config, cmdline = (machine.console.check(f"cat {path}") for path in BOOT_FILES)
        original = self.boot_files[BOOT_FILES[0]]
        expected_config = cuts.config_txt_after_install(original, self.profile)
        whole = True
        for path, now, expected in (
            (BOOT_FILES[0], config, expected_config),
            (BOOT_FILES[1], cmdline, self.boot_files[BOOT_FILES[1]]),
        ):
            if now != expected:
                whole = False
                name = Path(path).name
                (self.out / f"{name}.after-cut").write_text(now, encoding="utf-8")
                self.report.failures.append(
                    f"{path} is not what the install wrote ({name}.after-cut)"
                )
        return whole

    def install(self, machine: Machine) -> None:
        """The install from the stick, its output and the memory it left, in one command:
        the long form cuts the power right after it returns."""
        command = (
            f"set +m; python3 {GUEST_SAMPLE} memwatch /run/memavail >/dev/null 2>&1 & watcher=$!; "
            f"(cd {STICK}/satellites && deploy/update.sh --bundle {STICK}/satellites-bundle.tar "
            f"--bundle-key {STICK}/{BUNDLE_KEY} --profile {self.profile} "
            f"{self.panel_driver_option()} --data-partition {DATA_LABEL}"
            f"{' --appliance' if self.game_only else ''} 2>&1); status=$?; "
            "kill $watcher; awk 'NR == 1 || $1 < low { low = $1 } $2 > high { high = $2 } "
            'END { print "memory:", low + 0, high + 0 }\' /run/memavail; (exit $status)'
        )
        started = time.monotonic()
        result = machine.console.run(command, timeout_s=3600)
        self.report.install_s = round(time.monotonic() - started, 1)
        (self.out / "install.log").write_text(result.output, encoding="utf-8")
        memory = [line.split() for line in result.output.splitlines() if line.startswith("memory:")]
        if memory:
            self.report.mem_available_min_mb = round(int(memory[-1][1]) / 1024, 1)
            self.report.swap_used_max_mb = round(int(memory[-1][2]) / 1024, 1)
        if not result.ok:
            raise StepFailed(f"the install failed (exit {result.status}); see install.log")

    def panel_driver_option(self) -> str:
        return f"--panel-driver {self.panel_driver}" if self.panel_driver else ""

    def check_compiled_engine(self, machine: Machine) -> None:
        """The installed engine is the bundle's compiled one (as ``engine.is_compiled`` tells)."""
        module = machine.console.check(
            "/opt/satellites/venv/bin/python -c 'import engine.position as p; print(p.__file__)'"
        ).strip()
        self.report.compiled_engine = module.endswith(".so")
        if not self.report.compiled_engine:
            self.report.failures.append(f"the installed engine is not compiled ({module})")

    def calibrate(self, machine: Machine, moment: str) -> None:
        """The pure-Python benchmark in the guest and on the host (``calibration``)."""
        console = machine.console
        self.speed_moments.append(
            calibration.measure(
                moment,
                guest=lambda: float(console.check(f"python3 {GUEST_SAMPLE} bench", 600)),
                host=bench,
            )
        )
        self.report.vm_speed = calibration.vm_speed(self.speed_moments)

    def name_panel(self, machine: Machine) -> None:
        """Note the stand-in's framebuffer; the install names its driver in the config.

        QEMU has no display with an SPI (or HDMI) connector, so the app's search by
        connector cannot find the stand-in: the install names its driver
        (``--panel-driver``), as deploy/README.md says for a panel whose connector does
        not say what it is, and the app finds it whatever its number.
        """
        console = machine.console
        fb = self.panel_framebuffer(machine)
        sysfs = f"/sys/class/graphics/{fb}"
        details = console.check(
            f"cat {sysfs}/name {sysfs}/bits_per_pixel {sysfs}/virtual_size; "
            "grep -h . /sys/class/graphics/fb*/name | paste -sd,"
        ).split()
        self.report.panel = {
            "framebuffer": f"/dev/{fb}",
            "name": details[0],
            "bits_per_pixel": details[1],
            "virtual_size": details[2],
            "all_framebuffers": details[-1],
        }

    def give_the_data_partition_time(self, machine: Machine) -> None:
        """Scale the installer's 10 s wait for the data partition to the emulated boot.

        udev labels the card's partitions some 60-100 s into an emulated boot (a Pi's
        within a few seconds); with 10 s the mount gives up and the game starts with
        saves off. A drop-in of the card's own, written and synced before the install,
        sorts after the installer's (50-) and so wins; the card's own system defaults
        are raised the same way (guest/).
        """
        folder = f"/etc/systemd/system/dev-disk-by\\x2dlabel-{DATA_LABEL}.device.d"
        machine.console.check(
            f"mkdir -p '{folder}' && printf '[Unit]\\nJobRunningTimeoutSec={DEVICE_WAIT}\\n' "
            f"> '{folder}/60-satellites-vm-timeout.conf' && sync"
        )

    def at_the_title(self, machine: Machine) -> Machine:
        """From a power-on to the title, and what is measured there."""
        self.title_after_power_on(machine)
        login_console.reach_a_login_prompt(self, machine)
        self.keep_service_journal(machine)
        self.calibrate(machine, "after the title")
        restart.restart_to_title(self, machine)
        self.title_standing_still(machine)
        self.calibrate(machine, "after the restart")
        self.estimate_on_a_zero2w()
        restart.keep_import_times(machine.console, self.out / "import-times.txt")
        return machine

    def title_after_power_on(self, machine: Machine) -> None:
        """The panel's first frames to the title, then (once its game stands still) the
        boot's timings, idle power and the doctor beside the game."""
        booted = machine.started
        self.watch_first_frames(machine, booted)
        machine.console.wait_for_shell(BOOT_WAIT_S)
        mount_stick(machine)
        if self.first_frame_seen is None:
            self.diagnose_dark_panel(machine, booted)
        else:
            self.title_standing_still(machine)
        self.boot_timings(machine)
        self.measure_idle(machine, "title")
        self.doctor_beside_the_game(machine)

    def boot_timings(self, machine: Machine) -> None:
        """The splash and the title on the guest's clock, from the kernel's start and from
        the service's process start; systemd's critical chain beside the report."""
        console = machine.console
        clock = GuestClock.read(console)
        started = unit_start_s(console)
        for seen, since_kernel, since_process in (
            (self.first_frame_seen, "boot_to_splash_s", "process_start_to_first_frame_s"),
            (self.title_seen, "boot_to_title_s", "process_start_to_title_s"),
        ):
            if seen is None:
                continue
            at = clock.since_kernel_start(seen)
            setattr(self.report, since_kernel, at)
            if started is not None:
                setattr(self.report, since_process, round(at - started, 1))
        self.report.boot_chain_s = keep_critical_chain(console, self.out / "critical-chain.txt")

    def estimate_on_a_zero2w(self) -> None:
        """The game's own start (``restart``) as seconds on a Zero 2 W (``calibration``),
        by the calibration's runs just before and after the restart."""
        around = self.speed_moments[-2:]
        for moment, emulated in (
            ("splash", self.report.restart_to_splash_s),
            ("title", self.report.restart_to_title_s),
        ):
            bracket = calibration.on_zero2w(emulated, around) if emulated is not None else []
            if bracket:
                self.report.zero2w_estimate_s[moment] = bracket

    def power_cycle(self, machine: Machine) -> Machine:
        """The reboot after the install: the guest powers off, and a new QEMU powers it on.

        The boots after a reboot inside the same QEMU (a warm reset) crawled for many
        minutes, the kernel reporting soft lockups in its first modprobes. The serial
        console left unread (see ``SerialConsole.drain``) is the likelier cause, found
        later, but a power-on is what every other boot of the test is (the power
        cuts), and a Pi's reboot resets the whole chip too.
        """
        machine.console.check("sync")
        machine.qmp.events.clear()
        machine.console.send_line("systemctl poweroff")
        if machine.qmp.wait_event("SHUTDOWN", 300) is None:
            raise StepFailed("the guest did not power off within 300 s")
        machine.stop()
        return self.boot()

    def watch_first_frames(
        self, machine: Machine, booted: float, timeout_s: float = BOOT_WAIT_S
    ) -> None:
        first: tuple[float, Picture] | None = None
        frame = machine.panel()
        deadline = booted + timeout_s
        while time.monotonic() < deadline:
            frame = machine.panel()
            now = time.monotonic()
            if first is None and self.is_panel_mode(frame) and not frame.is_blank():
                first = (now, frame)
                frame.save_png(self.out / "first-frame.png")
            if first is not None and self.shows_the_title(frame):
                frame.save_png(self.out / "title-frame.png")
                self.title_seen = now
                break
            time.sleep(0.5)
        self.first_frame_seen = first[0] if first else None
        differing = 0 if self.title_seen is not None else self.title_differing(frame)
        self.report.first_frame_matches = differing == 0
        self.report.first_frame_differing_pixels = differing if first else None
        if first is None:
            frame.save_png(self.out / "first-frame.png")
            self.report.failures.append(f"the panel stayed blank for {timeout_s:.0f} s")
        elif differing != 0:
            frame.save_png(self.out / "last-frame.png")
            self.report.failures.append(
                f"the panel never showed the simulator's title ({differing} pixels differ)"
            )

    def shows_the_title(self, frame: Picture) -> bool:
        """The panel shows one of the simulator's title pictures, pixel for pixel."""
        return frame.unscaled(*self.title_size).as_rgb565() in self.title_pictures

    def title_differing(self, frame: Picture) -> int | None:
        """The fewest pixels by which the frame differs from a title picture."""
        shown = frame.unscaled(*self.title_size)
        counts = [shown.differing_pixels(title) for title in self.titles]
        known = [count for count in counts if count is not None]
        return min(known) if known else None

    def title_standing_still(self, machine: Machine) -> Picture:
        """The title once its game has stopped (a minute after the last press), so that
        what is measured or compared there is not the game's moves."""
        return machine.settle(
            quiet_s=STILL_MOVES * MOVE_EVERY_MS / 1000,
            timeout_s=PLAYS_FOR_MS / 1000 + BOOT_WAIT_S / 10,
        )

    @property
    def title(self) -> Picture:
        """The title as the app first draws it, before its game's first move."""
        return self.titles[0]

    @property
    def title_size(self) -> tuple[int, int]:
        return (self.title.width, self.title.height)

    def is_panel_mode(self, frame: Picture) -> bool:
        """The picture has the framebuffer's size: not QEMU's notice before any mode is set."""
        width, _, height = self.report.panel.get("virtual_size", "").partition(",")
        return f"{frame.width},{frame.height}" == f"{width},{height}"

    def diagnose_dark_panel(self, machine: Machine, booted: float) -> None:
        """The panel stayed dark: does it show the app's frames once the kernel is asked to?

        The DRM fbdev emulation sets a display's mode only for the console or on a
        program's FBIOPAN_DISPLAY/FBIOBLANK; the shell does the pan here. Panels that
        light then hold the app's frames in a buffer nobody showed.
        """
        machine.console.check(f"python3 {GUEST_SAMPLE} pan {self.report.panel['framebuffer']}")
        time.sleep(2)
        frame = machine.panel()
        frame.save_png(self.out / "after-pan-from-shell.png")
        lit = self.is_panel_mode(frame) and not frame.is_blank()
        self.report.panel["lit_by_pan_from_shell"] = str(lit)
        self.report.panel["after_pan_differing_pixels"] = str(self.title_differing(frame))

    def doctor_beside_the_game(self, machine: Machine) -> None:
        """The doctor while the game runs: it must not paint over the title, and the
        kernel must show the panel (its connector enabled, DPMS on) after the app's
        first frame."""
        before = machine.settle()
        doctor = machine.console.run(
            "/opt/satellites/venv/bin/satellites-doctor; for c in /sys/class/drm/card*-*; "
            'do echo "$c $(cat $c/enabled) $(cat $c/dpms)"; done',
            timeout_s=600,
        ).output
        (self.out / "doctor.log").write_text(doctor, encoding="utf-8")
        after = machine.panel()
        display, remote = (
            next((line.strip() for line in doctor.splitlines() if check in line), "")
            for check in ("display", "ssh and radios")
        )
        self.report.doctor = {
            "display": display,
            "ssh_and_radios": remote,
            "frame_intact": after == before,
            "connectors": [line for line in doctor.splitlines() if line.startswith("/sys")],
        }
        if after != before:
            after.save_png(self.out / "after-doctor.png")
            self.report.failures.append("the doctor painted over the running game")
        if self.game_only and "SSH off" not in remote:
            self.report.failures.append(f"installed --appliance, the doctor says: {remote}")

    def keep_service_journal(self, machine: Machine) -> None:
        """The service's journal of this boot, in ``service.log``: what the app said it lacked."""
        journal = machine.console.run("journalctl -b -u satellites.service --no-pager").output
        (self.out / "service.log").write_text(journal, encoding="utf-8")

    def measure_idle(self, machine: Machine, moment: str, seconds: int = 10) -> None:
        answer = machine.console.check(
            f"python3 {GUEST_SAMPLE} idle satellites.service {seconds}", timeout_s=seconds + 120
        )
        values = json.loads(answer.strip().splitlines()[-1])
        self.report.record_idle(moment, Idle(values["wakeups_per_s"], values["cpu_percent"]))
        rss = float(values["rss_mb"])
        if self.report.rss_mb is None or rss > self.report.rss_mb:
            self.report.rss_mb = rss
            self.report.appliance_processes = int(values["processes"])

    def wake_the_screen(self, machine: Machine) -> None:
        """A press that only wakes the screen if it has dimmed (B at the title does
        nothing otherwise): the title stands still a minute before the measurements
        there, and the screen dims a minute after the last press, when a press does
        nothing but wake it.

        Nothing waits here for the picture to settle: a press on the title sets its
        game moving again for a minute (``device.play.demo``), as long as the screen
        takes to dim, so the next press would only wake it again.  The presses that
        follow queue behind this one and the app takes them in order."""
        machine.press([keys.press(self.profile, Button.B)])

    def play(self, machine: Machine) -> None:
        self.wake_the_screen(machine)
        machine.press(keys.new_game(self.profile))
        machine.settle()
        self.plies = 0
        machine.press(keys.one_move(self.profile))
        machine.settle()
        self.plies = 2
        machine.settle()
        self.measure_idle(machine, "move")

    def power_cuts(self, machine: Machine) -> Machine:
        """Cut the power at random moments; every other boot has the panel alone (fb0,
        with the kernel's console on it), where a kernel message must not reach it."""
        lost = extra = 0
        for cut in range(self.args.cuts):
            for _ in range(self.random.randint(1, 2)):
                machine.press(keys.one_move(self.profile))
                machine.settle()
                self.plies += 2
            partial = keys.one_move(self.profile)[: self.random.randint(0, 4)]
            machine.press(partial, gap_s=0.2)
            in_flight = 2 if len(partial) == 4 else 0
            time.sleep(self.random.uniform(0.0, 1.5))
            before = machine.panel()
            machine.cut()
            self.report.power_cuts += 1
            before.save_png(self.out / f"cut-{cut + 1}-before.png")
            layout = PanelLayout.ALONE if cut % 2 == 0 else PanelLayout.BESIDE_CONSOLE
            machine = self.boot(layout)
            machine.console.wait_for_shell(BOOT_WAIT_S)
            mount_stick(machine)
            self.report.boots[-1]["panel_framebuffer"] = f"/dev/{self.panel_framebuffer(machine)}"
            restored = self.saved_plies(machine)
            lost += max(0, self.plies - restored)
            extra += max(0, restored - (self.plies + in_flight))
            self.wait_for_the_title(machine)  # its game stood still: the screen dims
            self.wake_the_screen(machine)
            machine.press([keys.press(self.profile, Button.A)])
            machine.settle().save_png(self.out / f"cut-{cut + 1}-continued.png")
            # The player moves first: a game saved on the player's move (an odd ply)
            # is answered by the computer once Continue shows it, before the next press.
            self.plies = restored + restored % 2
            if layout is PanelLayout.ALONE:
                self.kernel_message(machine, f"cut-{cut + 1}")
        self.report.moves_lost = lost
        self.report.moves_extra = extra
        if lost or extra:
            self.report.failures.append(
                f"after the power cuts Continue lost {lost} moves that were on the screen "
                f"and showed {extra} that never were"
            )
        return machine

    def back_to_the_title(self, machine: Machine) -> None:
        """After a power-on: the shell, the stick, and the game's title on the panel."""
        machine.console.wait_for_shell(BOOT_WAIT_S)
        mount_stick(machine)
        self.wait_for_the_title(machine)

    def update_command(self) -> str:
        """The update from the stick's bundle, as deploy/README.md gives it for a device
        that has the game: its own ``satellites-update`` checks the bundle. The stick's
        bundle is the installed version again, so the device is told to take it."""
        return f"satellites-update --allow-downgrade {STICK}/satellites-bundle.tar 2>&1"

    def wait_for_the_title(self, machine: Machine, timeout_s: float = BOOT_WAIT_S) -> None:
        """Until the app's title is on the panel: its background, neither the console's
        text nor the launcher's splash (up for many seconds while the app loads)."""
        background = self.title.dominant_colour()
        splash = Picture.splash(*self.title_size)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            frame = machine.panel()
            if (
                self.is_panel_mode(frame)
                and frame.dominant_colour() == background
                and frame.unscaled(*self.title_size).differing_pixels(splash) != 0
            ):
                machine.settle()
                return
            time.sleep(1.0)
        raise StepFailed(f"the title did not come back within {timeout_s:.0f} s of the boot")

    def kernel_message(self, machine: Machine, moment: str) -> None:
        """A critical kernel message while the game is on the console's own display."""
        before = machine.settle()
        machine.console.check(
            "echo '<2>satellites-vm: a critical kernel message during play' > /dev/kmsg"
        )
        time.sleep(2)
        after = machine.panel()
        after.save_png(self.out / f"{moment}-after-kernel-message.png")
        intact = after == before
        if self.report.kernel_message_frame_intact is not False:
            self.report.kernel_message_frame_intact = intact
        if not intact:
            before.save_png(self.out / f"{moment}-before-kernel-message.png")
            self.report.failures.append(f"a kernel message changed the game's frame ({moment})")

    def saved_plies(self, machine: Machine) -> int:
        text = machine.console.check(
            f"/opt/satellites/venv/bin/python -m device.journal show {SAVE_DIR}", timeout_s=300
        )
        try:
            return len(parse_record(text).moves)
        except RecordError as error:
            raise StepFailed(f"the saved game cannot be read after a power cut: {error}") from error

    def power_button(self, machine: Machine) -> None:
        elapsed = self.until_off(machine, lambda: machine.qmp.execute("system_powerdown"))
        self.report.power_button_shutdown_s = elapsed
        self.judge_power_off(elapsed, "the power button")

    def judge_power_off(self, seconds: float | None, how: str) -> None:
        if seconds is None:
            self.report.failures.append(f"{how} did not shut the machine down")
        elif seconds > POWER_OFF_LIMIT_S:
            self.report.failures.append(f"{how} took {seconds:.0f} s to shut the machine down")

    def until_off(self, machine: Machine, press: Callable[[], None]) -> float | None:
        """Seconds from ``press`` to the machine off (QEMU's SHUTDOWN), None past 120 s
        (the power is then cut); the machine is stopped either way."""
        machine.level_with_other_work()
        machine.qmp.events.clear()
        pressed = time.monotonic()
        press()
        event = machine.qmp.wait_event("SHUTDOWN", 120)
        elapsed = time.monotonic() - pressed
        if event is None:
            machine.cut()
        else:
            machine.stop()
        self.machine = None
        return round(elapsed, 1) if event is not None else None

    def panel_framebuffer(self, machine: Machine) -> str:
        """The panel's framebuffer (``fb0`` or ``fb1``), found by its name."""
        return framebuffer_named(machine, self.framebuffer_name)

    # -- bookkeeping -------------------------------------------------------------------

    def timed(self, name: str) -> _Timed:
        return _Timed(self.report.timings_s, name)

    def finish(self) -> None:
        if self.machine is not None and self.machine.process.poll() is None:
            self.machine.cut()
        if self.card.name == "card.img":
            self.card.unlink(missing_ok=True)
        self.report.write(self.out / "report.json")


class _Timed:
    def __init__(self, timings: dict[str, float], name: str) -> None:
        self.timings, self.name = timings, name

    def __enter__(self) -> None:
        self.started = time.monotonic()

    def __exit__(self, *exc: object) -> None:
        self.timings[self.name] = round(time.monotonic() - self.started, 1)


def framebuffer_named(machine: Machine, name: str, timeout_s: float = DEVICE_WAIT_S) -> str:
    """The framebuffer (``fb0`` or ``fb1``) whose name starts with its DRM driver's, once
    the driver has made it (on a starved emulated boot, after the shell is up)."""
    deadline = time.monotonic() + timeout_s
    while True:
        found = machine.console.check(
            f"grep -l '^{name}' /sys/class/graphics/fb*/name 2>/dev/null || true"
        ).split()
        if found:
            return found[0].split("/")[-2]
        if time.monotonic() > deadline:
            raise StepFailed(f"the panel has no framebuffer (no {name} fb)")
        time.sleep(2.0)


def mount_stick(machine: Machine) -> None:
    """The USB stick's stand-in (the bundle, the checkout, the sampling script), read-only."""
    machine.console.check(
        f"mkdir -p {STICK} && mount -o ro /dev/disk/by-label/{STICK_LABEL} {STICK}"
    )


def check_run(command: list[str | Path], **options: object) -> None:
    result = subprocess.run(
        [str(part) for part in command],
        check=False,
        capture_output=True,
        text=True,
        **options,  # type: ignore[call-overload]
    )
    if result.returncode != 0:
        shown = " ".join(str(part) for part in command)
        raise StepFailed(f"{shown}: exit {result.returncode}\n{result.stderr.strip()}")


def simulator_title(profile: ProfileName, out: Path) -> list[Picture]:
    """The simulator's title for the profile, with a fresh save folder: each picture its
    game rests on in the minute it plays after the start, the first before any move.

    Each is taken half a move's time after the move (its slide is over).
    """
    out.mkdir(parents=True, exist_ok=True)
    names = [f"title-{shot:02d}" for shot in range(TITLE_PICTURES)]
    lines = [f"wait {MOVE_EVERY_MS // 2}"]
    for name in names:
        lines += [f"shot {name}", f"wait {MOVE_EVERY_MS}"]
    script = out / "title.script"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    saves = out / "saves"
    shutil.rmtree(saves, ignore_errors=True)
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    check_run(
        [sys.executable, "-m", "simulator", "--headless", "--profile", profile, "--mute",
         "--power-switch", "--save-dir", saves, "--script", script, "--out", out],
        cwd=SOURCE_DIR, env=environment,
    )  # fmt: skip
    return [Picture.from_png(out / f"{name}.png") for name in names]


def make_key_pair(private: Path, public: Path) -> Path:
    """A signing key for this run's bundle, made as deploy/README.md says; the private half."""
    private.unlink(missing_ok=True)
    check_run(["openssl", "genpkey", "-algorithm", "ed25519", "-out", private])
    check_run(["openssl", "pkey", "-in", private, "-pubout", "-out", public])
    return private


def compiled_engine(suite: Suite) -> Path:
    """The engine compiled for the suite's Python (``pi-vm engine``), made if not cached."""
    try:
        return ensure_engine(suite).folder
    except (BuildError, MissingTools) as error:
        raise StepFailed(f"the engine could not be compiled for {suite}: {error}") from error


def make_bundle(path: Path, key: Path, python_version: str, compiled: Path) -> None:
    check_run(
        ["bash", SOURCE_DIR / "deploy/bundle.sh", "--key", key, "--out", path,
         "--python-version", python_version, "--compiled", compiled]
    )  # fmt: skip


def copy_checkout(destination: Path) -> None:
    """The tree's files as they are now (tracked and new), without .git and .venv."""
    listed = subprocess.run(
        ["git", "-C", str(SOURCE_DIR), "ls-files", "-co", "--exclude-standard", "-z"],
        check=True, capture_output=True,
    ).stdout.decode().split("\0")  # fmt: skip
    for name in filter(None, listed):
        source = SOURCE_DIR / name
        if source.is_file():
            target = destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def build_card_and_engine(image: CachedImage, suite: Suite) -> int:
    """The card, with the compiled engine built beside it when that is missing too.

    Each is mostly one process under qemu-user (debootstrap and apt, then gcc), so
    side by side they take about as long as the longer of the two instead of the sum.
    An engine that could not be built is left for the test's own step to report.
    """
    if engine_build(suite, mypy_version()).is_complete():
        return main_build(image, suite, force=False)
    try:
        require_commands(BUILD_COMMANDS)
        ensure_arm64_binfmt()
    except (BuildError, MissingTools) as error:
        print(f"pi-vm test: {error}", file=sys.stderr)
        return 1
    with ThreadPoolExecutor(max_workers=1) as beside:
        engine = beside.submit(ensure_engine, suite)
        status = main_build(image, suite, force=False)
        with contextlib.suppress(BuildError, MissingTools):
            engine.result()
    return status


def main_test(args: argparse.Namespace) -> int:
    if args.panel is PanelKind.MIPI_DBI and PROFILES[args.profile].panel != "spi":
        print(f"pi-vm test: {args.profile} has no SPI panel for --panel mipi-dbi", file=sys.stderr)
        return 2
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    image = cached_image(args.suite)
    if not image.is_complete():
        status = build_card_and_engine(image, args.suite)
        if status != 0:
            return status
    if not boot_commands_ready("pi-vm test"):
        return 1
    if args.panel is PanelKind.MIPI_DBI:
        from deploy.vm.panel_card import PanelCardBoot

        run: FirstBoot = PanelCardBoot(args, image, out)
    else:
        run = FirstBoot(args, image, out)
    started = time.monotonic()
    try:
        run.run()
    except (StepFailed, QmpError, ConsoleError, PictureError, OSError) as error:
        run.report.failures.append(str(error))
    finally:
        run.report.timings_s["total"] = round(time.monotonic() - started, 1)
        run.finish()
    print(json.dumps(json.loads((out / "report.json").read_text()), indent=2))
    failed = bool(run.report.failures)
    print(f"pi-vm test: {'FAILED' if failed else 'passed'}; report in {out / 'report.json'}")
    return 1 if failed else 0
