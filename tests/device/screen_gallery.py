"""The key screens of the app in known states, for golden images and for looking at."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pygame
from app_driver import Driver, archive_game
from stalls import stalled_game

from device.app import App
from device.i18n import LANGUAGES, LEGEND_PAGE
from device.play.game import Game, GameSetup, Mode
from device.play.replay import Replay
from device.play.review import MomentView
from device.play.selection import Stage
from device.play.tutorial import LESSONS
from device.screens.about_screen import AboutScreen
from device.screens.dialogs import ConfirmScreen
from device.screens.end_screen import EndScreen
from device.screens.game_screen import GameScreen, SystemMenu, start_game
from device.screens.new_game_screen import NewGameScreen
from device.screens.past_games_screen import PastGamesScreen
from device.screens.replay_screen import ReplayScreen
from device.screens.review_screen import MomentScreen, ReviewScreen
from device.screens.rules_screen import RulesScreen
from device.screens.settings_screens import KeepRotationScreen, SettingsScreen
from device.screens.tutorial_screens import DoneCard, LessonCard, lesson_screen
from engine.moves import CONNECTION, DISPLACEMENT, kind_of, origin_of, target_of
from engine.pieces import BLUE, RED
from engine.playout import random_move
from engine.record import GameRecord
from engine.rules import SEED

TIEBREAK_SEED = 1
"""Random play from this seed ends 2-2 on colonies, decided by the tiebreak."""
DECIDED_SEED = 55
"""Random play from this seed ends with Red controlling 3 colonies to Blue's 1."""
BUSY_SEED = 16
"""After 120 plies from this seed: four colonies, connections still open."""
REPLAY_PLY = 53
"""The game from DECIDED_SEED has its displacement here: the replay shows its marks."""
STALL_SHOWN = 8
"""Plies of a stall on the gallery's stalled board: 12 left before connections open."""
STALLS_PAGE = 8
"""The rules page on stalls."""
QUARTER_TURNS = (90, 270)
"""The rotations that move the side keys to the top or bottom of the picture."""


def played_game(seed: int, plies: int | None = None) -> Game:
    """Random play from ``seed`` (seeded too), to the end or for ``plies`` plies."""
    game = Game(GameRecord.from_seed(seed, red="Ana", blue="Luis"), GameSetup(Mode.HOTSEAT))
    rng = random.Random(seed)
    while not game.is_over() and (plies is None or game.ply < plies):
        game.play(random_move(game.position, rng))
    return game


def game_until(predicate: Callable[[list[int]], bool]) -> Game:
    """The first random game (by seed) that reaches a position whose moves satisfy ``predicate``."""
    for seed in range(1, 500):
        game = Game(GameRecord.from_seed(seed), GameSetup(Mode.HOTSEAT))
        rng = random.Random(seed)
        while not game.is_over():
            if predicate(game.position.legal_moves()):
                return game
            game.play(random_move(game.position, rng))
    raise AssertionError("no random game reached the wanted position")


def on_destination(app: App, kind: int) -> GameScreen:
    """The first random game with a move of ``kind``, started: that move's satellite
    picked and the cursor on its destination."""
    start_game(app, game_until(lambda ms: any(kind_of(m) == kind for m in ms)))
    screen = app.top
    assert isinstance(screen, GameScreen) and screen.selection is not None
    move = next(m for m in screen.selection.moves if kind_of(m) == kind)
    screen.selection.cursor = origin_of(move)
    screen.selection.confirm()
    screen.selection.cursor = target_of(move)
    assert screen.selection.stage is Stage.TARGET
    return screen


def at_landing(app: App) -> GameScreen:
    """A displacement chosen in a new game: the player must say where the rival goes."""
    screen = on_destination(app, DISPLACEMENT)
    assert screen.selection is not None
    screen.selection.confirm()
    assert screen.selection.stage is Stage.LANDING
    return screen


def against_the_computer(game: Game, colour: int) -> Game:
    """``game`` as if this device had played ``colour`` against the computer."""
    record = game.record
    you, computer = "You", "Computer, level 3"
    record.red, record.blue = (you, computer) if colour == RED else (computer, you)
    record.date = "2026.11.29"
    record.tags = {"Mode": Mode.VERSUS_AI, "Level": "3"}
    return Game(record, GameSetup(Mode.VERSUS_AI, ai_level=3, human_colour=colour))


def archive_games(app: App) -> list[Path]:
    """A few finished games in the archive, and one file damaged beyond reading."""
    hotseat = played_game(DECIDED_SEED)
    hotseat.record.date = "2026.11.29"
    paths = [
        archive_game(
            app.saves, against_the_computer(played_game(TIEBREAK_SEED), BLUE), "20261128-1"
        ),
        archive_game(app.saves, hotseat, "20261129-1"),
        archive_game(app.saves, against_the_computer(played_game(DECIDED_SEED), RED), "20261130-1"),
    ]
    damaged = app.saves.folder / "finished" / "000004.20261130-2.journal"
    damaged.write_bytes(b"00000000 {not a journal}\n")
    return [*paths, damaged]


def _settle(driver: Driver) -> None:
    driver.advance(400)


class QuietSpeaker:
    """An audio output that plays nothing: the screens look as on a device with sound."""

    working = True

    def load(self, sounds: Mapping[str, bytes]) -> None:
        pass

    def play(self, name: str, volume: float) -> None:
        pass


def gallery_driver(profile: str, save_dir: Path) -> Driver:
    return Driver(profile, save_dir, seed=2, speaker=QuietSpeaker())


@dataclass(frozen=True)
class Look:
    """A language and a palette: the settings that change every screen's look."""

    language: str
    colour_blind: bool

    @property
    def name(self) -> str:
        return f"{self.language}-{'colour-blind' if self.colour_blind else 'normal'}"


LOOKS = tuple(Look(language, blind) for language in LANGUAGES for blind in (False, True))
"""Every language with each palette."""
PLAIN = Look("en", False)


def render_gallery(
    profile: str, save_dir: Path, driver: Driver | None = None, look: Look = PLAIN
) -> dict[str, pygame.Surface]:
    """Screen name -> a copy of the frame, every state built the same way each time."""
    driver = driver or gallery_driver(profile, save_dir)
    app = driver.app
    app.settings.language = look.language
    app.settings.colour_blind = look.colour_blind
    shots: dict[str, pygame.Surface] = {}

    def shoot(name: str) -> None:
        _settle(driver)
        app.dirty = True
        app.draw()
        shots[name] = app.display.surface.copy()

    shoot("title")
    app.push(NewGameScreen(app))
    shoot("new-game")
    start_game(app, stalled_game(STALL_SHOWN, SEED))
    shoot("game-seed-stall")
    start_game(app, stalled_game(STALL_SHOWN))
    shoot("game-stall")
    start_game(app, played_game(BUSY_SEED, plies=120))
    shoot("game")
    screen = app.top
    assert isinstance(screen, GameScreen) and screen.selection is not None
    connecting = [m for m in screen.selection.moves if kind_of(m) == CONNECTION]
    chosen = origin_of(connecting[0]) if connecting else screen.selection.choices[0]
    screen.selection.cursor = chosen
    screen.selection.confirm()
    shoot("choose-destination")
    if app.ui.profile.keys_beside is not None:
        # the keys' names follow the keys round the picture
        for rotation in QUARTER_TURNS:
            app.settings.rotation = rotation
            app.apply_settings()
            shoot(f"choose-destination-turned-{rotation}")
        app.settings.rotation = 0
        app.apply_settings()
    screen = at_landing(app)
    shoot("displacement")
    app.push(SystemMenu(app, screen))
    shoot("system-menu")
    app.push(ConfirmScreen(app, app.ui.t("confirm.to_title"), app.to_title))
    shoot("confirm")
    app.screens = app.screens[:1]
    app.push(EndScreen(app, played_game(TIEBREAK_SEED)))
    shoot("end-tiebreak")
    app.screens = app.screens[:1]
    app.push(EndScreen(app, played_game(DECIDED_SEED)))
    shoot("end")
    app.screens = app.screens[:1]
    app.push(EndScreen(app, against_the_computer(played_game(DECIDED_SEED), RED)))
    shoot("end-you-win")
    end = app.top
    assert isinstance(end, EndScreen)
    end.part = end.parts - 1
    end.choice = 1
    shoot("end-choices")
    app.screens = app.screens[:1]
    replay = Replay(played_game(DECIDED_SEED).record)
    replay.go_to(REPLAY_PLY)
    app.push(ReplayScreen(app, replay, None))
    shoot("replay")
    replay.last()
    shoot("final-board")
    app.screens = app.screens[:1]
    review = ReviewScreen(app, against_the_computer(played_game(TIEBREAK_SEED), RED), None)
    app.push(review)
    review.update(0)
    review.index = min(1, len(review.review.moments) - 1)
    shoot("review")
    app.push(MomentScreen(app, MomentView(review.review, review.index), review))
    shoot("review-moment")
    app.screens = app.screens[:1]
    archived = archive_games(app)
    app.push(PastGamesScreen(app))
    shoot("past-games")
    for path in archived:  # the next gallery in this folder starts from the same title
        path.unlink()
    app.screens = app.screens[:1]
    rules = RulesScreen(app)
    rules.page = 5
    app.push(rules)
    shoot("rules-displacement")
    rules.page = 7
    shoot("rules-tiebreak")
    rules.page = STALLS_PAGE
    shoot("rules-stalls")
    rules.page = LEGEND_PAGE
    shoot("rules-legend")
    app.screens = app.screens[:1]
    app.push(SettingsScreen(app))
    shoot("settings")
    app.settings.rotation = 90
    app.apply_settings()
    keep = KeepRotationScreen(app, 0)
    app.push(keep)
    shoot("keep-rotation")
    keep.revert()
    app.screens = app.screens[:1]
    app.push(AboutScreen(app))
    shoot("about")
    colony = [lesson.name for lesson in LESSONS].index("colony")
    app.screens = app.screens[:1]
    app.push(LessonCard(app, colony))
    shoot("tutorial-card")
    app.screens = app.screens[:1]
    app.push(lesson_screen(app, colony))
    shoot("tutorial-lesson")
    app.screens = app.screens[:1]
    app.push(DoneCard(app, len(LESSONS) - 1))
    shoot("tutorial-done")
    return shots


def shot_file(profile: str, look: Look, screen: str) -> str:
    """The picture's file name, e.g. ``lcdhat-es-colour-blind-end.png``."""
    return f"{profile}-{look.name}-{screen}.png"


def write_gallery(profile: str, save_dir: Path, folder: Path) -> list[Path]:
    """Every screen of ``profile`` in every look, as PNGs in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for look in LOOKS:
        for name, surface in render_gallery(profile, save_dir, look=look).items():
            path = folder / shot_file(profile, look, name)
            pygame.image.save(surface, path)
            paths.append(path)
    return paths


def smallest_cap_mm(profile: str, save_dir: Path) -> float:
    """The smallest capital height, in mm on the panel, of any font the gallery drew
    with, in every language and palette."""
    smallest = []
    for look in LOOKS:
        driver = gallery_driver(profile, save_dir)
        fonts = driver.app.ui.fonts
        fonts.used.clear()
        render_gallery(profile, save_dir, driver, look)
        cap = min(fonts.cap_height(size, bold) for size, bold in fonts.used)
        smallest.append(cap / driver.app.ui.layout.px_per_mm)
    return min(smallest)
