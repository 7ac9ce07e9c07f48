"""The reference devices as the app sees them: screen size and what each button means.

Built from the one table of profiles, ``ports.profiles``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from device.play.buttons import Button
from ports.profiles import PROFILES as PORT_PROFILES
from ports.profiles import Profile


@dataclass(frozen=True)
class DeviceProfile:
    name: str
    width: int
    height: int
    diagonal_in: float
    """The panel's visible diagonal in inches: how big a pixel is on the glass."""
    buttons: dict[str, Button]
    """Physical button name -> logical button."""
    long_press: dict[str, Button] = field(default_factory=dict)
    has_dpad: bool = True
    """Without a D-pad the cursor jumps between sensible choices (NEXT/PREV)."""
    help_lines: tuple[tuple[str, str], ...] = ()
    """(physical button, i18n key of what it does) for help screens."""

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    def pressing(self, *meanings: Button) -> str:
        """The physical button that gives the first of ``meanings`` this profile has."""
        return next(
            name for meaning in meanings for name, does in self.buttons.items() if does == meaning
        )

    def button_for(self, meaning: str) -> str:
        """The physical button the help lines give for ``meaning`` (e.g. "help.back")."""
        return next((name for name, does in self.help_lines if does == meaning), "B")


def _device_profile(profile: Profile) -> DeviceProfile:
    return DeviceProfile(
        name=profile.name,
        width=profile.width,
        height=profile.height,
        diagonal_in=profile.diagonal_in,
        buttons={button.name: Button(button.means) for button in profile.buttons},
        long_press={b.name: Button(b.held) for b in profile.buttons if b.held is not None},
        has_dpad=profile.has_dpad,
        help_lines=profile.help_lines,
    )


PROFILES: dict[str, DeviceProfile] = {
    name: _device_profile(profile) for name, profile in PORT_PROFILES.items()
}
