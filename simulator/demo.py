"""The walk-through the simulator plays when it has no script: title, a new
game against the computer, a few moves, the menu, the rules."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Controls:
    """Script commands for one profile's buttons."""

    confirm: str
    back: str
    next_item: str
    next_choice: str
    menu: str


CONTROLS = {
    "hatmini": Controls("press A", "press B", "press X", "press X", "hold B 800"),
    "lcdhat": Controls("press PRESS", "press KEY1", "press DOWN", "press KEY3", "press KEY2"),
    "tabletop": Controls("press A", "press B", "press DOWN", "press SELECT", "press START"),
}


def demo_script(profile: str, moves: int = 8) -> str:
    """A script for a fresh save folder (the title then starts on New game)."""
    c = CONTROLS[profile]
    lines = ["shot title", c.confirm, "shot new-game"]
    lines += [c.next_item] * 3 + [c.confirm, "wait 300", "shot game-start"]
    lines += [c.confirm, "shot choose-destination", c.back]
    for _ in range(moves):
        lines += [c.next_choice, c.confirm, c.next_choice, c.confirm, "wait 400"]
    lines += ["shot game-after-moves", c.menu, "shot system-menu"]
    lines += [c.next_item] * 3 + [c.confirm, "shot rules", c.back, c.back, "shot back-to-game"]
    return "\n".join(lines) + "\n"
