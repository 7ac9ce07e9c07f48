"""The Pi's power, backlight and supply, as the appliance reaches them.

- Power off goes through systemd-logind (``systemctl poweroff``) as the game's
  own user: a polkit rule installed with the game allows exactly that.
- The backlight is the panel's ``/sys/class/backlight/*`` device (GPIO on/off
  or PWM levels, whatever the overlay gives): ``brightness`` out of
  ``max_brightness``.
- Under-voltage is the Pi's hwmon alarm, ``in0_lcrit_alarm`` of the
  ``rpi_volt`` sensor, which the firmware sets while the supply sags.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
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

    def set_level(self, percent: int) -> None:
        """0 turns the light off; any other level keeps at least the lowest step on."""
        level = round(self._maximum * max(0, min(100, percent)) / 100)
        if percent > 0:
            level = max(1, level)
        (self._device / "brightness").write_text(f"{level}\n")


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
