"""``pi-vm test --panel mipi-dbi``: the first boot with the kernel's own panel driver.

The panel card is the suite's card with what a Pi's kernel has and Debian's lacks:

- ``drm_mipi_dbi`` and ``panel-mipi-dbi``, built from Debian's source for the card's
  kernel (``deploy/vm/kernel_modules.py``), put on the stick and installed into
  ``/lib/modules/RELEASE/updates`` before the appliance, as a kernel package would;
- a device tree with the panel node the profile's ``mipi-dbi-spi`` boot line gives
  a Pi (``deploy/vm/panel_tree.py``), on an SPI bus of the PL061's GPIO lines, and
  its backlight as a ``gpio-backlight`` on another line. No bochs-display: the
  panel's DRM device and its RGB565 framebuffer are the driver's own.

Nothing else is special: the installer's files (the firmware, the module alias, the
udev rule) load and light the panel, and the app finds it by its connector
(``SPI-1``) as on a Pi, with ``panel_driver`` left empty in the config.

The panel's picture is rebuilt from the wires: QEMU reports each change of the
PL061's lines (``deploy/vm/spi_wire.py``), the bits are decoded into the commands
and pixels the driver bit-bangs, and an ST7789 model (``deploy/vm/st7789.py``)
keeps them. The run's screendumps are that model's picture, read through the
window the profile's size and offsets give, so every step of the test (the title
pixel for pixel, the doctor, the power cuts) sees what the driver sent. Whole
frames are compared: the sniffer carries every bit, where the kernel's SPI trace
events keep only the first 64 bytes of each transfer.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from deploy.panel_firmware import compile_commands, sent_commands
from deploy.vm import keys
from deploy.vm.console import SerialConsole
from deploy.vm.firstboot import (
    BOOT_WAIT_S,
    SOURCE_DIR,
    STICK,
    FirstBoot,
    Machine,
    StepFailed,
    mount_stick,
)
from deploy.vm.hostpkg import MissingTools, require_commands
from deploy.vm.image import BuildError
from deploy.vm.kernel_modules import ensure_panel_modules
from deploy.vm.machine import (
    CONSOLE_ID,
    CORES,
    CPU,
    MEMORY_MB,
    MachineFiles,
    PanelLayout,
    panel_device,
    qemu_command,
)
from deploy.vm.panel_tree import LINES, PanelOverlay, PanelTreeError, read_overlay, write_panel_tree
from deploy.vm.pictures import Picture
from deploy.vm.recipe import CachedImage
from deploy.vm.spi_wire import TRACE_EVENT, SpiSniffer, TraceReader
from deploy.vm.st7789 import (
    COLUMNS,
    ROWS,
    Command,
    Dcs,
    Glass,
    St7789,
    address_pair,
    rgb565_to_rgb,
    window_map,
    window_picture,
)
from device.hardware.buttons import Button
from device.hardware.profiles import ProfileName
from device.play.settings import CHOICES

DRIVER = "panel-mipi-dbi-spi"
FRAMEBUFFER_NAME = "panel-mipi-dbi"
"""The start of its framebuffer's name (the DRM driver's name, then ``drmfb``, cut short)."""
MODULES_ON_STICK = "panel-modules"
VIRTIO_CONSOLE = f"virtio-gpu-pci,id={CONSOLE_ID}"
CIRRUS_CONSOLE = f"cirrus-vga,id={CONSOLE_ID},romfile="
TREE_COMMANDS = {"dtc": "device-tree-compiler"}
GLASS: dict[str, Glass] = {
    ProfileName.HATMINI: Glass(COLUMNS, ROWS),
    ProfileName.LCDHAT: Glass(COLUMNS, 240),
}
"""The part of the ST7789's 240x320 memory each profile's glass shows: the hatmini's
2.0" glass all of it, the lcdhat's 1.3" glass rows 0-239 (Waveshare's and Pimoroni's
drivers put a 240x240 picture at row 80 only when the rows run bottom to top)."""
COMPLAINTS = re.compile(r"config:|No config file|[Ff]ailed|error|invalid", flags=re.IGNORECASE)
FIND_PANEL = (
    "from drivers.outputs import Panel, card_driver, find_output, framebuffer_of; "
    "o = find_output(Panel.SPI); "
    f"d = find_output(Panel.SPI, driver={DRIVER!r}); "
    "print(o.card, o.connector, card_driver(o.card), framebuffer_of(o), d == o) "
    "if o else print('none')"
)
"""The app's own search for an SPI panel, run with the installed game: by connector (the
config's default), and by driver (``panel_driver`` set) to the same card."""
BACKLIGHT = "/sys/class/backlight"
BRIGHTNESS_STEPS = (75, 50, 25, 100)
"""The brightness setting's values after each press of A on its row, from 100 %."""


@dataclass
class WiredPanel:
    """One power-on's panel: the controller on the wires and the reader feeding it."""

    overlay: PanelOverlay
    glass: Glass
    controller: St7789 = field(default_factory=St7789)
    sniffer: SpiSniffer = field(init=False)
    reader: TraceReader | None = None

    def __post_init__(self) -> None:
        self.sniffer = SpiSniffer(LINES, self.controller)

    @property
    def lock(self) -> threading.Lock:
        return self.reader.lock if self.reader is not None else threading.Lock()

    def listen(self, trace: Path) -> None:
        self.reader = TraceReader(trace, self.sniffer)

    def frame(self) -> tuple[Picture, int]:
        """The picture the glass shows where the driver writes its frames (black while
        the controller does not show its memory), and how many of those pixels the
        glass does not reach."""
        overlay = self.overlay
        with self.lock:
            memory = bytes(self.controller.memory)
            showing, mode = self.controller.showing, self.controller.mode
        offsets = window_map(
            mode, self.glass, overlay.width, overlay.height, overlay.x_offset, overlay.y_offset
        )
        hidden = offsets.count(None)
        if not showing:
            return Picture(
                overlay.width, overlay.height, bytes(overlay.width * overlay.height * 3)
            ), hidden
        picture = rgb565_to_rgb(window_picture(memory, offsets))
        return Picture(overlay.width, overlay.height, picture), hidden

    @property
    def showing(self) -> bool:
        with self.lock:
            return self.controller.showing

    def transcript(self) -> list[Command]:
        with self.lock:
            self.controller.flush()
            return list(self.controller.transcript)


class PanelCardMachine(Machine):
    """A run of QEMU whose panel is seen on its wires, not in a screendump."""

    def __init__(self, command: list[str], files: MachineFiles, wired: WiredPanel) -> None:
        self.wired = wired
        super().__init__(command, files)

    def panel(self, name: str = "panel") -> Picture:
        self.console.drain()
        return self.wired.frame()[0]


def without_stand_in(command: list[str], profile: ProfileName) -> list[str]:
    """The machine's command without the bochs-display standing in for the panel, and
    with QEMU's Cirrus adapter as the console display: Trixie's ``virtio_gpu`` driver
    hangs the power-off (it warns in ``virtio_gpu_queue_ctrl_sgs`` once the device is
    reset while the console still prints on it), and the kernel's console binds to
    Cirrus's framebuffer as to a Pi's HDMI output, which is all the layout needs."""
    stand_in = panel_device(profile)
    index = command.index(stand_in)
    bare = command[: index - 1] + command[index + 1 :]
    return [CIRRUS_CONSOLE if part == VIRTIO_CONSOLE else part for part in bare]


DEPMOD_WAIT_S = 900.0
"""How long ``depmod`` may take on an emulated card beside other work (minutes)."""


class PanelCardBoot(FirstBoot):
    framebuffer_name = FRAMEBUFFER_NAME
    panel_driver = None

    def __init__(self, args: argparse.Namespace, image: CachedImage, out: Path) -> None:
        super().__init__(args, image, out)
        boot_lines = (SOURCE_DIR / "deploy" / f"boot-{self.profile}.txt").read_text()
        self.overlay = read_overlay(boot_lines)
        self.glass = GLASS[self.profile]
        firmware = (SOURCE_DIR / "deploy" / f"panel-{self.profile}.txt").read_text()
        self.firmware = [
            Command(code, params, len(params))
            for code, params in sent_commands(compile_commands(firmware))
        ]
        self.tree = Path()
        self.wired = WiredPanel(self.overlay, self.glass)

    # -- the card ------------------------------------------------------------------------

    def add_to_stick(self, stick_dir: Path) -> None:
        with self.timed("panel_modules"):
            try:
                modules = ensure_panel_modules(self.args.suite, self.image)
            except (BuildError, MissingTools, OSError) as error:
                raise StepFailed(f"the panel's modules could not be built: {error}") from error
        folder = stick_dir / MODULES_ON_STICK
        folder.mkdir()
        for module in modules.files:
            (folder / module.name).write_bytes(module.read_bytes())
        (folder / "RELEASE").write_text(f"{modules.release}\n", encoding="ascii")
        with self.timed("device_tree"):
            try:
                require_commands(TREE_COMMANDS)
                machine = [
                    "qemu-system-aarch64",
                    "-M",
                    "virt",
                    "-cpu",
                    CPU,
                    "-smp",
                    str(CORES),
                    "-m",
                    str(MEMORY_MB),
                    "-nodefaults",
                ]
                self.tree = write_panel_tree(machine, self.overlay, self.work)
            except (PanelTreeError, MissingTools) as error:
                raise StepFailed(f"the panel's device tree: {error}") from error

    def boot(self, layout: PanelLayout = PanelLayout.BESIDE_CONSOLE) -> Machine:
        files = MachineFiles(self.work)
        trace = self.work / "pl061.trace"
        trace.unlink(missing_ok=True)
        os.mkfifo(trace)
        command = without_stand_in(
            qemu_command(self.image, self.card, self.profile, files, self.stick, layout),
            self.profile,
        )
        command += ["-dtb", str(self.tree), "-trace", f"enable={TRACE_EVENT},file={trace}"]
        self.wired = WiredPanel(self.overlay, self.glass)
        self.wired.listen(trace)
        self.machine = PanelCardMachine(command, files, self.wired)
        self.report.boots.append({"layout": str(layout)})
        return self.machine

    def install(self, machine: Machine) -> None:
        """The modules first, as the card's kernel package would have them; the app then
        finds the panel by its connector, as on a Pi (the installer names no driver)."""
        modules = f"{STICK}/{MODULES_ON_STICK}"
        release = machine.console.check("uname -r").strip()
        built_for = machine.console.check(f"cat {modules}/RELEASE").strip()
        if release != built_for:
            raise StepFailed(f"the panel's modules are for {built_for}, the card runs {release}")
        machine.console.check(
            f"install -D -m 0644 -t /lib/modules/{release}/updates {modules}/*.ko && depmod -a",
            DEPMOD_WAIT_S,
        )
        super().install(machine)
        machine.console.check("grep -q '^panel_driver = \"\"' /etc/satellites/config.toml")

    def is_panel_mode(self, frame: Picture) -> bool:
        return self.wired.showing

    def diagnose_dark_panel(self, machine: Machine, booted: float) -> None:
        kernel = machine.console.run(
            "lsmod | grep -e mipi -e spi_gpio; dmesg | grep -i -e mipi -e spi -e backlight"
        ).output
        (self.out / "dark-panel.log").write_text(kernel, encoding="utf-8")
        self.report.panel["commands_on_the_wire"] = str(len(self.wired.transcript()))

    # -- the checks ----------------------------------------------------------------------

    def run(self) -> None:
        """Install, a power-on to the title and the wire's checks there, the power button;
        the long form plays and cuts the power as the stand-in's card does."""
        self.prepare()
        machine = self.boot()
        self.report.boot_to_shell_s = round(machine.console.wait_for_shell(BOOT_WAIT_S), 1)
        mount_stick(machine)
        self.give_the_data_partition_time(machine)
        self.install(machine)
        machine = self.at_the_title(self.power_cycle(machine))
        if not self.args.short:
            self.play(machine)
            machine = self.power_cuts(machine)
        self.power_button(machine)

    def at_the_title(self, machine: Machine) -> Machine:
        self.title_after_power_on(machine)
        self.keep_service_journal(machine)
        self.check_driver(machine)
        self.check_commands()
        self.check_frame()
        self.walk_brightness(machine)
        return machine

    def check_driver(self, machine: Machine) -> None:
        """The app's search finds the panel by its connector; the driver took the firmware."""
        found = machine.console.check(
            f"cd /tmp && /opt/satellites/venv/bin/python -c {shlex.quote(FIND_PANEL)}"
        ).split()
        dmesg = machine.console.check("dmesg")
        (self.out / "dmesg.log").write_text(dmesg, encoding="utf-8")
        device = f"spi0.{self.overlay.chip_select}"
        complaints = [
            line
            for line in dmesg.splitlines()
            if ("panel-mipi-dbi" in line or device in line) and COMPLAINTS.search(line)
        ]
        taint = [line for line in dmesg.splitlines() if "taint" in line and "module" in line]
        self.report.panel_checks["kernel_complaints"] = complaints
        self.report.panel_checks["module_taint"] = taint
        if found == ["none"] or len(found) < 5:
            self.report.panel_driver = None
            self.report.panel_firmware_accepted = False
            self.report.failures.append("the app's search found no SPI panel")
            return
        card, connector, driver, framebuffer, same = found[:5]
        self.report.panel_driver = driver
        self.report.panel_checks["found_by_driver_too"] = same == "True"
        sysfs = f"/sys/class/graphics/{Path(framebuffer).name}"
        name, bits, size = machine.console.check(
            f"cat {sysfs}/name {sysfs}/bits_per_pixel {sysfs}/virtual_size"
        ).split()
        self.report.panel.update(
            card=f"card{card}", connector=connector, framebuffer=framebuffer,
            name=name, bits_per_pixel=bits, virtual_size=size,
        )  # fmt: skip
        self.report.panel_firmware_accepted = driver == DRIVER and not complaints
        if driver != DRIVER:
            self.report.failures.append(f"the panel's card is driven by {driver}, not {DRIVER}")
        if complaints:
            self.report.failures.append(f"the kernel complained about the panel: {complaints[0]}")

    def check_commands(self) -> None:
        """The wire's commands from the first reset: the driver's (``0x01``), then the
        firmware's, then the window of the first frame. The atomic commit that first
        lights the panel flushes its plane before it enables the pipe, so a frame goes
        out before the init; it is counted, and its window checked with the others."""
        transcript = self.wired.transcript()
        (self.out / "panel-commands.txt").write_text(
            "".join(f"{command}\n" for command in transcript[:200]), encoding="utf-8"
        )
        codes = [command.code for command in transcript]
        start = codes.index(Dcs.SOFT_RESET) if Dcs.SOFT_RESET in codes else len(codes)
        expected = [Command(Dcs.SOFT_RESET), *self.firmware]
        init = transcript[start : start + len(expected)]
        self.report.panel_init_matches_firmware = init == expected
        self.report.panel_checks["before_the_init"] = [
            str(command) for command in transcript[:start]
        ]
        self.report.panel_checks["init_commands"] = len(init)
        if init != expected:
            first = next(
                (
                    f"{seen} where the firmware has {wanted}"
                    for seen, wanted in zip(init, expected, strict=False)
                    if seen != wanted
                ),
                f"{len(init)} commands where the firmware has {len(expected)}",
            )
            self.report.failures.append(f"the panel's init is not the firmware's: {first}")
        self.check_window(transcript[start + len(expected) :], transcript)

    def check_window(self, after_init: list[Command], transcript: list[Command]) -> None:
        overlay = self.overlay
        wanted_columns = (overlay.x_offset, overlay.x_offset + overlay.width - 1)
        wanted_rows = (overlay.y_offset, overlay.y_offset + overlay.height - 1)
        mode = next((c.params[0] for c in self.firmware if c.code == Dcs.ADDRESS_MODE), 0)
        first = after_init[:3]
        seen: dict[str, object] = {
            "first_frame_commands": [str(command) for command in first],
            "address_mode": f"0x{mode:02X}",
            "columns": list(wanted_columns),
            "rows": list(wanted_rows),
        }
        hidden = window_map(
            mode, self.glass, overlay.width, overlay.height, overlay.x_offset, overlay.y_offset
        ).count(None)
        seen["pixels_off_the_glass"] = hidden
        windows_inside = all(
            _pair(command) is None
            or _within(
                _pair(command),
                wanted_columns if command.code == Dcs.COLUMN_ADDRESS else wanted_rows,
            )
            for command in transcript
        )
        matches = (
            [command.code for command in first]
            == [Dcs.COLUMN_ADDRESS, Dcs.ROW_ADDRESS, Dcs.MEMORY_WRITE]
            and _pair(first[0]) == wanted_columns
            and _pair(first[1]) == wanted_rows
            and first[2].size == overlay.width * overlay.height * 2
            and hidden == 0
            and windows_inside
        )
        seen["every_window_inside"] = windows_inside
        self.report.panel_checks["window"] = seen
        self.report.panel_window_matches_profile = matches
        if not matches:
            self.report.failures.append(f"the panel's first window is not the profile's: {seen}")

    def check_frame(self) -> None:
        """The picture rebuilt from the wire against the simulator's title."""
        frame, hidden = self.wired.frame()
        frame.save_png(self.out / "panel-from-the-wire.png")
        differing = self.title_differing(frame)
        with self.wired.lock:
            partial = self.wired.sniffer.partial_bytes
            outside = self.wired.controller.pixels_outside
        self.report.panel_checks["frame"] = {
            "differing_pixels": differing,
            "pixels_off_the_glass": hidden,
            "pixels_outside_the_memory": outside,
            "partial_bytes": partial,
            "trace_bytes": self.wired.reader.bytes_read if self.wired.reader else 0,
        }
        self.report.panel_frame_matches = differing == 0 and hidden == 0 and partial == 0
        if self.wired.reader is not None and self.wired.reader.error is not None:
            self.report.failures.append(self.wired.reader.error)
        if not self.report.panel_frame_matches:
            self.report.failures.append("the picture on the wire is not the simulator's title")

    def walk_brightness(self, machine: Machine) -> None:
        """Each brightness the Settings offer, set by the game: what the kernel's backlight
        device says, how many writes it saw (one ``change`` event each), and its line."""
        console = machine.console
        device = console.check(f"ls {BACKLIGHT}").split()
        if not device:
            self.report.failures.append("no backlight device")
            return
        path = f"{BACKLIGHT}/{device[0]}"
        self.report.panel_checks["backlight"] = {
            "device": device[0],
            "brightness_file": console.check(f"stat -c '%G %A' {path}/brightness").strip(),
            "max_brightness": console.check(f"cat {path}/max_brightness").strip(),
        }
        console.check(
            "set +m; udevadm monitor --kernel --subsystem-match=backlight > /run/backlight-events"
            " 2>&1 & echo $! > /run/backlight-monitor.pid; sleep 1"
        )
        down, confirm, back = (
            keys.press(self.profile, Button.DOWN, Button.NEXT),
            keys.press(self.profile, Button.A),
            keys.press(self.profile, Button.B),
        )
        self.wake_the_screen(machine)
        machine.press([down] * 3 + [confirm])  # Tutorial, New game, Rules, Settings
        machine.press([down] * list(CHOICES).index("brightness"))  # the rows before it
        machine.settle()  # no game moves behind the Settings: a wake's write is in
        before = writes_seen(console)
        for count, level in enumerate(BRIGHTNESS_STEPS, start=1):
            machine.press([confirm])
            wait_for_writes(console, before + count)
            state = console.check(f"cat {path}/brightness {path}/actual_brightness").split()
            with self.wired.lock:
                line = self.wired.sniffer.backlight_on
            self.report.backlight_levels[str(level)] = {
                "brightness": int(state[0]),
                "actual_brightness": int(state[1]),
                "writes_so_far": writes_seen(console),
                "line_high": line,
            }
        console.run("kill $(cat /run/backlight-monitor.pid)")
        writes = [entry["writes_so_far"] for entry in self.report.backlight_levels.values()]
        if writes != list(range(before + 1, before + len(BRIGHTNESS_STEPS) + 1)):
            self.report.failures.append(
                f"the game's brightness writes were not seen one a press: {writes} after {before}"
            )
        up = keys.press(self.profile, Button.UP, Button.PREV)
        machine.press([back] + [up] * 3)
        self.wait_for_the_title(machine, timeout_s=120.0)


def writes_seen(console: SerialConsole) -> int:
    """The kernel's ``change`` events of the backlight since the monitor started."""
    return int(console.check("grep -c change /run/backlight-events || true").strip() or 0)


def wait_for_writes(console: SerialConsole, count: int, timeout_s: float = 60.0) -> None:
    """Until the backlight has seen ``count`` writes (or the time is up: the walk then
    reports the count it saw)."""
    deadline = time.monotonic() + timeout_s
    while writes_seen(console) < count and time.monotonic() < deadline:
        time.sleep(0.5)


def _pair(command: Command) -> tuple[int, int] | None:
    if command.code not in (Dcs.COLUMN_ADDRESS, Dcs.ROW_ADDRESS) or len(command.params) != 4:
        return None
    return address_pair(command.params)


def _within(pair: tuple[int, int] | None, bounds: tuple[int, int]) -> bool:
    return pair is not None and bounds[0] <= pair[0] <= pair[1] <= bounds[1]
