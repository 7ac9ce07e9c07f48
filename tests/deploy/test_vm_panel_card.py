"""The panel card's pure parts: the boot lines as a device tree, the wires decoded, the
ST7789 model, and every panel orientation deploy/README.md offers, through the model."""

import gzip
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from deploy.panel_firmware import PanelCommandError, compile_commands, sent_commands
from deploy.vm.cli import main
from deploy.vm.image import BuildError
from deploy.vm.kernel_modules import kernel_release, packages_for
from deploy.vm.machine import qemu_command
from deploy.vm.panel_card import GLASS, without_stand_in
from deploy.vm.panel_tree import (
    LINES,
    PanelTreeError,
    panel_nodes,
    read_overlay,
)
from deploy.vm.recipe import CachedImage
from deploy.vm.spi_wire import SpiSniffer, line_changes
from deploy.vm.st7789 import (
    COLUMNS,
    Command,
    Dcs,
    Glass,
    St7789,
    rgb565_to_rgb,
    window_map,
    window_picture,
)
from device.hardware.profiles import PROFILES, ProfileName

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def boot_lines(profile: str) -> str:
    return (DEPLOY / f"boot-{profile}.txt").read_text()


# -- the boot lines as the panel node ---------------------------------------------------


def test_the_hatmini_line_gives_its_panel_on_chip_select_1_with_a_pwm_backlight() -> None:
    overlay = read_overlay(boot_lines("hatmini"))
    assert overlay.compatible == ("satellites-hatmini", "panel-mipi-dbi-spi")
    assert (overlay.chip_select, overlay.speed_hz, overlay.write_only) == (1, 48_000_000, True)
    assert (overlay.width, overlay.height) == PROFILES["hatmini"].size
    assert (overlay.dc_gpio, overlay.reset_gpio) == (9, None)
    assert overlay.backlight_pwm and overlay.backlight_node == "backlight_pwm"
    nodes = panel_nodes(overlay, "pl061@9030000")
    assert "panel@1 {" in nodes and "reg = <1>;" in nodes
    assert "cs-gpios = <0>, <&{/pl061@9030000} 2 1>;" in nodes, "chip select 0 left empty"
    assert '"satellites-hatmini", "panel-mipi-dbi-spi"' in nodes
    assert "write-only;" in nodes and "reset-gpios" not in nodes
    assert "backlight_pwm {" in nodes and 'compatible = "gpio-backlight";' in nodes


def test_the_lcdhat_line_gives_reset_and_a_gpio_backlight() -> None:
    overlay = read_overlay(boot_lines("lcdhat"))
    assert overlay.chip_select == 0 and (overlay.width, overlay.height) == (240, 240)
    assert (overlay.dc_gpio, overlay.reset_gpio, overlay.backlight_gpio) == (25, 27, 24)
    nodes = panel_nodes(overlay, "pl061@9030000")
    assert f"reset-gpios = <&{{/pl061@9030000}} {LINES.reset} 0>;" in nodes
    assert f"dc-gpios = <&{{/pl061@9030000}} {LINES.data_command} 0>;" in nodes
    assert "hback-porch = <0>;" in nodes and "backlight_gpio {" in nodes


def test_offsets_become_the_panel_timings_back_porches() -> None:
    overlay = read_overlay(
        "dtoverlay=mipi-dbi-spi,spi0-0\ndtparam=width=240,height=240,x-offset=80\n"
        "dtoverlay=gpio-key,gpio=5\ndtparam=y-offset=7\n"
    )
    nodes = panel_nodes(overlay, "pl061@9030000")
    assert "hback-porch = <80>;" in nodes and "vback-porch = <0>;" in nodes, (
        "a dtparam after another overlay is that overlay's"
    )


def test_the_panel_card_has_no_stand_in_panel() -> None:
    command = qemu_command(CachedImage(Path("/cache")), Path("card.img"), ProfileName.LCDHAT, None)
    assert any(part.startswith("bochs-display") for part in command)
    bare = without_stand_in(command, ProfileName.LCDHAT)
    assert not any(part.startswith("bochs-display") for part in bare)
    assert len(bare) == len(command) - 2 and bare[-2:] == command[-2:]
    assert not any(part.startswith("virtio-gpu") for part in bare), "it hangs Trixie's power-off"
    assert any(part.startswith("cirrus-vga") for part in bare)


def test_power_button_line_is_left_to_the_machine() -> None:
    assert 3 not in LINES.used() and len(set(LINES.used())) == len(LINES.used())
    assert max(LINES.used()) < 8


@pytest.mark.parametrize("line", ["dtparam=colour=red", "dtparam=width=wide", "dtoverlay=pwm"])
def test_a_line_the_overlay_cannot_take_is_refused(line: str) -> None:
    with pytest.raises(PanelTreeError):
        read_overlay(f"dtoverlay=mipi-dbi-spi,spi0-0\n{line}\n" if "dtparam" in line else line)


@pytest.mark.skipif(shutil.which("dtc") is None, reason="needs dtc (device-tree-compiler)")
@pytest.mark.parametrize("profile", ["hatmini", "lcdhat"])
def test_the_nodes_compile_onto_a_machine_tree(tmp_path: Path, profile: str) -> None:
    machine = "/dts-v1/;\n/ {\n\t#address-cells = <2>;\n\t#size-cells = <2>;\n"
    machine += "\tpl061@9030000 {\n\t\tgpio-controller;\n\t\t#gpio-cells = <2>;\n\t};\n};\n"
    source = tmp_path / "tree.dts"
    source.write_text(machine + panel_nodes(read_overlay(boot_lines(profile)), "pl061@9030000"))
    compiled = subprocess.run(
        ["dtc", "-q", "-I", "dts", "-O", "dts", str(source)], capture_output=True, text=True
    )
    assert compiled.returncode == 0, compiled.stderr
    assert "backlight = <0x" in compiled.stdout, "the panel points at its backlight"


# -- the firmware and the kernel ----------------------------------------------------------


def test_the_driver_sends_the_firmwares_commands_without_its_delays() -> None:
    firmware = compile_commands("command 0x01\ndelay 150\ncommand 0x36 0x70\ncommand 0x29\n")
    assert sent_commands(firmware) == [(0x01, b""), (0x36, b"\x70"), (0x29, b"")]
    with pytest.raises(PanelCommandError):
        sent_commands(firmware[:-1] + b"\x29")
    with pytest.raises(PanelCommandError):
        sent_commands(b"not a firmware file")


HEADERS_FIELDS = (
    "Package: linux-headers-6.12.117+deb13-arm64\n"
    "Version: 6.12.117-1\n"
    "Architecture: arm64\n"
    "Depends: linux-base (>= 4.12~), linux-headers-6.12.117+deb13-common (= 6.12.117-1), "
    "linux-image-6.12.117+deb13-arm64 (= 6.12.117-1) | linux-image-6.12.117+deb13-arm64-unsigned "
    "(= 6.12.117-1), linux-kbuild-6.12.117+deb13, gcc-14\n"
)
"""What Trixie's apt says of the card kernel's headers (one line of dependencies)."""


def test_the_build_files_are_the_kernels_own_version_and_compiler() -> None:
    packages = packages_for(HEADERS_FIELDS, "6.12.117+deb13-arm64")
    assert packages.common_headers == "linux-headers-6.12.117+deb13-common"
    assert packages.kbuild == "linux-kbuild-6.12.117+deb13"
    assert packages.compiler == "gcc-14-aarch64-linux-gnu", "the compiler the headers name"
    assert packages.source == "linux-source-6.12=6.12.117-1", "the source of the same version"
    with pytest.raises(BuildError):
        packages_for(HEADERS_FIELDS.replace("gcc-14", "make"), "6.12.117+deb13-arm64")


def test_the_kernels_release_is_read_from_its_banner(tmp_path: Path) -> None:
    image = b"\0" * 64 + b"Linux version 6.12.117+deb13-arm64 (debian-kernel@lists) #1 SMP"
    kernel = tmp_path / "vmlinuz"
    kernel.write_bytes(gzip.compress(image))
    assert kernel_release(kernel) == "6.12.117+deb13-arm64"
    kernel.write_bytes(b"\0" * 64)
    with pytest.raises(BuildError):
        kernel_release(kernel)


# -- the wires -----------------------------------------------------------------------------


def bit_banged(transfers: list[tuple[bool, bytes]], prefix: str = "") -> bytes:
    """QEMU's trace lines for these transfers as spi-gpio sends them (mode 0): chip
    select low, D/C set, each bit's MOSI then a clock pulse, chip select high."""
    lines: list[str] = []

    def change(line: int, level: int) -> None:
        lines.append(f"{prefix}pl061_set_output /machine/pl061 setting output {line} to {level}")

    change(LINES.clock, 0)
    for is_data, payload in transfers:
        change(LINES.data_command, int(is_data))
        change(LINES.chip_select, 0)
        for byte in payload:
            for bit in range(7, -1, -1):
                change(LINES.data_out, byte >> bit & 1)
                change(LINES.clock, 1)
                change(LINES.clock, 0)
        change(LINES.chip_select, 1)
    return ("\n".join(lines) + "\n").encode()


def sniffed(trace: bytes) -> tuple[SpiSniffer, St7789]:
    panel = St7789()
    sniffer = SpiSniffer(LINES, panel)
    sniffer.feed(line_changes(trace))
    panel.flush()
    return sniffer, panel


def test_the_wires_carry_commands_and_their_parameters() -> None:
    trace = bit_banged([(False, b"\x36"), (True, b"\xb0"), (False, b"\x29"), (False, b"\x3a")])
    sniffer, panel = sniffed(trace)
    assert panel.transcript == [Command(0x36, b"\xb0", 1), Command(0x29), Command(0x3A)]
    assert panel.mode == 0xB0 and panel.display_on and sniffer.partial_bytes == 0


def test_a_timestamped_trace_reads_the_same() -> None:
    transfers = [(False, b"\x2a"), (True, b"\x00\x00\x01\x3f")]
    _, plain = sniffed(bit_banged(transfers))
    _, stamped = sniffed(bit_banged(transfers, prefix="1234@1700000000.123456:"))
    assert plain.transcript == stamped.transcript == [Command(0x2A, b"\0\0\x01\x3f", 4)]


def test_a_byte_cut_short_by_the_chip_select_is_counted() -> None:
    trace = bit_banged([(False, b"\x29")])
    cut = b"\n".join([*trace.split(b"\n")[:-6], b"setting output 2 to 1", b""])
    sniffer, panel = sniffed(cut)
    assert sniffer.partial_bytes == 1 and panel.transcript == []


def test_the_reset_line_resets_the_controller_and_the_backlight_line_is_followed() -> None:
    panel = St7789()
    sniffer = SpiSniffer(LINES, panel)
    assert LINES.reset is not None and LINES.backlight is not None
    sniffer.feed([(LINES.reset, True), (LINES.backlight, True)])  # as the drivers take them
    sniffer.feed(line_changes(bit_banged([(False, b"\x11"), (False, b"\x29")])))
    assert not panel.sleeping and panel.display_on and sniffer.backlight_on is True
    sniffer.feed([(LINES.reset, False), (LINES.backlight, False)])
    assert panel.sleeping and not panel.display_on and sniffer.backlight_on is False


# -- the ST7789 -----------------------------------------------------------------------------


def pattern(width: int, height: int) -> bytes:
    """A picture no turn or mirror maps onto itself: each pixel's RGB565 value is its
    place in the picture (counted past 65535 from 0 again)."""
    return b"".join(
        ((y * width + x) % 0x10000).to_bytes(2, "big") for y in range(height) for x in range(width)
    )


def addresses(first: int, last: int) -> bytes:
    """CASET's or RASET's four parameter bytes."""
    return first.to_bytes(2, "big") + last.to_bytes(2, "big")


def write_frame(
    panel: St7789, mode: int, picture: bytes, size: tuple[int, int], offsets: tuple[int, int]
) -> None:
    """What the driver sends for a whole frame: address mode (the firmware's), window, pixels."""
    (width, height), (left, top) = size, offsets
    for code, params in [
        (Dcs.ADDRESS_MODE, bytes([mode])),
        (Dcs.COLUMN_ADDRESS, addresses(left, left + width - 1)),
        (Dcs.ROW_ADDRESS, addresses(top, top + height - 1)),
    ]:
        panel.command(code)
        panel.data(params)
    panel.command(Dcs.MEMORY_WRITE)
    panel.data(picture[:1001])  # pixels split anywhere, as the transfers split them
    panel.data(picture[1001:])


def glass_view(panel: St7789, glass: Glass) -> list[list[int]]:
    """The glass as it is, rows of its pixels in the memory's own order."""
    return [
        [panel.pixel(column, row) for column in range(glass.columns)] for row in range(glass.rows)
    ]


def turned(picture: list[list[int]], degrees: int) -> list[list[int]]:
    """The picture turned clockwise by ``degrees`` (a multiple of 90)."""
    for _ in range(degrees // 90 % 4):
        picture = [list(row) for row in zip(*picture[::-1], strict=True)]
    return picture


def test_a_frame_reads_back_through_its_window() -> None:
    panel = St7789()
    picture = pattern(320, 240)
    write_frame(panel, 0xB0, picture, (320, 240), (0, 0))
    offsets = window_map(panel.mode, GLASS["hatmini"], 320, 240, 0, 0)
    assert window_picture(bytes(panel.memory), offsets) == picture
    assert panel.pixels_outside == 0 and offsets.count(None) == 0


def test_a_window_past_the_memory_loses_its_pixels() -> None:
    panel = St7789()
    write_frame(panel, 0x00, pattern(240, 240), (240, 240), (0, 100))
    assert panel.pixels_outside == 240 * 20


def test_the_glass_shows_the_memory_only_awake_lit_inverted_and_in_16_bits() -> None:
    panel = St7789()
    for code, params in [(Dcs.SLEEP_OUT, b""), (Dcs.PIXEL_FORMAT, b"\x05"), (Dcs.DISPLAY_ON, b"")]:
        panel.command(code)
        panel.data(params)
    assert not panel.showing, "an IPS glass without inversion shows the colours inverted"
    panel.command(Dcs.INVERSION_ON)
    assert panel.showing
    panel.command(Dcs.SOFT_RESET)
    panel.command(Dcs.NOP)
    panel.flush()
    assert not panel.showing
    assert [command.code for command in panel.transcript][-2:] == [Dcs.SOFT_RESET, Dcs.NOP]
    assert [command.code for command in panel.transcript].count(Dcs.SOFT_RESET) == 1


def test_rgb565_becomes_each_channels_top_bits() -> None:
    assert rgb565_to_rgb(b"\xf8\x00\x07\xe0\x00\x1f\xff\xff") == bytes(
        [0xF8, 0, 0, 0, 0xFC, 0, 0, 0, 0xF8, 0xF8, 0xFC, 0xF8]
    )


# -- the orientations deploy/README.md offers ------------------------------------------------

ORIENTATION_ROW = re.compile(
    r"^\s*\| `(\w+)` \| `(0x[0-9A-F]{2})`[^|]*\| (as shipped|turned (\d+)°)[^|]*\| ([^|]*)\|$"
)


def offered_orientations() -> list[tuple[str, int, int, tuple[int, int]]]:
    """(profile, 0x36 value, clockwise turn from the shipped picture, x and y offsets),
    from the orientation table of deploy/README.md."""
    rows = []
    for line in (DEPLOY / "README.md").read_text().splitlines():
        found = ORIENTATION_ROW.match(line)
        if found:
            profile, mode, _, degrees, offsets = found.groups()
            x = re.search(r"x-offset=(\d+)", offsets)
            y = re.search(r"y-offset=(\d+)", offsets)
            rows.append(
                (
                    profile,
                    int(mode, 16),
                    int(degrees or 0),
                    (int(x.group(1)) if x else 0, int(y.group(1)) if y else 0),
                )
            )
    return rows


def shipped_mode(profile: str) -> int:
    (mode,) = [
        p[0]
        for c, p in sent_commands(compile_commands((DEPLOY / f"panel-{profile}.txt").read_text()))
        if c == Dcs.ADDRESS_MODE
    ]
    return mode


def test_the_readme_offers_every_turn_for_each_spi_profile() -> None:
    offered = offered_orientations()
    for profile in ("hatmini", "lcdhat"):
        turns = sorted(degrees for name, _, degrees, _ in offered if name == profile)
        assert turns == ([0, 180] if profile == "hatmini" else [0, 90, 180, 270])
        (shipped,) = [
            mode for name, mode, degrees, _ in offered if name == profile and degrees == 0
        ]
        assert shipped == shipped_mode(profile)


@pytest.mark.parametrize(("profile", "mode", "degrees", "offsets"), offered_orientations())
def test_each_offered_orientation_fills_the_glass_turned_as_the_readme_says(
    profile: str, mode: int, degrees: int, offsets: tuple[int, int]
) -> None:
    """The frame at the README's offsets under its 0x36 value lands whole on the glass,
    and the glass shows the shipped picture turned as the README says."""
    size, glass = PROFILES[profile].size, GLASS[profile]
    picture = pattern(*size)
    shipped = St7789()
    write_frame(shipped, shipped_mode(profile), picture, size, (0, 0))
    panel = St7789()
    write_frame(panel, mode, picture, size, offsets)
    assert panel.pixels_outside == 0
    assert window_map(mode, glass, *size, *offsets).count(None) == 0, "every pixel on the glass"
    assert glass_view(panel, glass) == turned(glass_view(shipped, glass), degrees)


def test_without_its_offset_a_turned_lcdhat_picture_leaves_the_glass() -> None:
    """The reason for the offsets: the 240x240 glass shows only memory rows 0-239."""
    turned_modes = [
        mode for name, mode, _, (x, y) in offered_orientations() if name == "lcdhat" and (x or y)
    ]
    assert turned_modes
    for mode in turned_modes:
        assert window_map(mode, GLASS["lcdhat"], 240, 240, 0, 0).count(None) == 240 * 80


def test_the_glass_is_as_wide_as_the_memory() -> None:
    assert GLASS["lcdhat"].columns == GLASS["hatmini"].columns == COLUMNS


def test_the_panel_card_is_refused_for_a_profile_without_an_spi_panel(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["test", "--panel", "mipi-dbi", "--profile", "tabletop", "--out", str(tmp_path)])
    assert status == 2 and "tabletop has no SPI panel" in capsys.readouterr().err
    assert not any(tmp_path.iterdir()), "nothing built or written"
