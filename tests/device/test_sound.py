"""Which sound each thing that happens makes, heard on SDL's dummy audio driver;
mute and volume; and a device without sound shows no sound settings."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import pygame
import pytest
from app_driver import Driver
from screen_gallery import played_game

from device.hardware.profiles import PROFILES
from device.hardware.sound import SAMPLE_BYTES, SAMPLE_RATE
from device.look.tones import PEAK, make_sounds
from device.play.game import Game, GameSetup, Mode
from device.play.sounds import Effect
from device.screens.game_screen import start_game
from device.screens.settings_screens import SettingsScreen
from drivers.audio import MixerSpeaker, open_speaker
from drivers.display import HeadlessDisplay
from engine.moves import CONNECTION, DISPLACEMENT, NORMAL, kind_of
from engine.playout import random_move
from engine.position import Position
from engine.record import GameRecord
from engine.scoring import groups


class RecordingSpeaker:
    """The real mixer (on the dummy driver), noting what it is asked to play."""

    def __init__(self) -> None:
        speaker = open_speaker(SAMPLE_RATE, SAMPLE_BYTES)
        assert isinstance(speaker, MixerSpeaker), "the dummy audio driver opens"
        self.inner = speaker
        self.loaded: dict[str, bytes] = {}
        self.played: list[tuple[str, float]] = []

    @property
    def working(self) -> bool:
        return True

    def load(self, sounds: Mapping[str, bytes]) -> None:
        self.loaded = dict(sounds)
        self.inner.load(sounds)

    def play(self, name: str, volume: float) -> None:
        self.played.append((name, volume))
        self.inner.play(name, volume)

    def heard(self) -> list[str]:
        """What played since the last call, cursor ticks left out."""
        names = [name for name, _ in self.played if name != Effect.CURSOR]
        self.played.clear()
        return names


@pytest.fixture
def speaker() -> RecordingSpeaker:
    return RecordingSpeaker()


def _colonies(position: Position) -> int:
    return sum(1 for group in groups(position) if group.is_colony)


MoveTest = Callable[[Position, int, Position], bool]


def _replayed(seed: int, moves: list[int], setup: GameSetup) -> Game:
    game = Game(GameRecord.from_seed(seed, red="Ana", blue="Luis"), setup)
    for move in moves:
        game.play(move)
    return game


def find_move(wanted: MoveTest) -> tuple[Game, int]:
    """A position of random two-player games with a move that ``wanted`` accepts."""
    for seed in range(1, 40):
        rng = random.Random(seed)
        game = Game(GameRecord.from_seed(seed), GameSetup(Mode.HOTSEAT))
        while not game.is_over():
            for move in game.position.legal_moves():
                after = game.position.copy()
                after.make(move)
                if not after.is_over() and wanted(game.position, move, after):
                    return _replayed(seed, game.record.moves, GameSetup(Mode.HOTSEAT)), move
            game.play(random_move(game.position, rng))
    raise AssertionError("no random game has such a move")


def _plain(before: Position, move: int, after: Position) -> bool:
    return kind_of(move) == NORMAL and after.grace == before.grace


def _pair(before: Position, move: int, after: Position) -> bool:
    same = _colonies(after) == _colonies(before) and after.grace == before.grace
    return kind_of(move) == CONNECTION and same


def _new_colony(before: Position, move: int, after: Position) -> bool:
    grows = _colonies(after) > _colonies(before) and after.grace == before.grace
    return kind_of(move) == CONNECTION and grows


def _displacement(before: Position, move: int, after: Position) -> bool:
    same = _colonies(after) == _colonies(before) and after.grace == before.grace
    return kind_of(move) == DISPLACEMENT and same


def _grace(before: Position, move: int, after: Position) -> bool:
    return after.grace > before.grace


@pytest.mark.parametrize(
    ("wanted", "steps"),
    [
        (_plain, [Effect.CHOOSE, Effect.CHOOSE]),
        (_pair, [Effect.CHOOSE, Effect.CONNECTION]),
        (_new_colony, [Effect.CHOOSE, Effect.COLONY]),
        (_displacement, [Effect.CHOOSE, Effect.CHOOSE, Effect.DISPLACEMENT]),
        (_grace, [Effect.CHOOSE, Effect.GRACE]),
    ],
    ids=["plain move", "pair", "new colony", "displacement", "grace moves begin"],
)
def test_each_kind_of_move_played_with_the_buttons_makes_its_sound(
    tmp_path: Path, speaker: RecordingSpeaker, wanted: MoveTest, steps: list[Effect]
) -> None:
    game, move = find_move(wanted)
    driver = Driver("tabletop", tmp_path, speaker=speaker)
    start_game(driver.app, game)
    speaker.heard()
    driver.play(move)
    assert game.last_move == move
    assert speaker.heard() == steps


def test_moving_the_cursor_ticks(tmp_path: Path, speaker: RecordingSpeaker) -> None:
    driver = Driver("hatmini", tmp_path, speaker=speaker)
    driver.new_game("two players")
    speaker.played.clear()
    driver.tap("X")
    assert speaker.played == [(Effect.CURSOR, 0.5)]


def test_the_computers_moves_sound_too(tmp_path: Path, speaker: RecordingSpeaker) -> None:
    driver = Driver("lcdhat", tmp_path, speaker=speaker)
    game = driver.new_game("vs computer").game
    speaker.heard()
    driver.play(next(m for m in game.position.legal_moves() if kind_of(m) == NORMAL))
    driver.advance(1300)
    assert game.ply == 2
    assert speaker.heard() == [Effect.CHOOSE, Effect.CHOOSE, Effect.CHOOSE]


def _one_before_the_end(seed: int, setup: GameSetup) -> tuple[Game, int]:
    """Random play from ``seed`` one move before its end, and that last move."""
    moves = played_game(seed).record.moves
    return _replayed(seed, moves[:-1], setup), moves[-1]


@pytest.mark.parametrize(
    ("seed", "human", "end"),
    [(18, 0, [Effect.WIN]), (2, 0, [Effect.LOSS]), (740, 1, [])],
    ids=["won", "lost", "drawn"],
)
def test_the_last_move_sounds_the_end_for_the_player(
    tmp_path: Path, speaker: RecordingSpeaker, seed: int, human: int, end: list[Effect]
) -> None:
    game, last = _one_before_the_end(seed, GameSetup(Mode.VERSUS_AI, 1, human))
    assert game.human_to_move()
    driver = Driver("tabletop", tmp_path, speaker=speaker)
    start_game(driver.app, game)
    speaker.heard()
    driver.play(last)
    driver.advance(500)
    assert game.is_over()
    assert speaker.heard() == [Effect.CHOOSE, *end]


def test_resigning_sounds_the_loss_and_two_players_hear_the_win(
    tmp_path: Path, speaker: RecordingSpeaker
) -> None:
    driver = Driver("tabletop", tmp_path, speaker=speaker)
    driver.new_game("vs computer")
    driver.open_menu()
    driver.choose_item("Resign")
    speaker.heard()
    driver.choose_item("Yes")
    driver.advance(300)
    assert speaker.heard() == [Effect.CHOOSE, Effect.LOSS]

    game, last = _one_before_the_end(2, GameSetup(Mode.HOTSEAT))
    start_game(driver.app, game)
    speaker.heard()
    driver.play(last)
    driver.advance(300)
    assert speaker.heard() == [Effect.CHOOSE, Effect.WIN]


def test_mute_silences_and_volume_sets_the_loudness(
    tmp_path: Path, speaker: RecordingSpeaker
) -> None:
    driver = Driver("hatmini", tmp_path, speaker=speaker)
    driver.choose_item("Settings")
    driver.set_item("Volume", "25%")
    assert speaker.played[-1] == (Effect.CHOOSE, 0.25), "a new volume is heard at once"
    driver.set_item("Sound", "off")
    speaker.played.clear()
    driver.tap("X")
    driver.tap("Y")
    assert speaker.played == []
    driver.set_item("Sound", "on")
    assert speaker.played == [(Effect.CHOOSE, 0.25)]
    restarted = Driver("hatmini", tmp_path, speaker=RecordingSpeaker())
    assert (restarted.app.settings.sound, restarted.app.settings.volume) == (True, 25)


def test_without_an_audio_output_the_game_plays_on_silently_with_no_sound_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-output")
    silent = open_speaker(SAMPLE_RATE, SAMPLE_BYTES)
    monkeypatch.undo()
    driver = Driver("tabletop", tmp_path, speaker=silent)
    assert not driver.app.sounds.present
    game = driver.new_game("two players").game
    driver.play(game.position.legal_moves()[0])
    assert game.ply == 1
    driver.open_menu()
    driver.choose_item("Settings")
    screen = driver.app.top
    assert isinstance(screen, SettingsScreen)
    labels = [item.label() for item in screen.shown()]
    assert not any(label.startswith(("Sound", "Volume")) for label in labels)

    heard = Driver("tabletop", tmp_path, speaker=RecordingSpeaker())
    heard.choose_item("Settings")
    labels = [item.label() for item in heard.app.top.shown()]  # type: ignore[attr-defined]
    assert any(label.startswith("Sound") for label in labels)
    assert any(label.startswith("Volume") for label in labels)


def test_every_effect_is_made_at_start_short_and_unclipped(speaker: RecordingSpeaker) -> None:
    sounds = make_sounds()
    assert set(sounds) == {effect.value for effect in Effect}
    for name, pcm in sounds.items():
        samples = memoryview(pcm).cast("h")
        seconds = len(samples) / SAMPLE_RATE
        assert 0.01 <= seconds <= 1.0, name
        assert max(abs(s) for s in samples) <= 32767 * PEAK, name
        assert max(abs(s) for s in samples) > 32767 * PEAK / 10, f"{name} is audible"


class FrameBeforeSound(HeadlessDisplay):
    """A display that notes, in the speaker's log, when a frame was presented."""

    def __init__(self, size: tuple[int, int], log: list[str]) -> None:
        super().__init__(size)
        self.log = log

    def present(self, dirty: Sequence[pygame.Rect]) -> None:
        super().present(dirty)
        self.log.append("frame")


def test_the_title_is_shown_before_the_sounds_are_made_and_they_are_made_once(
    tmp_path: Path, speaker: RecordingSpeaker
) -> None:
    log: list[str] = []
    speaker_load = speaker.load

    def noted_load(sounds: Mapping[str, bytes]) -> None:
        log.append("sounds")
        speaker_load(sounds)

    speaker.load = noted_load  # type: ignore[method-assign]
    display = FrameBeforeSound(PROFILES["hatmini"].size, log)
    driver = Driver("hatmini", tmp_path, speaker=speaker, display=display)
    assert log == [], "nothing is made before the first frame"
    driver.app.dirty = True
    assert driver.app.draw()
    assert log == ["frame", "sounds"]
    assert set(speaker.loaded) == {effect.value for effect in Effect}
    driver.app.dirty = True
    driver.app.draw()
    assert log == ["frame", "sounds", "frame"], "the sounds are made once"
