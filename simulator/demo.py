"""The walk-through the simulator plays when it has no script: title, a new
game against the computer, a few moves, the menu, the rules."""

from __future__ import annotations

from dataclasses import dataclass

from device.hardware.buttons import LONG_PRESS_MS, Button
from device.hardware.profiles import PROFILES, Profile


@dataclass(frozen=True)
class Controls:
    """Script commands for one profile's buttons."""

    confirm: str
    back: str
    next_item: str
    next_choice: str
    menu: str


def controls(profile: Profile) -> Controls:
    """The profile's buttons for each step of the walk-through."""
    held = [name for name, does in profile.long_press.items() if does == Button.MENU]
    menu = (
        f"hold {held[0]} {LONG_PRESS_MS + 200}"
        if held
        else f"press {profile.pressing(Button.MENU)}"
    )
    return Controls(
        confirm=f"press {profile.pressing(Button.A)}",
        back=f"press {profile.pressing(Button.B)}",
        next_item=f"press {profile.pressing(Button.DOWN, Button.NEXT)}",
        next_choice=f"press {profile.pressing(Button.SELECT, Button.NEXT)}",
        menu=menu,
    )


def demo_script(profile: str, moves: int = 8) -> str:
    """A script for a fresh save folder (the title then starts on Tutorial, New game next)."""
    c = controls(PROFILES[profile])
    lines = ["shot title", c.next_item, c.confirm, "shot new-game"]
    # past the mode, the rules, the level and the colour to Start
    lines += [c.next_item] * 4 + [c.confirm, "wait 300", "shot game-start"]
    lines += [c.confirm, "shot choose-destination", c.back]
    for _ in range(moves):
        lines += [c.next_choice, c.confirm, c.next_choice, c.confirm, "wait 400"]
    lines += ["shot game-after-moves", c.menu, "shot system-menu"]
    lines += [c.next_item] * 3 + [c.confirm, "shot rules", c.back, c.back, "shot back-to-game"]
    return "\n".join(lines) + "\n"
