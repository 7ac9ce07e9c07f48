"""Which of SSH, Wi-Fi and Bluetooth are on, read from a faked /proc/net and sysfs, and
turning the radios off."""

from pathlib import Path

import pytest

from deploy.game_only import Radio, listens_on, main, radios_off, remote

TCP_HEADER = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid\n"


def rfkill(sysfs: Path, name: str, kind: str, soft: int = 0, hard: int = 0) -> Path:
    folder = sysfs / "class/rfkill" / name
    folder.mkdir(parents=True)
    for file, value in (("type", kind), ("soft", soft), ("hard", hard)):
        (folder / file).write_text(f"{value}\n")
    return folder


def tcp(proc_net: Path, table: str, *rows: str) -> None:
    proc_net.mkdir(exist_ok=True)
    (proc_net / table).write_text(TCP_HEADER + "".join(f"   0: {row} 00000000 0\n" for row in rows))


def test_ssh_is_on_only_while_something_listens_on_port_22(tmp_path: Path) -> None:
    proc_net = tmp_path / "net"
    # A connection from port 22 to elsewhere (state 01) is not a listener; port 2222 is not 22.
    tcp(proc_net, "tcp", "0100007F:0016 0100007F:9C40 01", "00000000:08AE 00000000:0000 0A")
    assert not listens_on(22, proc_net)
    tcp(
        proc_net,
        "tcp6",
        "00000000000000000000000000000000:0016 00000000000000000000000000000000:0000 0A",
    )
    assert listens_on(22, proc_net)
    assert not listens_on(22, tmp_path / "no-proc"), "nothing to read: nothing listens"


def test_a_radio_is_on_unless_its_switch_or_software_blocks_it(tmp_path: Path) -> None:
    sysfs = tmp_path / "sys"
    rfkill(sysfs, "rfkill0", "wlan", soft=1)
    rfkill(sysfs, "rfkill1", "bluetooth")
    rfkill(sysfs, "rfkill2", "nfc")
    state = remote(sysfs, tmp_path / "net")
    assert (state.ssh, state.wifi, state.bluetooth) == (False, False, True)
    assert state.still_on() == ["Bluetooth"]
    assert state.describe() == "SSH off, Wi-Fi off, Bluetooth on"
    rfkill(sysfs, "rfkill3", "wlan", hard=1)
    assert remote(sysfs, tmp_path / "net").wifi is False, "a hardware switch blocks it too"


def test_a_device_without_a_radio_says_it_has_none(tmp_path: Path) -> None:
    state = remote(tmp_path / "sys", tmp_path / "net")
    assert (state.wifi, state.bluetooth) == (None, None)
    assert state.describe() == "SSH off, Wi-Fi none, Bluetooth none" and not state.still_on()


def test_turning_the_radios_off_blocks_wifi_and_bluetooth_and_nothing_else(tmp_path: Path) -> None:
    sysfs = tmp_path / "sys"
    wifi = rfkill(sysfs, "rfkill0", "wlan")
    bluetooth = rfkill(sysfs, "rfkill1", "bluetooth", soft=1)
    other = rfkill(sysfs, "rfkill2", "nfc")
    turned = radios_off(sysfs)
    assert [switch.radio for switch in turned] == [Radio.WIFI], "Bluetooth was off already"
    assert (wifi / "soft").read_text().strip() == "1"
    assert (bluetooth / "soft").read_text().strip() == "1"
    assert (other / "soft").read_text().strip() == "0"
    assert remote(sysfs, tmp_path / "net").still_on() == []


def test_the_command_reports_and_turns_off(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sysfs = tmp_path / "sys"
    rfkill(sysfs, "rfkill0", "wlan")
    assert main(["--sysfs", str(sysfs), "radios-off"]) == 0
    assert capsys.readouterr().out.strip() == "wlan (rfkill0) off"
    assert main(["--sysfs", str(sysfs), "radios-off"]) == 0
    assert capsys.readouterr().out.strip() == "none on"


def test_a_radio_that_cannot_be_blocked_is_one_line_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = rfkill(tmp_path / "sys", "rfkill0", "wlan")
    (folder / "soft").unlink()
    (folder / "soft").mkdir()  # writing to it fails as a read-only sysfs file would
    assert main(["--sysfs", str(tmp_path / "sys"), "radios-off"]) == 1
    error = capsys.readouterr().err
    assert (
        error.startswith("game_only: the radios could not be turned off")
        and "Traceback" not in error
    )
