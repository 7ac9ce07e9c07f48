"""The Pi's power, backlight and supply, as the appliance reaches them.

- Power off goes through systemd-logind (``systemctl poweroff``) as the game's
  own user: a polkit rule installed with the game allows exactly that.
- The backlight is the panel's ``/sys/class/backlight/*`` device (GPIO on/off
  or PWM levels, whatever the overlay gives: the hatmini's ``backlight-pwm``
  makes a PWM one), which the panel's driver lights: ``brightness`` out of
  ``max_brightness``.  Only where the kernel made no backlight device, and the
  profile's backlight pin is a PWM output with a chip in sysfs (a hand-added
  ``pwm`` overlay: ``/sys/class/pwm/pwmchipN``), does the game drive the
  channel itself: its duty cycle, the share of each period it is on.
- Under-voltage is the Pi's hwmon alarm, ``in0_lcrit_alarm`` of the
  ``rpi_volt`` sensor, which the firmware sets while the supply sags.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path

SYSFS = Path("/sys")
POWER_OFF = ("systemctl", "poweroff", "--no-ask-password")


class PowerOffError(OSError):
    """logind refused or could not be reached; the message says why."""


class LogindPower:
    def __init__(self, command: Sequence[str] = POWER_OFF) -> None:
        self._command = tuple(command)

    def power_off(self) -> None:
        try:
            result = subprocess.run(
                self._command, capture_output=True, text=True, timeout=30, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            raise PowerOffError(f"{self._command[0]} could not be run ({error})") from error
        if result.returncode != 0:
            reason = (result.stderr.strip().splitlines() or [f"status {result.returncode}"])[-1]
            raise PowerOffError(reason)


class SysfsBacklight:
    """The first backlight device the kernel shows (the panel's)."""

    def __init__(self, device: Path) -> None:
        self._device = device
        self._maximum = int((device / "max_brightness").read_text().strip())

    @classmethod
    def find(cls, sysfs: Path = SYSFS) -> SysfsBacklight | None:
        for device in sorted((sysfs / "class" / "backlight").glob("*")):
            try:
                return cls(device)
            except (OSError, ValueError):
                continue
        return None

    @property
    def dims(self) -> bool:
        """A ``gpio-backlight`` (lcdhat's light on GPIO 24) has the steps 0 and 1 only."""
        return self._maximum > 1

    def set_level(self, percent: int) -> None:
        """0 turns the light off; any other level keeps at least the lowest step on."""
        level = round(self._maximum * max(0, min(100, percent)) / 100)
        if percent > 0:
            level = max(1, level)
        (self._device / "brightness").write_text(f"{level}\n")


PWM_CHANNEL_OF_GPIO = {12: 0, 13: 1, 18: 0, 19: 1}
"""The channel of the Pi's PWM block on each PWM-capable header GPIO (``pwm``
overlay, ``func=4`` for 12 and 13, ``func=2`` for 18 and 19)."""
PWM_PERIOD_NS = 1_000_000
"""1 kHz: far above flicker, well within what a backlight's driver follows."""
EXPORT_WAIT_S = 1.0
"""How long an exported channel's files may take to appear and be given to the
game's group (udev, ``98-satellites-backlight.rules``)."""


class PwmBacklight:
    """A PWM channel driving the panel's light: levels as duty cycles."""

    def __init__(self, channel: Path) -> None:
        self._channel = channel
        if (channel / "period").read_text(encoding="ascii").strip() != str(PWM_PERIOD_NS):
            _write(channel / "duty_cycle", 0)  # a period shorter than the duty is refused
            _write(channel / "period", PWM_PERIOD_NS)
        _write(channel / "enable", 1)

    @classmethod
    def find(
        cls, gpio: int, sysfs: Path = SYSFS, sleep: Callable[[float], None] = time.sleep
    ) -> PwmBacklight | None:
        """The channel of ``gpio`` on the first PWM chip, exported if need be; None
        when there is no chip or its files cannot be written."""
        channel_number = PWM_CHANNEL_OF_GPIO.get(gpio)
        chips = sorted((sysfs / "class" / "pwm").glob("pwmchip*"))
        if channel_number is None or not chips:
            return None
        channel = chips[0] / f"pwm{channel_number}"
        try:
            if not channel.exists():
                _write(chips[0] / "export", channel_number)
            waited = 0.0
            while not os.access(channel / "duty_cycle", os.W_OK) and waited < EXPORT_WAIT_S:
                sleep(0.05)
                waited += 0.05
            return cls(channel)
        except OSError:
            return None

    @property
    def dims(self) -> bool:
        return True

    def set_level(self, percent: int) -> None:
        """0 turns the light off; 100 keeps it on for the whole period."""
        _write(self._channel / "duty_cycle", PWM_PERIOD_NS * max(0, min(100, percent)) // 100)


def _write(path: Path, value: int) -> None:
    path.write_text(f"{value}\n", encoding="ascii")


def find_backlight(
    pwm_gpio: int | None, sysfs: Path = SYSFS, sleep: Callable[[float], None] = time.sleep
) -> PwmBacklight | SysfsBacklight | None:
    """The kernel's backlight device, else (the fallback) the PWM channel of
    ``pwm_gpio`` driven through sysfs, else None."""
    kernels = SysfsBacklight.find(sysfs)
    if kernels is not None or pwm_gpio is None:
        return kernels
    return PwmBacklight.find(pwm_gpio, sysfs, sleep)


class HwmonSupply:
    """Whether the Pi's supply voltage is too low now."""

    def __init__(self, alarm: Path) -> None:
        self._alarm = alarm

    @classmethod
    def find(cls, sysfs: Path = SYSFS) -> HwmonSupply | None:
        for hwmon in sorted((sysfs / "class" / "hwmon").glob("hwmon*")):
            try:
                name = (hwmon / "name").read_text().strip()
            except OSError:
                continue
            if name == "rpi_volt" and (hwmon / "in0_lcrit_alarm").exists():
                return cls(hwmon / "in0_lcrit_alarm")
        return None

    def undervoltage(self) -> bool:
        try:
            return self._alarm.read_text().strip() not in ("", "0")
        except OSError:
            return False
