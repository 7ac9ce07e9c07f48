"""Logical buttons, and turning physical presses into them.

Key repeat and long press live here and nowhere else: screens only ever see
logical ``Button`` values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum


class Button(Enum):
    UP = "UP"
    DOWN = "DOWN"
    LEFT = "LEFT"
    RIGHT = "RIGHT"
    A = "A"
    B = "B"
    MENU = "MENU"
    SELECT = "SELECT"
    NEXT = "NEXT"
    """Jump to the next sensible choice (profiles without a D-pad)."""
    PREV = "PREV"


REPEATING = frozenset({Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT, Button.NEXT, Button.PREV})


class RepeatSpeed(StrEnum):
    """How fast a held direction repeats (the player's setting)."""

    OFF = "off"
    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"


REPEAT_SPEEDS: dict[RepeatSpeed, tuple[int, int]] = {
    RepeatSpeed.OFF: (0, 0),
    RepeatSpeed.SLOW: (500, 180),
    RepeatSpeed.NORMAL: (350, 110),
    RepeatSpeed.FAST: (250, 60),
}
"""Speed -> (delay before the first repeat, interval), milliseconds."""

LONG_PRESS_MS = 600

CLOCKWISE = (Button.UP, Button.RIGHT, Button.DOWN, Button.LEFT)
"""The directions in clockwise order, as a quarter turn of the picture steps them."""


def turned(button: Button, rotation: int) -> Button:
    """The direction in the picture of a direction pressed on the glass.

    The display turns the picture clockwise by ``rotation`` degrees while the
    buttons stay where they are, so a press is turned back anticlockwise by as
    much: at 90 degrees the picture's left is up on the glass.  Buttons that are
    not directions mean the same however the picture stands.
    """
    if button not in CLOCKWISE:
        return button
    quarters = rotation // 90
    return CLOCKWISE[(CLOCKWISE.index(button) - quarters) % len(CLOCKWISE)]


@dataclass
class _Held:
    pressed_at: int
    next_repeat: int | None
    long_fired: bool = False


@dataclass
class ButtonMapper:
    """Physical button presses and releases in, logical buttons out.

    ``mapping`` names the logical button of each physical one; ``long_press``
    names the logical button a physical one gives when held (its short
    press then fires on release instead of on press).
    """

    mapping: dict[str, Button]
    long_press: dict[str, Button] = field(default_factory=dict)
    repeat: RepeatSpeed = RepeatSpeed.NORMAL
    _held: dict[str, _Held] = field(default_factory=dict)

    def press(self, physical: str, now: int) -> list[Button]:
        logical = self.mapping.get(physical)
        if logical is None or physical in self._held:
            return []
        delay, _ = REPEAT_SPEEDS[self.repeat]
        repeats = logical in REPEATING and delay > 0 and physical not in self.long_press
        self._held[physical] = _Held(now, now + delay if repeats else None)
        if physical in self.long_press:
            return []
        return [logical]

    def release(self, physical: str, now: int) -> list[Button]:
        held = self._held.pop(physical, None)
        if held is None or physical not in self.long_press or held.long_fired:
            return []
        return [self.mapping[physical]]

    def release_all(self) -> None:
        """Forget held buttons (the window lost focus, a screen changed profile)."""
        self._held.clear()

    def tick(self, now: int) -> list[Button]:
        """Repeats and long presses that are due at ``now``."""
        out: list[Button] = []
        _, interval = REPEAT_SPEEDS[self.repeat]
        for physical, held in self._held.items():
            long = self.long_press.get(physical)
            if long is not None and not held.long_fired and now - held.pressed_at >= LONG_PRESS_MS:
                held.long_fired = True
                out.append(long)
            while held.next_repeat is not None and now >= held.next_repeat:
                out.append(self.mapping[physical])
                held.next_repeat += max(interval, 1)
        return out

    def next_deadline(self) -> int | None:
        """The earliest time ``tick`` has something to do, or None."""
        times: list[int] = []
        for physical, held in self._held.items():
            if held.next_repeat is not None:
                times.append(held.next_repeat)
            if physical in self.long_press and not held.long_fired:
                times.append(held.pressed_at + LONG_PRESS_MS)
        return min(times) if times else None
