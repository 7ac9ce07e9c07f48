"""Power off through logind, the backlight and the supply alarm, on fake commands and sysfs."""

import stat
from pathlib import Path

import pytest

from drivers.power import (
    PWM_PERIOD_NS,
    HwmonSupply,
    LogindPower,
    PowerOffError,
    PwmBacklight,
    SysfsBacklight,
    find_backlight,
)


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


class FakePwmChip:
    """/sys/class/pwm/pwmchip0 as the ``pwm`` overlay gives it: writing a channel's
    number to ``export`` makes its files appear (here, once the driver waits)."""

    def __init__(self, sysfs: Path) -> None:
        self.chip = sysfs / "class" / "pwm" / "pwmchip0"
        self.chip.mkdir(parents=True)
        (self.chip / "export").write_text("")
        (self.chip / "npwm").write_text("2\n")
        self.waits = 0

    def kernel_catches_up(self, seconds: float) -> None:
        self.waits += 1
        for number in (self.chip / "export").read_text().split():
            channel = self.chip / f"pwm{number}"
            channel.mkdir(exist_ok=True)
            for name in ("period", "duty_cycle", "enable"):
                (channel / name).write_text("0\n")

    def read(self, name: str) -> str:
        return (self.chip / "pwm1" / name).read_text()


def test_the_kernels_backlight_device_comes_before_the_pwm_channel(tmp_path: Path) -> None:
    """The overlay's ``backlight-pwm`` gives the kernel the PWM: the game sets its levels
    through the backlight device and leaves the channel alone."""
    fake = FakePwmChip(tmp_path)
    device = fake_backlight(tmp_path, "backlight_pwm", 15)
    light = find_backlight(13, tmp_path, sleep=fake.kernel_catches_up)
    assert isinstance(light, SysfsBacklight)
    assert light.dims, "sixteen steps: the idle screen dims"
    light.set_level(50)
    assert (device / "brightness").read_text() == "8\n"
    assert (fake.chip / "export").read_text() == "" and not (fake.chip / "pwm1").exists()


def test_without_a_kernel_backlight_the_pwm_channel_has_levels(tmp_path: Path) -> None:
    fake = FakePwmChip(tmp_path)
    light = find_backlight(13, tmp_path, sleep=fake.kernel_catches_up)
    assert isinstance(light, PwmBacklight) and light.dims
    assert (fake.chip / "export").read_text() == "1\n" and fake.waits >= 1
    assert fake.read("period") == f"{PWM_PERIOD_NS}\n" and fake.read("enable") == "1\n"
    for percent, share in [(100, 1.0), (10, 0.1), (55, 0.55), (0, 0.0)]:
        light.set_level(percent)
        assert int(fake.read("duty_cycle")) == round(PWM_PERIOD_NS * share)


def test_an_exported_channel_is_taken_as_it_is(tmp_path: Path) -> None:
    fake = FakePwmChip(tmp_path)
    (fake.chip / "export").write_text("1\n")
    fake.kernel_catches_up(0)  # exported before the game started
    (fake.chip / "export").write_text("untouched")
    light = find_backlight(13, tmp_path, sleep=fake.kernel_catches_up)
    assert isinstance(light, PwmBacklight)
    assert (fake.chip / "export").read_text() == "untouched"


def test_an_on_off_backlight_device_is_on_at_every_level_above_zero(tmp_path: Path) -> None:
    device = fake_backlight(tmp_path, "backlight", 1)
    light = find_backlight(13, tmp_path, sleep=lambda seconds: None)
    assert isinstance(light, SysfsBacklight)
    light.set_level(10)
    assert (device / "brightness").read_text() == "1\n"
    assert not light.dims, "the game does not dim a light that cannot be dimmed"


def test_a_pwm_channel_that_never_appears_is_no_light(tmp_path: Path) -> None:
    FakePwmChip(tmp_path)
    assert find_backlight(13, tmp_path, sleep=lambda seconds: None) is None


def test_profiles_without_a_pwm_light_leave_the_pwm_chip_alone(tmp_path: Path) -> None:
    fake = FakePwmChip(tmp_path)
    assert find_backlight(None, tmp_path) is None
    assert find_backlight(4, tmp_path) is None, "GPIO 4 has no PWM channel"
    assert (fake.chip / "export").read_text() == ""


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
