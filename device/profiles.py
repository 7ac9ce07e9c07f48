"""The reference devices: screen size and what each physical button means."""

from __future__ import annotations

from dataclasses import dataclass, field

from device.buttons import Button


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

    def button_for(self, meaning: str) -> str:
        """The physical button the help lines give for ``meaning`` (e.g. "help.back")."""
        return next((name for name, does in self.help_lines if does == meaning), "B")


HATMINI = DeviceProfile(
    name="hatmini",
    width=320,
    height=240,
    diagonal_in=2.0,
    buttons={"A": Button.A, "B": Button.B, "X": Button.NEXT, "Y": Button.PREV},
    long_press={"B": Button.MENU},
    has_dpad=False,
    help_lines=(
        ("A", "help.confirm"),
        ("B", "help.back"),
        ("X", "help.next"),
        ("Y", "help.previous"),
        ("hold B", "help.menu"),
    ),
)

LCDHAT = DeviceProfile(
    name="lcdhat",
    width=240,
    height=240,
    diagonal_in=1.3,
    buttons={
        "UP": Button.UP,
        "DOWN": Button.DOWN,
        "LEFT": Button.LEFT,
        "RIGHT": Button.RIGHT,
        "PRESS": Button.A,
        "KEY1": Button.B,
        "KEY2": Button.MENU,
        "KEY3": Button.SELECT,
    },
    help_lines=(
        ("joystick", "help.move"),
        ("press", "help.confirm"),
        ("KEY1", "help.back"),
        ("KEY2", "help.menu"),
        ("KEY3", "help.next"),
    ),
)

TABLETOP = DeviceProfile(
    name="tabletop",
    width=480,
    height=320,
    diagonal_in=3.5,
    buttons={
        "UP": Button.UP,
        "DOWN": Button.DOWN,
        "LEFT": Button.LEFT,
        "RIGHT": Button.RIGHT,
        "A": Button.A,
        "B": Button.B,
        "START": Button.MENU,
        "SELECT": Button.SELECT,
    },
    help_lines=(
        ("D-pad", "help.move"),
        ("A", "help.confirm"),
        ("B", "help.back"),
        ("Start", "help.menu"),
        ("Select", "help.next"),
    ),
)

PROFILES: dict[str, DeviceProfile] = {p.name: p for p in (HATMINI, LCDHAT, TABLETOP)}
