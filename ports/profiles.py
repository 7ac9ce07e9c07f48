"""The reference device profiles: the display and every physical button, declared once.

Everything else reads this table: the app (what each button means, the help
lines), the keyboard driver (which key each button sends), the simulator
(``--profile`` choices, the emulated button controller) and the installer
(the ``config.txt`` lines, checked against it by the tests).

Each GPIO button is turned into an ordinary key by the kernel ``gpio-key``
overlay (see ``deploy/boot-<profile>.txt``).  The key a button sends depends
only on the logical button it is wired as (``sends``), so the appliance, the
desktop simulator and a plain USB keyboard all agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ProfileName(StrEnum):
    HATMINI = "hatmini"
    LCDHAT = "lcdhat"
    TABLETOP = "tabletop"


@dataclass(frozen=True)
class Key:
    """The key a logical button sends: Linux key code, its input-event-codes.h name, pygame's."""

    code: int
    linux: str
    pygame: str


KEYS: dict[str, Key] = {
    "UP": Key(103, "KEY_UP", "K_UP"),
    "DOWN": Key(108, "KEY_DOWN", "K_DOWN"),
    "LEFT": Key(105, "KEY_LEFT", "K_LEFT"),
    "RIGHT": Key(106, "KEY_RIGHT", "K_RIGHT"),
    "A": Key(28, "KEY_ENTER", "K_RETURN"),
    "B": Key(14, "KEY_BACKSPACE", "K_BACKSPACE"),
    "MENU": Key(1, "KEY_ESC", "K_ESCAPE"),
    "SELECT": Key(57, "KEY_SPACE", "K_SPACE"),
}
"""Logical button -> the key it sends."""
LOGICAL_BUTTONS = tuple(KEYS)


@dataclass(frozen=True)
class PhysicalButton:
    """One button of a device, wired to a GPIO."""

    name: str
    """What the app and the simulator's scripts call it ("X", "PRESS", "KEY1")."""
    label: str
    """What the wiring calls it ("joystick press")."""
    gpio: int
    """BCM GPIO number."""
    sends: str
    """The logical button it is wired as (a key of ``KEYS``)."""
    means: str
    """What the app makes of a press: a ``device.buttons.Button`` value."""
    held: str | None = None
    """What the app makes of holding it, if anything (a ``Button`` value)."""
    desktop_keys: tuple[str, ...] = ()
    """pygame key names that also press it on a desktop keyboard (the simulator's conveniences)."""


@dataclass(frozen=True)
class Profile:
    name: ProfileName
    title: str
    width: int
    height: int
    diagonal_in: float
    """The panel's visible diagonal in inches: how big a pixel is on the glass."""
    panel: str
    """"spi" (a panel on the SPI bus) or "hdmi"."""
    buttons: tuple[PhysicalButton, ...]
    shutdown_gpio: int
    """The power button's GPIO (gpio-shutdown overlay): held for a second it sends
    KEY_POWER, which systemd-logind turns into a shutdown.  GPIO 3 (header pin 5, next
    to ground on pin 6) also starts a halted Pi again."""
    has_dpad: bool
    """Without a D-pad the cursor jumps between sensible choices (NEXT/PREV)."""
    help_lines: tuple[tuple[str, str], ...]
    """(physical button, i18n key of what it does) for help screens."""
    backlight_pwm_gpio: int | None = None
    """The PWM-capable GPIO the panel's light hangs on (``pwm`` overlay): the light
    then has levels; without it, or without a PWM chip, it is the kernel's backlight."""

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)


HATMINI = Profile(
    name=ProfileName.HATMINI,
    title="Pimoroni Display HAT Mini",
    width=320,
    height=240,
    diagonal_in=2.0,
    panel="spi",
    # Four buttons only, no D-pad: X sends the RIGHT key and Y the DOWN key,
    # which the game reads on this profile as "next" and "previous" choice;
    # holding B opens the menu.
    buttons=(
        PhysicalButton("A", "A", 5, "A", "A", desktop_keys=("K_a", "K_z")),
        PhysicalButton("B", "B", 6, "B", "B", held="MENU", desktop_keys=("K_s", "K_x")),
        PhysicalButton("X", "X", 16, "RIGHT", "NEXT", desktop_keys=("K_q",)),
        PhysicalButton("Y", "Y", 24, "DOWN", "PREV", desktop_keys=("K_w", "K_LEFT", "K_UP")),
    ),
    shutdown_gpio=3,
    has_dpad=False,
    help_lines=(
        ("A", "help.confirm"),
        ("B", "help.back"),
        ("X", "help.next"),
        ("Y", "help.previous"),
        ("hold B", "help.menu"),
    ),
    backlight_pwm_gpio=13,
)

LCDHAT = Profile(
    name=ProfileName.LCDHAT,
    title="Waveshare 1.3inch LCD HAT",
    width=240,
    height=240,
    diagonal_in=1.3,
    panel="spi",
    buttons=(
        PhysicalButton("UP", "joystick up", 6, "UP", "UP"),
        PhysicalButton("DOWN", "joystick down", 19, "DOWN", "DOWN"),
        PhysicalButton("LEFT", "joystick left", 5, "LEFT", "LEFT"),
        PhysicalButton("RIGHT", "joystick right", 26, "RIGHT", "RIGHT"),
        PhysicalButton("PRESS", "joystick press", 13, "A", "A", desktop_keys=("K_z",)),
        PhysicalButton("KEY1", "KEY1", 21, "B", "B", desktop_keys=("K_x",)),
        PhysicalButton("KEY2", "KEY2", 20, "MENU", "MENU"),
        PhysicalButton("KEY3", "KEY3", 16, "SELECT", "SELECT", desktop_keys=("K_TAB",)),
    ),
    shutdown_gpio=3,
    has_dpad=True,
    help_lines=(
        ("joystick", "help.move"),
        ("press", "help.confirm"),
        ("KEY1", "help.back"),
        ("KEY2", "help.menu"),
        ("KEY3", "help.next"),
    ),
)

TABLETOP = Profile(
    name=ProfileName.TABLETOP,
    title="Tabletop: 480x320 HDMI panel and eight arcade buttons",
    width=480,
    height=320,
    diagonal_in=3.5,
    panel="hdmi",
    # Push buttons between the GPIO and ground; the kernel's pull-up does the
    # rest.  These pins leave SPI0, I2C and the UART (GPIO 14/15) free.
    buttons=(
        PhysicalButton("UP", "D-pad up", 5, "UP", "UP"),
        PhysicalButton("DOWN", "D-pad down", 6, "DOWN", "DOWN"),
        PhysicalButton("LEFT", "D-pad left", 13, "LEFT", "LEFT"),
        PhysicalButton("RIGHT", "D-pad right", 19, "RIGHT", "RIGHT"),
        PhysicalButton("A", "A", 26, "A", "A", desktop_keys=("K_z",)),
        PhysicalButton("B", "B", 21, "B", "B", desktop_keys=("K_x",)),
        PhysicalButton("START", "Start", 20, "MENU", "MENU"),
        PhysicalButton("SELECT", "Select", 16, "SELECT", "SELECT", desktop_keys=("K_TAB",)),
    ),
    shutdown_gpio=3,
    has_dpad=True,
    help_lines=(
        ("D-pad", "help.move"),
        ("A", "help.confirm"),
        ("B", "help.back"),
        ("Start", "help.menu"),
        ("Select", "help.next"),
    ),
)

PROFILES: dict[str, Profile] = {p.name: p for p in (HATMINI, LCDHAT, TABLETOP)}
"""Every reference profile by name, in ``ProfileName`` order."""
