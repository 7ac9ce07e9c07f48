"""The tutorial's lessons: prepared positions, each with one thing to do.

A lesson is data: a position in the engine's notation, the words (in
``device.i18n`` under ``lesson.<name>.*``) and a goal, which the engine
judges from the move played: its kind, and the position it leaves.  A
lesson is played through an ordinary ``Match`` that stores nothing, with the
lesson as its policy (``LessonPolicy``): a move that misses is taken back, one
that does what the lesson asks ends it.  Nothing here needs pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from device.play.game import Game, GameSetup, Mode
from device.play.match import Match, Players, Verdict
from device.play.opponent import InstantThinker
from device.play.settings import Settings
from engine.geometry import DIRECTION_BETWEEN, DIRECTIONS, cell_at, file_of, rank_of
from engine.moves import CONNECTION, DISPLACEMENT, NORMAL, kind_of, landing_of, origin_of, target_of
from engine.position import Position
from engine.record import GameRecord
from engine.scoring import groups, score

Goal = Callable[[Position, int], bool]
"""Whether ``move``, played in the lesson's position, does what the lesson asks."""


def after(position: Position, move: int) -> Position:
    """The position ``move`` leaves (``position`` is not changed)."""
    played = position.copy()
    played.make(move)
    return played


def passed_over(move: int) -> list[int]:
    """The cells a move flies over between its start and its destination."""
    direction, distance = DIRECTION_BETWEEN[(origin_of(move), target_of(move))]
    dfile, drank = DIRECTIONS[direction]
    start = origin_of(move)
    return [
        cell_at(file_of(start) + dfile * step, rank_of(start) + drank * step)
        for step in range(1, distance)
    ]


def jumps(position: Position, move: int) -> bool:
    """A normal move over at least one satellite."""
    return kind_of(move) == NORMAL and any(position.board[c] for c in passed_over(move))


def opens_an_edge(position: Position, move: int) -> bool:
    return not position.connections_open() and after(position, move).connections_open()


def connects(position: Position, move: int) -> bool:
    return kind_of(move) == CONNECTION


def connects_in_a_stall(position: Position, move: int) -> bool:
    """A connection that only a stall allows: every edge held before and after it,
    and the engine counting no plies left before the stall opens connections."""
    stalled = position.plies_until_stall_opens() == 0
    return stalled and connects(position, move) and not after(position, move).free_edges()


def makes_own_colony(position: Position, move: int) -> bool:
    """The moved satellite ends in a colony its player controls."""
    played = after(position, move)
    group = next((g for g in groups(played) if target_of(move) in g.cells), None)
    return group is not None and group.is_colony and group.controller == position.side


def pushes_into_colony(position: Position, move: int) -> bool:
    """A displacement whose pushed satellite lands connected."""
    if kind_of(move) != DISPLACEMENT:
        return False
    return after(position, move).is_connected(landing_of(move))


def gives_grace(position: Position, move: int) -> bool:
    """The mover's last satellite connects: the other player gets grace moves."""
    played = after(position, move)
    return played.is_finished(position.side) and played.grace > 0


def wins_tiebreak(position: Position, move: int) -> bool:
    result = score(after(position, move))
    return result.winner == position.side and result.decided_by_tiebreak


PARTS = ("title", "text", "goal", "wrong", "done")
"""The words of a lesson, ``lesson.<name>.<part>`` in ``device.i18n``."""


@dataclass(frozen=True)
class Lesson:
    name: str
    """Names its words (``PARTS``): the title, the instruction, the goal in one line
    under the board, the hint after a move that misses, and what the move showed."""
    start: str
    """The prepared position, in the engine's notation."""
    goal: Goal
    needs_connection: bool = False
    """A miss that connects nothing is told so (its own hint is about what a
    connection made)."""
    notes: tuple[str, ...] = ()
    """Short cards after the lesson's own, on rules it leads to (``note.<name>.*``)."""

    def key(self, part: str) -> str:
        return f"lesson.{self.name}.{part}"

    def position(self) -> Position:
        return Game(GameRecord(start=self.start)).position

    def miss_hint(self, move: int) -> str:
        """The i18n key of the hint for ``move``, which missed: what it fell short of."""
        if self.needs_connection and kind_of(move) == NORMAL:
            return "tutorial.no_connection"
        return self.key("wrong")

    def goal_moves(self) -> list[int]:
        """Every legal move that completes the lesson, found by the engine."""
        position = self.position()
        return [m for m in position.legal_moves() if self.goal(position, m)]


CLOSED_BOARD = (
    "....b3...../........../........../......b2.../.......r4../"
    "r3...b1...../...r2....../.........b3/........../.....b4...."
)
"""Red 3 alone on the West edge, Blue on the three others: connections are closed."""

STALLED = (
    "......b3.../........../.........r1/........../.....b2..../"
    "..r3......./b4........./........../........../...r4...... r 0 20 20"
)
"""One loose satellite on every edge (g10, d1, a4, j8) for the last 20 plies, nothing
connected: a stall has opened connections, and the red 3 on c5 connects at f5."""

LESSONS: tuple[Lesson, ...] = (
    Lesson("move", f"{CLOSED_BOARD} r 0 0 0", jumps),
    Lesson("open", f"{CLOSED_BOARD} r 0 0 0", opens_an_edge),
    Lesson(
        "connect",
        "........../........../.......b4../..r4......./........../"
        ".....b2..../..r3......./........../........../.......... r 0 0 0",
        connects,
        notes=("count", "touch"),
    ),
    Lesson("stall", STALLED, connects_in_a_stall, needs_connection=True, notes=("seed",)),
    Lesson(
        "colony",
        ".....r4..../........../..b2......./........../........../"
        "....r2b3..../........../.....r1..../........../.......... r 0 0 0",
        makes_own_colony,
        needs_connection=True,
        notes=("six", "merge"),
    ),
    Lesson(
        "displace",
        "........../........../..b4......./........../.....r2..../"
        "....r1b3b2.../........../........../......r3.../.......... r 0 0 0",
        pushes_into_colony,
    ),
    Lesson(
        "grace",
        "........../..b4....r2../........../.r2b1r3.r4b3.../........../"
        ".r3b3r1.r4b4r1../........../.r1b1r4.r2b2r3../........../.......... r 0 0 0",
        gives_grace,
    ),
    Lesson(
        "tiebreak",
        "........../........r2./........../......r3b1../........../"
        "..b4r2b4...../........../...r4.r4b3.../........../.......... r 0 0 0",
        wins_tiebreak,
        needs_connection=True,
    ),
)


# -- progress ------------------------------------------------------------------


def first_lesson(settings: Settings) -> int:
    """Where the tutorial starts: the next lesson not yet done, or the first again."""
    done = settings.tutorial_lessons
    return done if done < len(LESSONS) else 0


def finished(settings: Settings) -> bool:
    return settings.tutorial_lessons >= len(LESSONS)


def lesson_done(settings: Settings, index: int) -> bool:
    """Note that lesson ``index`` was done or skipped; True when that changed the settings."""
    if index + 1 <= settings.tutorial_lessons:
        return False
    settings.tutorial_lessons = index + 1
    return True


# -- playing a lesson ----------------------------------------------------------


class NoLog:
    """A lesson keeps nothing: it is not a game to continue or to archive."""

    def sync(self, game: Game) -> None:
        pass

    def finish(self, game: Game) -> None:
        pass


class ShowGoal(InstantThinker):
    """The hint of a lesson: a move that does what it asks (the engine found it)."""

    def __init__(self, lesson: Lesson) -> None:
        super().__init__()
        self.lesson = lesson

    def start(self, position: Position, level: int) -> None:
        goal = self.lesson.goal
        self._answer = next((m for m in position.legal_moves() if goal(position, m)), None)


RESULT_MS = 1600
"""How long a lesson's result (the lock, the colony and its total, the grace moves)
stays on the board before the lesson is over, unless a press moves on sooner."""


class LessonPolicy:
    """A lesson as the policy of its match: the move is judged by the lesson's goal,
    from the lesson's position (a miss is taken back, so every move starts there)."""

    result_ms = RESULT_MS

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson

    def judge(self, game: Game) -> Verdict:
        move = game.last_move
        if move is not None and self.lesson.goal(self.lesson.position(), move):
            return Verdict.PASSED
        return Verdict.MISSED

    def words(self, verdict: Verdict | None) -> str:
        """The goal in one line under the board; once it is met, "Well done"."""
        return "tutorial.well_done" if verdict is Verdict.PASSED else self.lesson.key("goal")


def lesson_match(lesson: Lesson) -> Match:
    """The lesson's position as a match both sides play from the buttons, storing nothing,
    played for the lesson's goal."""
    game = Game(GameRecord(start=lesson.start), GameSetup(Mode.HOTSEAT))
    hint = ShowGoal(lesson)
    players = Players(thinker=hint, hint_thinker=hint)
    return Match(game, players, NoLog(), policy=LessonPolicy(lesson))
