"""Running the app: headless on a virtual clock (scripts, screenshots), or in a window."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from device.app import App
from simulator.script import Action, Step

SETTLE_MS = 60
"""Time let pass after each button, so the app reacts before the next one."""


@dataclass
class VirtualClock:
    now: int = 0

    def __call__(self) -> int:
        return self.now


class HeadlessRun:
    """Drives the app from script steps; time only moves when the script says so.

    While the app has a link cable open, or is opening one, that time passes on
    the wall clock too: the other device (another simulator, a real device) runs
    in real time, so a script's ``wait 2000`` gives it two seconds to answer.
    Otherwise time jumps, and an hour-long script runs in moments.
    """

    def __init__(self, app: App, clock: VirtualClock, out_dir: Path, record: bool = False) -> None:
        self.app = app
        self.clock = clock
        self.out_dir = out_dir
        self.record = record
        self.frames = 0
        self.shots: list[Path] = []
        self._in_step: tuple[int, float] | None = None
        """The virtual and the wall clock when the app began to need real time."""

    def run(self, steps: list[Step]) -> None:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.advance(0)
        for step in steps:
            if not self.app.running:
                break
            if step.action is Action.HOLD:
                self.press(step.argument, down=True)
                self.advance(step.millis)
                self.press(step.argument, down=False)
                self.advance(SETTLE_MS)
            elif step.action is Action.WAIT:
                self.advance(step.millis)
            elif step.action is Action.SHOT:
                self.shots.append(self.screenshot(step.argument))

    def press(self, button: str, down: bool) -> None:
        """Press or let go ``button`` (a physical button of the profile), directly."""
        if down:
            self.app.press(button, self.clock.now)
        else:
            self.app.release(button, self.clock.now)
        self._frame()

    def advance(self, millis: int) -> None:
        """Let ``millis`` pass, waking the app whenever it asked to be woken."""
        end = self.clock.now + millis
        while True:
            self._frame()
            wait = max(1, self.app.wait_ms(self.clock.now))
            if self.clock.now + wait > end:
                break
            self._pass(wait)
        self._pass(end - self.clock.now)
        self._frame()

    def _pass(self, millis: int) -> None:
        """Move the clock on by ``millis``; while the app needs real time, not before the
        wall clock gets there (counted from when it began to, so drawing costs none)."""
        if not self.app.on_wall_clock():
            self._in_step = None
            self.clock.now += millis
            return
        if self._in_step is None:
            self._in_step = (self.clock.now, time.monotonic())
        virtual, real = self._in_step
        self.clock.now += millis
        due = real + (self.clock.now - virtual) / 1000
        time.sleep(max(0.0, due - time.monotonic()))  # the other device runs in real time

    def _frame(self) -> None:
        self.app.take_input()  # the window's events: a power switch pressed ends the run
        self.app.update(self.clock.now)
        if self.app.draw() and self.record:
            self.frames += 1
            pygame.image.save(
                self.app.display.surface, self.out_dir / f"frame-{self.frames:05d}.png"
            )

    def screenshot(self, name: str) -> Path:
        path = self.out_dir / f"{name}.png"
        pygame.image.save(self.app.display.surface, path)
        return path


class WindowRun:
    """The interactive loop: the app's own step (its input the desktop's keys, see
    ``simulator.desktop_keys``), each frame timed and, with ``record``, kept."""

    def __init__(
        self,
        app: App,
        out_dir: Path,
        record: bool = False,
        frame_time: Callable[[float], None] | None = None,
    ) -> None:
        self.app = app
        self.out_dir = out_dir
        self.record = record
        self.frame_time = frame_time
        self.frames = 0

    def run(self) -> None:
        app = self.app
        while app.running:
            if not app.step():
                continue
            if self.frame_time is not None:
                self.frame_time(app.frame_ms)
            if self.record:
                self.frames += 1
                self.out_dir.mkdir(parents=True, exist_ok=True)
                pygame.image.save(
                    app.display.surface, self.out_dir / f"frame-{self.frames:05d}.png"
                )
