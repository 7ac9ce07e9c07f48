"""The app: the screen stack and the loop that runs it (input, time, drawing).

Construct it with its ``Devices`` (the profile, the display, the input drivers,
a folder for saves, and whatever else the device has); the desktop simulator
and the device launcher differ only in the drivers they pass.
The game being played is ``device.play.playing``'s; the screens start games,
and show what comes after one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import pygame

from device.devices import Devices
from device.hardware.buttons import Button, ButtonMapper, turned
from device.hardware.wait import Waiter
from device.journal.folder import SaveFolder
from device.journal.kept_settings import keep_settings, open_settings
from device.journal.notice import Notice, write_failed
from device.link.interface import LinkConnector
from device.look.frame_diff import FrameDiff
from device.look.theme import Fonts
from device.look.tones import make_sounds
from device.look.ui import Ui
from device.play.lighting import Lighting
from device.play.match import Players
from device.play.match_events import SaveFailed
from device.play.opponent import EngineThinker, Thinker
from device.play.playing import Playing
from device.play.review import EngineReviewer, Reviewing
from device.play.sounds import Sounds
from device.screens.dialogs import MessageScreen
from device.screens.game_screen import GameScreen
from device.screens.screen import Screen
from device.screens.supply_warning import SupplyWarning
from device.screens.title_screen import TitleScreen

MAX_WAIT_MS = 1000
"""The loop sleeps at most this long, even when nothing is due."""


class QueueWaiter:
    """Waits on SDL's own event queue (desktop video drivers block in it).

    Only desktop drivers (X11, Wayland) block there; with kmsdrm, evdev and
    dummy SDL looks at the queue every millisecond, so the device passes a
    waiter on its input devices' file descriptors instead.  The event that ends
    a wait is kept here (``take``), ahead of the rest of the queue: posted back,
    it would land behind events that came after it (a key's release before its
    press).
    """

    def __init__(self) -> None:
        self._taken: list[pygame.event.Event] = []

    def wait(self, timeout_ms: int) -> bool:
        event = pygame.event.wait(timeout_ms)
        if event.type == pygame.NOEVENT:
            return False
        self._taken.append(event)
        return True

    def take(self) -> list[pygame.event.Event]:
        """The events that ended waits, oldest first (the queue's head)."""
        taken, self._taken = self._taken, []
        return taken

    def wake(self) -> None:
        pygame.event.post(pygame.event.Event(pygame.USEREVENT))


HALF_TURN = 180


class App:
    def __init__(
        self,
        devices: Devices,
        *,
        thinker: Thinker | None = None,
        hint_thinker: Thinker | None = None,
        reviewing: Reviewing | None = None,
        seed: int | None = None,
    ) -> None:
        """Run on ``devices``; the thinkers (the computer, the hint), the reviewer of
        finished games and the seed of new games may be fixed, for tests and scripts."""
        profile = self.profile = devices.profile
        self._queue = QueueWaiter()
        """SDL's queue, and what a wait in it took (none when the device waits elsewhere)."""
        self.waiter: Waiter = devices.waiter or self._queue
        self.display = devices.display
        self.inputs = tuple(devices.inputs)
        save_dir = self.save_dir = devices.save_dir
        self.saves = SaveFolder(save_dir, devices.disk)
        """Every file the app keeps goes through ``self.saves.disk`` (a test's may fail)."""
        notices = self.saves.start()
        self.settings, settings_notice = open_settings(self.saves)
        notices += [settings_notice] if settings_notice is not None else []
        self.ui = Ui(profile, self.settings, Fonts())
        self.sounds = Sounds(devices.speaker, self.settings, make_sounds)
        thinker = thinker or EngineThinker(
            seed, think_ahead=lambda: self.settings.think_ahead, on_done=self.wake
        )
        players = Players(thinker, hint_thinker or EngineThinker(seed), self._pace_ms)
        self.playing = Playing(players, self.saves, self.sounds, seed)
        self.reviewing: Reviewing = reviewing or EngineReviewer()
        self.link: LinkConnector | None = None
        """A connector set up in advance (used when no ``link_cable`` is given)."""
        self.link_cable = devices.link_cable
        self.link_ports: Sequence[str] = tuple(devices.link_ports)
        self._clock = devices.clock
        self.power = devices.power
        self.lighting = Lighting(devices.backlight, self.settings, self._clock())
        self.supply_warning = SupplyWarning(devices.supply)
        self._today = devices.today
        self.mapper = ButtonMapper(dict(profile.meanings), dict(profile.long_press))
        self.mapper.repeat = self.settings.repeat
        self.screens: list[Screen] = [TitleScreen(self)]
        self._frame_diff = FrameDiff()
        self.running = True
        self.dirty = True
        self.after_draw: list[Callable[[pygame.Surface], None]] = []
        """Extra drawing on top of each frame (the simulator's overlays; see ``redraw``)."""
        self.frame_ms = 0.0
        """How long the last frame took to draw and present (the simulator shows it)."""
        self.display.set_rotation(self.settings.rotation)
        for notice in notices:
            self.tell(notice)

    # -- what screens ask for ------------------------------------------------

    def now(self) -> int:
        return self._clock()

    def push(self, screen: Screen) -> None:
        self.screens.append(screen)
        self.dirty = True

    def pop(self) -> None:
        if len(self.screens) > 1:
            self.screens.pop()
        self.dirty = True

    def to_title(self) -> None:
        self.playing.leave()
        self._replace_screens([TitleScreen(self)])

    def show_alone(self, screen: Screen) -> None:
        self._replace_screens([TitleScreen(self), screen])

    def _replace_screens(self, screens: list[Screen]) -> None:
        """The screens that go take what they had running with them (a review opened
        over a game's end)."""
        self.reviewing.cancel()
        self.screens = screens
        self.dirty = True

    def today(self) -> str:
        return self._today()

    def _pace_ms(self) -> int:
        """The least time the computer takes over a move (the player's setting)."""
        return self.settings.think_ms

    def settings_changed(self) -> None:
        self.apply_settings()
        problem = keep_settings(self.saves, self.settings)
        if problem is not None:
            self.tell(problem)

    def apply_settings(self) -> None:
        self.mapper.repeat = self.settings.repeat
        self.lighting.settings_changed()
        self.display.set_rotation(self.settings.rotation)
        self.repaint_all()

    def show_message(self, words: str) -> None:
        self.push(MessageScreen(self, words))

    def tell(self, notice: Notice) -> None:
        """Show what the save folder has to say."""
        self.show_message(notice.words(self.ui.t))

    # -- input -----------------------------------------------------------------

    @property
    def top(self) -> Screen:
        return self.screens[-1]

    def button(self, button: Button) -> None:
        """One logical button press, as the profile's mapping produced it.

        Directions are turned with the picture, so up on the glass is up on screen.
        """
        rotation = self.settings.rotation + (HALF_TURN if self._flipped() else 0)
        self.top.handle(turned(button, rotation))
        self.dirty = True

    def _flipped(self) -> bool:
        """Whether the picture faces the far side of the table (see Screen.flipped)."""
        return any(screen.flipped() for screen in self.screens)

    def press(self, physical: str, now: int) -> None:
        if self.lighting.input(now):
            return  # this press only woke the screen
        for button in self.mapper.press(physical, now):
            self.button(button)

    def release(self, physical: str, now: int) -> None:
        for button in self.mapper.release(physical, now):
            self.button(button)

    def take_input(self) -> bool:
        """Empty SDL's queue: the input drivers' presses and releases among its events,
        and the window's own; True when there was anything."""
        events = [*self._queue.take(), *pygame.event.get()]
        now = self.now()
        changes = [change for source in self.inputs for change in source.read(events)]
        for button, pressed in changes:
            if pressed:
                self.press(button, now)
            else:
                self.release(button, now)
        for event in events:
            self._window_event(event)
        return bool(changes or events)

    def _window_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWEXPOSED):
            self.mapper.release_all()  # the key-ups go to another window
            self.repaint_all()

    def redraw(self) -> None:
        """Draw the next frame (what is drawn over the screens changed)."""
        self.dirty = True

    def repaint_all(self) -> None:
        """Present the next frame whole (the output was cleared, rotated or uncovered)."""
        self._frame_diff = FrameDiff()
        self.dirty = True

    # -- time and drawing --------------------------------------------------------

    def update(self, now: int | None = None) -> None:
        now = self.now() if now is None else now
        for button in self.mapper.tick(now):
            self.button(button)
        # The match runs whatever screen is on top: the link must be answered (the
        # peer takes three seconds of silence for a lost link), the end stored.
        events = self.playing.tick(now)
        if events and self._match_shown():
            self.dirty = True
        for event in events:
            if isinstance(event, SaveFailed):
                self.tell(write_failed(event.error))
        if self.top.update(now):
            self.dirty = True
        self.lighting.tick(now, self._on_title())
        if self.supply_warning.check(now):
            self.dirty = True

    def on_wall_clock(self) -> bool:
        """Whether the app waits for something that runs in real time: a link cable, open
        or being opened (a headless run's clock then keeps pace with the wall clock)."""
        linked = self.playing.on_wall_clock
        return linked or any(screen.on_wall_clock for screen in self.screens)

    def _on_title(self) -> bool:
        return len(self.screens) == 1 and isinstance(self.screens[0], TitleScreen)

    def _match_shown(self) -> bool:
        return any(isinstance(screen, GameScreen) for screen in self.screens)

    def wait_ms(self, now: int | None = None) -> int:
        """How long the loop may sleep before something is due."""
        now = self.now() if now is None else now
        candidates = (
            self.mapper.next_deadline(),
            self.top.wakeup(now),
            self.playing.wakeup(now),
            self.lighting.next_deadline(self._on_title()),
            self.supply_warning.next_check,
        )
        deadlines = [d for d in candidates if d is not None]
        if self.dirty:
            return 0
        if not deadlines:
            return MAX_WAIT_MS
        return max(0, min(MAX_WAIT_MS, min(deadlines) - now))

    def draw(self) -> bool:
        """Draw the frame if anything changed; True when a frame was presented."""
        if not self.dirty:
            return False
        started = time.perf_counter()
        surface = self.display.surface
        first = len(self.screens) - 1
        while first > 0 and self.screens[first].overlay:
            first -= 1
        flipped = self._flipped()
        self.ui.half_turned = flipped
        for screen in self.screens[first:]:
            screen.draw(surface)
        self.ui.half_turned = False
        if flipped:
            surface.blit(pygame.transform.rotate(surface, HALF_TURN), (0, 0))
        self.supply_warning.draw(surface, self.ui)
        for extra in self.after_draw:
            extra(surface)
        self.display.present(self._frame_diff.changed(surface))
        self.sounds.prepare()
        self.dirty = False
        self.frame_ms = (time.perf_counter() - started) * 1000
        return True

    def wake(self) -> None:
        """From any thread: end the loop's current sleep (a search finished)."""
        self.waiter.wake()

    def step(self, timeout_ms: int | None = None) -> bool:
        """One turn of the loop: wait for input or the next deadline, react, draw; True
        when a frame was presented."""
        wait = self.wait_ms() if timeout_ms is None else timeout_ms
        if not self.take_input() and wait > 0:
            self.waiter.wait(wait)
            self.take_input()
        self.update()
        return self.draw()

    def run(self) -> None:
        while self.running:
            self.step()
