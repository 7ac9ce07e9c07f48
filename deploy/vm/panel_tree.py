"""The panel card's device tree: the ``virt`` machine's own, with the profile's SPI panel.

On a Pi, the firmware applies the ``mipi-dbi-spi`` overlay with the parameters of
the profile's boot lines (``deploy/boot-<profile>.txt``). Debian's kernel cannot
apply overlays (``OF_OVERLAY`` is off) and QEMU reads no ``config.txt``, so the
virtual card's tree is written whole: QEMU's tree for the machine
(``-machine dumpdtb``), decompiled with ``dtc``, with the nodes that overlay line
would add, compiled again and given to QEMU with ``-dtb``.

The panel node carries what the overlay puts in it (Raspberry Pi's
``arch/arm/boot/dts/overlays/mipi-dbi-spi-overlay.dts``): the ``compatible`` list,
``reg`` (the chip select), ``spi-max-frequency``, ``write-only``, ``width-mm`` and
``height-mm``, a ``panel-timing`` node whose ``hactive``/``vactive`` are the width
and height and whose ``hback-porch``/``vback-porch`` are the x and y offsets, the
D/C and reset GPIOs (flags 0, active high, as the overlay writes them) and the
backlight. Only the wiring differs: the Pi's SPI0 controller is the kernel's
``spi-gpio`` on the PL061's lines, the Pi's GPIO numbers are PL061 lines
(``LINES``), and the backlight is a ``gpio-backlight`` on a PL061 line where the
Pi has a GPIO or a PWM one (the node keeps the Pi's name, so it is the same
``/sys/class/backlight`` device).
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from deploy.vm.spi_wire import PanelLines

OVERLAY = "mipi-dbi-spi"
LINES = PanelLines(clock=0, data_out=1, chip_select=2, data_command=4, reset=5, backlight=6)
"""The PL061 lines of the panel's wires. Line 3 is taken: it is the ``virt`` machine's
power button (its ``gpio-keys`` node)."""
GPIO_ACTIVE_LOW = 1
_PL061_NODE = re.compile(r"^\t(pl061@[0-9a-f]+) \{", flags=re.MULTILINE)
_SEEDS = re.compile(r"^\t\t(rng-seed|kaslr-seed) = .*;\n", flags=re.MULTILINE)


class PanelTreeError(Exception):
    """The boot lines or the machine's tree cannot give the panel; the message says why."""


@dataclass(frozen=True)
class PanelOverlay:
    """What the ``mipi-dbi-spi`` overlay line of a profile's boot lines sets, with the
    overlay's own defaults for what it leaves out."""

    compatible: tuple[str, ...] = ("panel", "panel-mipi-dbi-spi")
    chip_select: int = 0
    speed_hz: int = 32_000_000
    width: int = 320
    height: int = 240
    width_mm: int = 0
    height_mm: int = 0
    x_offset: int = 0
    y_offset: int = 0
    dc_gpio: int | None = None
    reset_gpio: int | None = None
    backlight_gpio: int | None = None
    backlight_pwm: bool = False
    write_only: bool = False
    cpha: bool = False
    cpol: bool = False

    @property
    def backlight_node(self) -> str | None:
        """The backlight's node name (its /sys/class/backlight name), as the overlay has it."""
        if self.backlight_pwm:
            return "backlight_pwm"
        return "backlight_gpio" if self.backlight_gpio is not None else None


_INTEGERS = {
    "speed": "speed_hz",
    "width": "width",
    "height": "height",
    "width-mm": "width_mm",
    "height-mm": "height_mm",
    "x-offset": "x_offset",
    "y-offset": "y_offset",
    "dc-gpio": "dc_gpio",
    "reset-gpio": "reset_gpio",
    "backlight-gpio": "backlight_gpio",
}
_FLAGS = {"write-only": "write_only", "cpha": "cpha", "cpol": "cpol"}
_PWM_DETAILS = ("backlight-pwm-chan", "backlight-pwm-gpio", "backlight-pwm-func")
_BUS = re.compile(r"spi0-(\d)")


def overlay_parameters(config_text: str) -> list[str]:
    """The parameters given to the overlay: on its ``dtoverlay=`` line and on the
    ``dtparam=`` lines after it, up to the next overlay."""
    parameters: list[str] = []
    inside = False
    for raw in config_text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith("dtoverlay="):
            name, *given = line.removeprefix("dtoverlay=").split(",")
            inside = name == OVERLAY
            if inside:
                parameters += given
        elif inside and line.startswith("dtparam="):
            parameters += line.removeprefix("dtparam=").split(",")
    if not inside and not parameters:
        raise PanelTreeError(f"no dtoverlay={OVERLAY} line")
    return [parameter for parameter in parameters if parameter]


def read_overlay(config_text: str) -> PanelOverlay:
    """The panel node's values from a profile's boot lines."""
    values: dict[str, object] = {}
    for parameter in overlay_parameters(config_text):
        name, has_value, value = parameter.partition("=")
        bus = _BUS.fullmatch(name)
        try:
            if bus:
                values["chip_select"] = int(bus.group(1))
            elif name == "compatible":
                values["compatible"] = tuple(value.split("\\0"))
            elif name in _INTEGERS:
                values[_INTEGERS[name]] = int(value, 0)
            elif name in _FLAGS:
                values[_FLAGS[name]] = value not in ("0", "false", "off", "no")
            elif name == "backlight-pwm":
                values["backlight_pwm"] = not has_value or value not in ("0", "false", "off")
            elif name in (*_PWM_DETAILS, "backlight-def-brightness"):
                continue  # the PWM itself; the virtual card's light is a GPIO
            else:
                raise PanelTreeError(f"{OVERLAY} has no parameter {name!r}")
        except ValueError:
            raise PanelTreeError(f"{parameter!r} is not a number") from None
    return PanelOverlay(**values)  # type: ignore[arg-type]


def panel_nodes(overlay: PanelOverlay, pl061: str, lines: PanelLines = LINES) -> str:
    """The device tree source of the SPI bus, the panel and its backlight, for the end
    of the machine's tree (``pl061`` is the GPIO controller's node path)."""
    gpio = f"&{{/{pl061}}}"
    chip_selects = ["<0>"] * overlay.chip_select + [
        f"<{gpio} {lines.chip_select} {GPIO_ACTIVE_LOW}>"
    ]
    panel = [
        "compatible = " + ", ".join(f'"{name}"' for name in overlay.compatible) + ";",
        f"reg = <{overlay.chip_select}>;",
        f"spi-max-frequency = <{overlay.speed_hz}>;",
        *(["write-only;"] if overlay.write_only else []),
        *(["spi-cpha;"] if overlay.cpha else []),
        *(["spi-cpol;"] if overlay.cpol else []),
        f"width-mm = <{overlay.width_mm}>;",
        f"height-mm = <{overlay.height_mm}>;",
        *([f"dc-gpios = <{gpio} {lines.data_command} 0>;"] if overlay.dc_gpio is not None else []),
        *([f"reset-gpios = <{gpio} {lines.reset} 0>;"] if overlay.reset_gpio is not None else []),
        *(["backlight = <&panel_backlight>;"] if overlay.backlight_node else []),
        "panel-timing {",
        f"\thactive = <{overlay.width}>;",
        f"\tvactive = <{overlay.height}>;",
        f"\thback-porch = <{overlay.x_offset}>;",
        f"\tvback-porch = <{overlay.y_offset}>;",
        "\tclock-frequency = <0>;",
        "\thfront-porch = <0>;",
        "\thsync-len = <0>;",
        "\tvfront-porch = <0>;",
        "\tvsync-len = <0>;",
        "};",
    ]
    bus = [
        'compatible = "spi-gpio";',
        "#address-cells = <1>;",
        "#size-cells = <0>;",
        f"sck-gpios = <{gpio} {lines.clock} 0>;",
        f"mosi-gpios = <{gpio} {lines.data_out} 0>;",
        f"cs-gpios = {', '.join(chip_selects)};",
        f"num-chipselects = <{len(chip_selects)}>;",
        "",
        f"panel@{overlay.chip_select} {{",
        *(f"\t{line}" if line else "" for line in panel),
        "};",
    ]
    nodes = ["/ {", "\tspi {", *(f"\t\t{line}" if line else "" for line in bus), "\t};"]
    if overlay.backlight_node and lines.backlight is not None:
        nodes += [
            f"\tpanel_backlight: {overlay.backlight_node} {{",
            '\t\tcompatible = "gpio-backlight";',
            f"\t\tgpios = <{gpio} {lines.backlight} 0>;",
            "\t};",
        ]
    return "\n".join([*nodes, "};", ""])


def pl061_node(machine_tree: str) -> str:
    """The path (below /) of the machine's PL061 GPIO controller."""
    found = _PL061_NODE.search(machine_tree)
    if found is None:
        raise PanelTreeError("the machine's device tree has no PL061 GPIO controller")
    return found.group(1)


def run_tool(command: Sequence[str | Path]) -> str:
    result = subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        shown = " ".join(str(part) for part in command)
        raise PanelTreeError(f"{shown}: exit {result.returncode}: {result.stderr.strip()}")
    return result.stdout


def write_panel_tree(
    machine: Sequence[str], overlay: PanelOverlay, folder: Path, lines: PanelLines = LINES
) -> Path:
    """The machine's tree with the panel, compiled (``machine`` is the QEMU command
    defining the machine: its tree is dumped from it); the .dtb's path."""
    dumped = folder / "virt.dtb"
    run_tool([*machine, "-machine", f"dumpdtb={dumped}"])
    source = run_tool(["dtc", "-q", "-I", "dtb", "-O", "dts", dumped])
    source = _SEEDS.sub("", source)  # the kernel seeds itself at each boot
    tree = source + "\n" + panel_nodes(overlay, pl061_node(source), lines)
    (folder / "panel.dts").write_text(tree, encoding="utf-8")
    compiled = folder / "panel.dtb"
    run_tool(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", compiled, folder / "panel.dts"])
    return compiled
