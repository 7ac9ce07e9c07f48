"""Power off through logind, the backlight and the supply alarm, on fake commands and sysfs."""

import stat
from pathlib import Path

import pytest

from drivers.power import HwmonSupply, LogindPower, PowerOffError, SysfsBacklight


def fake_systemctl(folder: Path, status: int, complaint: str = "") -> Path:
    """A systemctl that records its arguments and answers as logind would."""
    script = folder / "systemctl"
    script.write_text(
        "#!/bin/sh\n"
        f'echo "$@" >> "{folder}/calls"\n'
        f'[ -z "{complaint}" ] || echo "{complaint}" >&2\n'
        f"exit {status}\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def test_power_off_asks_logind_without_a_password_prompt(tmp_path: Path) -> None:
    LogindPower((str(fake_systemctl(tmp_path, 0)), "poweroff", "--no-ask-password")).power_off()
    assert (tmp_path / "calls").read_text() == "poweroff --no-ask-password\n"


def test_a_refused_power_off_says_why(tmp_path: Path) -> None:
    refusal = "Call to PowerOff failed: Access denied"
    systemctl = fake_systemctl(tmp_path, 1, refusal)
    with pytest.raises(PowerOffError, match="Access denied"):
        LogindPower((str(systemctl), "poweroff")).power_off()
    with pytest.raises(PowerOffError, match="could not be run"):
        LogindPower((str(tmp_path / "missing"), "poweroff")).power_off()


def fake_backlight(sysfs: Path, name: str, maximum: int) -> Path:
    device = sysfs / "class" / "backlight" / name
    device.mkdir(parents=True)
    (device / "max_brightness").write_text(f"{maximum}\n")
    (device / "brightness").write_text(f"{maximum}\n")
    return device


@pytest.mark.parametrize(
    ("maximum", "percent", "written"),
    [(1, 100, 1), (1, 10, 1), (1, 0, 0), (255, 50, 128), (255, 10, 26), (100, 1, 1)],
)
def test_backlight_levels_are_scaled_to_the_panels_steps(
    tmp_path: Path, maximum: int, percent: int, written: int
) -> None:
    device = fake_backlight(tmp_path, "backlight", maximum)
    light = SysfsBacklight.find(tmp_path)
    assert light is not None
    light.set_level(percent)
    assert (device / "brightness").read_text() == f"{written}\n"


def test_no_backlight_device_is_none(tmp_path: Path) -> None:
    assert SysfsBacklight.find(tmp_path) is None
    broken = tmp_path / "class" / "backlight" / "broken"
    broken.mkdir(parents=True)
    assert SysfsBacklight.find(tmp_path) is None


def test_the_supply_alarm_is_read_from_the_pis_voltage_sensor(tmp_path: Path) -> None:
    (tmp_path / "class" / "hwmon" / "hwmon0").mkdir(parents=True)
    (tmp_path / "class" / "hwmon" / "hwmon0" / "name").write_text("cpu_thermal\n")
    volt = tmp_path / "class" / "hwmon" / "hwmon1"
    volt.mkdir()
    (volt / "name").write_text("rpi_volt\n")
    (volt / "in0_lcrit_alarm").write_text("0\n")
    supply = HwmonSupply.find(tmp_path)
    assert supply is not None and not supply.undervoltage()
    (volt / "in0_lcrit_alarm").write_text("1\n")
    assert supply.undervoltage()
    (volt / "in0_lcrit_alarm").unlink()
    assert not supply.undervoltage()


def test_a_board_without_the_sensor_has_no_supply_alarm(tmp_path: Path) -> None:
    assert HwmonSupply.find(tmp_path) is None
