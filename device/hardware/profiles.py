"""The reference device profiles: the display and every physical button, declared once.

Everything else reads this table: the app (what each button means, the help
lines), the keyboard driver (handed which keys each button sends), the simulator
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
from functools import cached_property

from device.hardware.buttons import Button


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


class Edge(StrEnum):
    """An edge of the glass (or of the picture), in clockwise order."""

    TOP = "top"
    RIGHT = "right"
    BOTTOM = "bottom"
    LEFT = "left"


CLOCKWISE_EDGES = tuple(Edge)


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
    """What the app makes of a press: a ``device.hardware.buttons.Button`` value."""
    held: str | None = None
    """What the app makes of holding it, if anything (a ``Button`` value)."""
    desktop_keys: tuple[str, ...] = ()
    """pygame key names that also press it on a desktop keyboard (the simulator's conveniences)."""
    pad_buttons: tuple[str, ...] = ()
    """The buttons of a USB gamepad that press it, by SDL's game controller names
    ("a", "b", "x", "y", "back", "start", "dpup", "dpdown", "dpleft", "dpright"):
    where they sit on the pad, whatever its maker calls them."""


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
    keys_beside: Edge | None = None
    """The edge of the glass (the panel unrotated) that the keys other than the
    direction and choose buttons stand beside, spread evenly along it in their order
    in ``buttons`` going clockwise round the glass (down the right edge, along the
    bottom from right to left); None where they are not all beside one edge."""
    backlight_pwm_gpio: int | None = None
    """The PWM-capable GPIO the panel's light hangs on: the panel overlay's
    ``backlight-pwm`` makes it the kernel's backlight device, with levels; where the
    kernel has no backlight device but a PWM chip (a ``pwm`` overlay), the game drives
    this GPIO's channel through sysfs instead."""

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @cached_property
    def meanings(self) -> dict[str, Button]:
        """Physical button name -> what a press means to the app."""
        return {button.name: Button(button.means) for button in self.buttons}

    @cached_property
    def long_press(self) -> dict[str, Button]:
        """Physical button name -> what holding it means, for the buttons that have one."""
        return {b.name: Button(b.held) for b in self.buttons if b.held is not None}

    @cached_property
    def pygame_keys(self) -> dict[str, tuple[str, ...]]:
        """Physical button name -> pygame key names pressing it: the key it sends first."""
        return {b.name: (KEYS[b.sends].pygame, *b.desktop_keys) for b in self.buttons}

    @cached_property
    def pad_buttons(self) -> dict[str, str]:
        """SDL game controller button name -> the physical button it presses."""
        return {pad: b.name for b in self.buttons for pad in b.pad_buttons}

    def pressing(self, *meanings: Button) -> str:
        """The physical button that gives the first of ``meanings`` this profile has."""
        return next(
            name for meaning in meanings for name, does in self.meanings.items() if does == meaning
        )

    def button_for(self, meaning: str) -> str:
        """The physical button the help lines give for ``meaning`` (e.g. "help.back")."""
        return next((name for name, does in self.help_lines if does == meaning), "B")


HATMINI = Profile(
    name=ProfileName.HATMINI,
    title="Pimoroni Display HAT Mini",
    width=320,
    height=240,
    diagonal_in=2.0,
    panel="spi",
    # Four buttons only, no D-pad: X sends the RIGHT key and Y the DOWN key,
    # which the game reads on this profile as "next" and "previous" choice;
    # holding B opens the menu.  A gamepad's D-pad steps the choices too: right
    # and down the next, left and up the previous.
    buttons=(
        PhysicalButton("A", "A", 5, "A", "A", desktop_keys=("K_a", "K_z"), pad_buttons=("a",)),
        PhysicalButton(
            "B", "B", 6, "B", "B", held="MENU", desktop_keys=("K_s", "K_x"), pad_buttons=("b",)
        ),
        PhysicalButton(
            "X",
            "X",
            16,
            "RIGHT",
            "NEXT",
            desktop_keys=("K_q",),
            pad_buttons=("x", "dpright", "dpdown"),
        ),
        PhysicalButton(
            "Y",
            "Y",
            24,
            "DOWN",
            "PREV",
            desktop_keys=("K_w", "K_LEFT", "K_UP"),
            pad_buttons=("y", "dpleft", "dpup"),
        ),
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
        PhysicalButton("UP", "joystick up", 6, "UP", "UP", pad_buttons=("dpup",)),
        PhysicalButton("DOWN", "joystick down", 19, "DOWN", "DOWN", pad_buttons=("dpdown",)),
        PhysicalButton("LEFT", "joystick left", 5, "LEFT", "LEFT", pad_buttons=("dpleft",)),
        PhysicalButton("RIGHT", "joystick right", 26, "RIGHT", "RIGHT", pad_buttons=("dpright",)),
        PhysicalButton(
            "PRESS", "joystick press", 13, "A", "A", desktop_keys=("K_z",), pad_buttons=("a",)
        ),
        PhysicalButton("KEY1", "KEY1", 21, "B", "B", desktop_keys=("K_x",), pad_buttons=("b",)),
        PhysicalButton("KEY2", "KEY2", 20, "MENU", "MENU", pad_buttons=("start",)),
        PhysicalButton(
            "KEY3", "KEY3", 16, "SELECT", "SELECT", desktop_keys=("K_TAB",), pad_buttons=("back",)
        ),
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
    # KEY1, KEY2 and KEY3 stand down the right of the glass, KEY1 at the top.
    keys_beside=Edge.RIGHT,
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
        PhysicalButton("UP", "D-pad up", 5, "UP", "UP", pad_buttons=("dpup",)),
        PhysicalButton("DOWN", "D-pad down", 6, "DOWN", "DOWN", pad_buttons=("dpdown",)),
        PhysicalButton("LEFT", "D-pad left", 13, "LEFT", "LEFT", pad_buttons=("dpleft",)),
        PhysicalButton("RIGHT", "D-pad right", 19, "RIGHT", "RIGHT", pad_buttons=("dpright",)),
        PhysicalButton("A", "A", 26, "A", "A", desktop_keys=("K_z",), pad_buttons=("a",)),
        PhysicalButton("B", "B", 21, "B", "B", desktop_keys=("K_x",), pad_buttons=("b",)),
        PhysicalButton("START", "Start", 20, "MENU", "MENU", pad_buttons=("start",)),
        PhysicalButton(
            "SELECT",
            "Select",
            16,
            "SELECT",
            "SELECT",
            desktop_keys=("K_TAB",),
            pad_buttons=("back",),
        ),
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
