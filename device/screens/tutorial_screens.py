"""The tutorial as the player sees it: a card saying what a lesson teaches, the
lesson played on the game screen (with the tutorial's menu, and a message when a
move misses), a card saying what the move showed, then the next lesson; at the
end, back to the title.  What a lesson is and how its move is judged is
``device.play.tutorial``'s."""

from __future__ import annotations

import pygame

from device.hardware.buttons import Button
from device.look.controls import Control, button_label, control, control_label, draw_button_bar
from device.play.match import Judgement, Match, Verdict
from device.play.tutorial import LESSONS, Lesson, first_lesson, lesson_done, lesson_match
from device.screens.dialogs import power_off_item
from device.screens.game_screen import GameScreen
from device.screens.menu_screen import Item, MenuOverGame
from device.screens.rules_screen import RulesScreen
from device.screens.screen import AppView, Screen
from device.screens.settings_screens import SettingsScreen

PADDING = 6
"""Space between the screen's edges and a card's words."""


def start_tutorial(app: AppView) -> None:
    """From the title: the first lesson the player has not done yet."""
    show_lesson(app, first_lesson(app.ui.settings))


def show_lesson(app: AppView, index: int) -> None:
    """The card of lesson ``index``; past the last lesson, the title."""
    app.to_title()
    if index < len(LESSONS):
        app.push(LessonCard(app, index))


def note_done(app: AppView, index: int) -> None:
    """Keep, in the settings, that lesson ``index`` is behind the player."""
    if lesson_done(app.ui.settings, index):
        app.settings_changed()


def skip_lesson(app: AppView, index: int) -> None:
    note_done(app, index)
    show_lesson(app, index + 1)


SKIP = (Button.SELECT, Button.NEXT)
"""The next-choice button skips a lesson from its card (B goes back: a player pressing
it as "back" must not skip the tutorial unplayed)."""


class Card(Screen):
    """A page of words around a lesson: a heading, the words, the button bar."""

    def __init__(self, app: AppView, index: int) -> None:
        super().__init__(app)
        self.index = index

    @property
    def lesson(self) -> Lesson:
        return LESSONS[self.index]

    def heading(self) -> str:
        return ""

    def words(self) -> str:
        return ""

    def controls(self) -> list[Control]:
        return []

    def handle(self, button: Button) -> None:
        if button is Button.MENU:
            self.app.push(TutorialMenu(self.app, self.index))

    def lines(self) -> tuple[list[str], list[str]]:
        """The heading and the words, wrapped to the screen's width."""
        ui = self.ui
        width = ui.layout.width - 2 * PADDING
        return (
            ui.wrap(self.heading(), ui.font(bold=True), width),
            ui.wrap(self.words(), ui.font(), width),
        )

    def bar_rows(self) -> list[list[Control]]:
        """The controls on as many rows as they need: on a narrow screen "skip" must
        not fall off the end of the bar."""
        ui = self.ui
        gap = ui.font().size(" ")[0]
        rows: list[list[Control]] = [[]]
        used = 0
        for item in self.controls():
            label = control_label(ui, item)
            if label is None:
                continue
            width = ui.font(bold=True).size(label)[0] + gap + ui.font().size(ui.t(item.does))[0]
            if rows[-1] and used + width > ui.layout.width - 4:
                rows.append([])
                used = 0
            rows[-1].append(item)
            used += width + 3 * gap
        return rows

    def bar_top(self) -> int:
        """Where the button rows start; the words stay above."""
        layout = self.ui.layout
        return layout.height - len(self.bar_rows()) * layout.line - 2

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        line = ui.layout.line
        surface.fill(ui.palette.background)
        heading, words = self.lines()
        y = PADDING
        for text in heading:
            surface.blit(ui.font(bold=True).render(text, True, ui.palette.cursor), (PADDING, y))
            y += line
        y += PADDING
        for text in words:
            surface.blit(ui.font().render(text, True, ui.palette.text), (PADDING, y))
            y += line
        top = self.bar_top()
        width, height = ui.layout.width, ui.layout.height
        pygame.draw.rect(surface, ui.palette.panel, (0, top, width, height - top))
        for row, controls in enumerate(self.bar_rows()):
            draw_button_bar(surface, ui, controls, top + row * line)


class LessonCard(Card):
    """Before a lesson: what it teaches and the one thing to do."""

    def heading(self) -> str:
        t = self.ui.t
        title = t(self.lesson.key("title"))
        return t("tutorial.lesson", number=self.index + 1, count=len(LESSONS), title=title)

    def words(self) -> str:
        label = button_label(self.ui, Button.A) or Button.A.value
        return self.ui.t(self.lesson.key("text"), button=label)

    def controls(self) -> list[Control]:
        return [
            control("ctl.try", Button.A),
            control("help.back", Button.B),
            control("ctl.skip", *SKIP),
        ]

    def handle(self, button: Button) -> None:
        if button is Button.A:
            play_lesson(self.app, self.index)
        elif button is Button.B:
            self.app.to_title()  # back where the tutorial was started; its place is kept
        elif button in SKIP:
            skip_lesson(self.app, self.index)
        else:
            super().handle(button)


class DoneCard(Card):
    """After a lesson: what the move showed; then the next lesson."""

    @property
    def last(self) -> bool:
        return self.index + 1 == len(LESSONS)

    def heading(self) -> str:
        return self.ui.t("tutorial.well_done")

    def words(self) -> str:
        t = self.ui.t
        done = t(self.lesson.key("done"))
        return f"{done}\n{t('tutorial.finished')}" if self.last else done

    def controls(self) -> list[Control]:
        onwards = control("ctl.finish" if self.last else "ctl.next_lesson", Button.A)
        return [onwards, control("help.menu", Button.MENU)]

    def handle(self, button: Button) -> None:
        if button is Button.A:
            after_lesson(self.app, self.index, 0)
        elif button is Button.MENU:
            self.app.push(TutorialMenu(self.app, self.index, can_skip=False))


def after_lesson(app: AppView, index: int, note: int) -> None:
    """The lesson's note cards from ``note`` on, then the next lesson."""
    if note < len(LESSONS[index].notes):
        app.to_title()
        app.push(NoteCard(app, index, note))
    else:
        show_lesson(app, index + 1)


class NoteCard(Card):
    """A short card after a lesson: one rule the lesson leads to, in a few words."""

    def __init__(self, app: AppView, index: int, note: int) -> None:
        super().__init__(app, index)
        self.note = note

    @property
    def name(self) -> str:
        return self.lesson.notes[self.note]

    def heading(self) -> str:
        return self.ui.t(f"note.{self.name}.title")

    def words(self) -> str:
        return self.ui.t(f"note.{self.name}.text")

    def controls(self) -> list[Control]:
        return [control("ctl.next_note", Button.A), control("help.menu", Button.MENU)]

    def handle(self, button: Button) -> None:
        if button is Button.A:
            after_lesson(self.app, self.index, self.note + 1)
        elif button is Button.MENU:
            self.app.push(TutorialMenu(self.app, self.index, can_skip=False))


def play_lesson(app: AppView, index: int) -> None:
    """Lesson ``index`` on the game screen; once it is done, its card."""
    screen = lesson_screen(app, index)
    app.playing.take_up(screen.match)
    app.show_alone(screen)


def lesson_screen(app: AppView, index: int) -> LessonScreen:
    """The game screen of lesson ``index``, on a match of its own."""
    return LessonScreen(app, index, lesson_match(LESSONS[index]))


class LessonScreen(GameScreen):
    """A lesson on the game screen: the tutorial's menu, a word on a missed move, and
    the lesson's card once it is done."""

    def __init__(self, app: AppView, index: int, match: Match) -> None:
        super().__init__(app, match)
        self.index = index

    def menu(self) -> Screen:
        return TutorialMenu(self.app, self.index, self)

    def judged(self, judgement: Judgement) -> None:
        """Keep a lesson done; tell a miss (taken back already) what it fell short of."""
        if judgement.verdict is Verdict.PASSED:
            note_done(self.app, self.index)
            return
        t = self.ui.t
        hint = t(LESSONS[self.index].miss_hint(judgement.move))
        self.app.show_message(t("tutorial.wrong", hint=hint))

    def ended(self) -> None:
        self.app.to_title()
        self.app.push(DoneCard(self.app, self.index))


class TutorialMenu(MenuOverGame):
    """The menu during the tutorial: resume, show me, skip, rules, settings, leave."""

    def __init__(
        self, app: AppView, index: int, lesson: GameScreen | None = None, can_skip: bool = True
    ) -> None:
        super().__init__(app)
        self.lesson_index = index
        """The lesson the menu was opened in (``index`` is the menu's cursor, on
        Resume first)."""
        self.lesson = lesson
        self.can_skip = can_skip
        """False after the lesson is done: A goes on from there."""

    def items(self) -> list[Item]:
        t = self.ui.t
        app = self.app
        return [
            Item(lambda: t("menu.resume"), app.pop),
            Item(lambda: t("menu.show_me"), self._show_me, visible=lambda: self.lesson is not None),
            Item(
                lambda: t("menu.skip_lesson"),
                lambda: skip_lesson(app, self.lesson_index),
                visible=lambda: self.can_skip,
            ),
            Item(lambda: t("menu.rules"), lambda: app.push(RulesScreen(app))),
            Item(lambda: t("menu.settings"), lambda: app.push(SettingsScreen(app))),
            Item(lambda: t("menu.leave_tutorial"), app.to_title),
            power_off_item(app),
        ]

    def _show_me(self) -> None:
        self.app.pop()
        if self.lesson is not None:
            self.lesson.match.ask_hint()
