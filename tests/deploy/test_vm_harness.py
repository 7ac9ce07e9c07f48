"""The pure parts of the virtual Zero 2 W's harness: no QEMU needed."""

import json
import socket
from pathlib import Path

import pytest

from deploy.vm import keys
from deploy.vm.console import SerialConsole, framed, unframe
from deploy.vm.hostpkg import missing_packages
from deploy.vm.machine import MachineFiles, PanelLayout, qemu_command
from deploy.vm.pictures import Picture, PictureError
from deploy.vm.recipe import CachedImage
from deploy.vm.report import REQUIRED_FIELDS, Idle, Report
from deploy.vm.sample import memory_line
from device.hardware.profiles import ProfileName
from device.look.palettes import STANDARD
from drivers.splash import discs_for


def test_a_commands_output_is_what_lies_between_its_markers() -> None:
    line = framed("ls /dev/fb*", "abc123")
    assert line.endswith("\n") and "<<<abc123" not in line and ">>>abc123" not in line
    echoed = line.replace("\n", "\r\n")
    console = f"{echoed}<<<abc123\r\n/dev/fb0\r\n/dev/fb1\r\n>>>abc123 0\r\nroot@satellites-vm:/# "
    result = unframe(console, "abc123")
    assert result is not None and result.ok and result.output == "/dev/fb0\n/dev/fb1\n"


def test_a_command_never_waits_in_a_pager() -> None:
    # Bookworm's systemctl pages its output on the serial console otherwise.
    line = framed("systemctl show -p MainPID --value satellites.service", "t1")
    assert line.index("SYSTEMD_PAGER=cat") < line.index("systemctl show")


def test_a_command_is_unfinished_until_its_status_arrives_and_a_failure_is_kept() -> None:
    assert unframe("<<<t1\r\npartial output", "t1") is None
    result = unframe("<<<t1\r\nno such file\r\n>>>t1 2\r\n", "t1")
    assert result is not None and not result.ok and result.status == 2
    assert unframe("<<<t0\r\nx\r\n>>>t0 0\r\n", "t1") is None, "another command's markers"


def ppm(path: Path, width: int, height: int, pixels: bytes) -> Path:
    path.write_bytes(f"P6\n{width} {height}\n255\n".encode() + pixels)
    return path


def test_a_screendump_is_read_and_compared_as_an_rgb565_panel_shows_it(tmp_path: Path) -> None:
    dark = Picture.from_ppm(ppm(tmp_path / "a.ppm", 2, 1, bytes([8, 4, 8, 200, 100, 50])))
    assert (dark.width, dark.height) == (2, 1) and not dark.is_blank()
    # The bits below RGB565's precision differ: the panel shows the same picture.
    same = Picture(2, 1, bytes([15, 7, 15, 207, 103, 55]))
    assert dark.differing_pixels(same) == 0
    other = Picture(2, 1, bytes([8, 4, 8, 208, 100, 50]))
    assert dark.differing_pixels(other) == 1
    assert dark.differing_pixels(Picture(1, 2, dark.rgb)) is None


def test_a_blank_panel_is_one_colour(tmp_path: Path) -> None:
    assert Picture(2, 2, bytes(12)).is_blank()
    assert not Picture(2, 2, bytes(11) + b"\x01").is_blank()


def test_a_frame_round_trips_through_png(tmp_path: Path) -> None:
    frame = Picture(2, 1, bytes([255, 0, 0, 0, 0, 255]))
    frame.save_png(tmp_path / "f.png")
    assert Picture.from_png(tmp_path / "f.png") == frame


@pytest.mark.parametrize(
    "data", [b"", b"P5\n1 1\n255\n\x00", b"P6\n2 2\n255\n\x00\x00", b"P6\n1 1\n65535\n\x00\x00"]
)
def test_a_damaged_screendump_is_an_error_not_a_traceback(tmp_path: Path, data: bytes) -> None:
    (tmp_path / "bad.ppm").write_bytes(data)
    with pytest.raises(PictureError):
        Picture.from_ppm(tmp_path / "bad.ppm")


def test_only_the_packages_of_missing_commands_are_named_once_each() -> None:
    present = {"mkfs.ext4", "sfdisk"}
    commands = {"mkfs.ext4": "e2fsprogs", "e2fsck": "e2fsprogs", "mcopy": "mtools",
                "mdir": "mtools", "sfdisk": "fdisk"}  # fmt: skip

    def which(name: str) -> str | None:
        return f"/usr/bin/{name}" if name in present else None

    assert missing_packages(commands, which) == ["e2fsprogs", "mtools"]


def test_each_profiles_buttons_become_the_keys_their_overlay_sends() -> None:
    assert keys.new_game(ProfileName.HATMINI)[0] == keys.Press("right")  # X: NEXT
    assert keys.one_move(ProfileName.HATMINI) == [
        keys.Press("right"), keys.Press("ret"), keys.Press("right"), keys.Press("ret")
    ]  # fmt: skip
    menu = keys.menu(ProfileName.HATMINI)
    assert menu.qcode == "backspace" and menu.hold_ms > 500, "B held opens the menu"
    assert keys.menu(ProfileName.TABLETOP) == keys.Press("esc")


def test_the_machine_is_a_zero_2_w_without_network_whose_disk_keeps_only_writes(
    tmp_path: Path,
) -> None:
    command = qemu_command(
        CachedImage(tmp_path), tmp_path / "card.img", ProfileName.LCDHAT, MachineFiles(tmp_path)
    )
    joined = " ".join(command)
    assert "-cpu cortex-a53 -smp 4 -m 512" in joined and "-nic none" in joined
    assert "cache=directsync" in joined and "unsafe" not in joined
    assert "virtio-keyboard-pci" in joined and "-display none" in joined
    panel = "bochs-display,id=panel,xres=240,yres=240,romfile="
    assert command.index("cirrus-vga,id=console,romfile=") < command.index(panel), (
        "the console's display comes first: fbcon binds it, not the panel"
    )
    assert "virtio-gpu" not in joined, "its driver hangs Trixie's power-off"
    assert "video=" not in joined, "the panel's size is its display's own mode, not a kernel option"


def test_the_panel_alone_is_the_only_display_the_console_can_bind(tmp_path: Path) -> None:
    command = qemu_command(
        CachedImage(tmp_path),
        tmp_path / "card.img",
        ProfileName.HATMINI,
        MachineFiles(tmp_path),
        layout=PanelLayout.ALONE,
    )
    displays = [part for part in command if part.startswith(("cirrus", "bochs-display"))]
    assert displays == ["bochs-display,id=panel,xres=320,yres=240,romfile="]


def test_the_title_is_told_from_the_console_by_its_background() -> None:
    console = Picture(4, 2, bytes([0, 0, 0]) * 7 + bytes([170, 170, 170]))
    title = Picture(4, 2, bytes([20, 30, 60]) * 5 + bytes([200, 200, 200]) * 3)
    assert console.dominant_colour() == bytes([0, 0, 0])
    assert title.dominant_colour() == Picture(1, 1, bytes([20, 30, 60])).as_rgb565()


def test_a_report_holds_every_field_asked_for(tmp_path: Path) -> None:
    report = Report(profile="hatmini", suite="bookworm", short=True)
    report.record_idle("title", Idle(wakeups_per_s=101.5, cpu_percent=6.2))
    report.write(tmp_path / "report.json")
    written = json.loads((tmp_path / "report.json").read_text())
    assert set(REQUIRED_FIELDS) <= set(written)
    assert written["idle_wakeups_per_s"] == {"title": 101.5}
    assert written["idle_cpu_percent"] == {"title": 6.2}
    assert written["first_frame_matches"] is None, "not measured is null, never a guess"
    assert written["menu_power_off_s"] is None and written["cut_after_update_ok"] is None


def test_a_picture_scaled_up_and_centred_is_compared_as_the_original() -> None:
    original = Picture(2, 1, bytes([255, 0, 0, 0, 0, 255]))
    # 7x4 screen: scale 3 (6x3 used), one column left over and one row: 0 left, 0 top.
    background = bytes([9, 9, 9])
    rows = []
    for _ in range(3):
        rows.append(bytes([255, 0, 0]) * 3 + bytes([0, 0, 255]) * 3 + background)
    rows.append(background * 7)
    screen = Picture(7, 4, b"".join(rows))
    assert screen.unscaled(2, 1) == original
    assert original.unscaled(2, 1) is original


def test_draining_the_console_leaves_nothing_unread_and_keeps_it_for_the_prompt() -> None:
    """QEMU's serial port stops the machine when its output is left unread."""
    harness, guest = socket.socketpair()
    with harness, guest:
        console = SerialConsole(harness)
        console.drain()  # nothing written yet: returns at once
        guest.sendall(b"Debian GNU/Linux 12\r\nroot@satellites-vm:~# ")
        console.drain()
        harness.setblocking(False)
        with pytest.raises(BlockingIOError):
            harness.recv(1)
        assert console.wait_for_shell(timeout_s=1.0) < 1.0, "the prompt was kept"


def test_the_launchers_splash_is_known_so_the_title_is_not_taken_for_it() -> None:
    splash = Picture.splash(320, 240)
    (left_x, y, _, _), (right_x, _, _, _) = discs_for((320, 240), STANDARD.players)

    def pixel(x: int, y: int) -> Picture:
        start = (y * 320 + x) * 3
        return Picture(1, 1, splash.rgb[start : start + 3])

    assert pixel(0, 0).differing_pixels(Picture(1, 1, bytes(STANDARD.background))) == 0
    assert pixel(left_x, y).differing_pixels(Picture(1, 1, bytes(STANDARD.players[0]))) == 0
    assert pixel(right_x, y).differing_pixels(Picture(1, 1, bytes(STANDARD.players[1]))) == 0
    assert splash.dominant_colour() == Picture(1, 1, bytes(STANDARD.background)).as_rgb565()


def test_the_memory_watch_reads_what_is_available_and_the_swap_in_use() -> None:
    meminfo = (
        "MemTotal:         463212 kB\nMemAvailable:     301544 kB\nSwapTotal:        "
        "463212 kB\nSwapFree:         451000 kB\nHugePages_Total:       0\n"
    )
    assert memory_line(meminfo) == "301544 12212"


def test_power_off_from_the_title_goes_back_over_the_top_then_to_yes() -> None:
    question, yes, confirm = keys.power_off_from_the_title(ProfileName.HATMINI)
    assert question == [keys.Press("down"), keys.Press("ret")], "Y: previous, A: choose"
    assert yes == [keys.Press("right")] and confirm == keys.Press("ret")
    question, yes, _ = keys.power_off_from_the_title(ProfileName.TABLETOP)
    assert question[0] == keys.Press("up") and yes == [keys.Press("down")]
