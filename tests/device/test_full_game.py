"""Whole games played with the buttons of each device, checked against the engine."""

import random
from pathlib import Path

import pytest
from app_driver import Driver

from device.hardware.profiles import ProfileName
from device.play.game import Game, GameSetup
from device.screens.end_screen import EndScreen
from engine.moves import DISPLACEMENT, kind_of, landing_of, origin_of, target_of
from engine.playout import random_move
from engine.position import GRACE_MOVES
from engine.record import GameRecord, result_of
from engine.start import starting_position

PROFILES = tuple(ProfileName)


@pytest.mark.parametrize("profile", PROFILES)
def test_a_hotseat_game_played_with_buttons_ends_as_the_engine_says(
    profile: str, tmp_path: Path
) -> None:
    driver = Driver(profile, tmp_path, seed=7)
    screen = driver.new_game("two players")
    seed = screen.game.record.seed
    assert seed is not None
    reference = starting_position(seed)
    rng = random.Random(profile)
    played: list[int] = []
    while not reference.is_over():
        move = random_move(reference, rng)
        driver.play(move)
        reference.make(move)
        played.append(move)
    driver.advance(500)
    end = driver.app.top
    assert isinstance(end, EndScreen)
    assert end.game.record.moves == played
    assert end.result.winner == end.game.score().winner
    assert end.game.record.result() == result_of(reference)
    archived = driver.app.saves.archived()
    assert len(archived) == 1
    assert archived[0].record.moves == played
    assert not driver.app.saves.has_game()


@pytest.mark.parametrize("profile", PROFILES)
def test_a_game_against_the_computer_alternates_and_finishes(profile: str, tmp_path: Path) -> None:
    driver = Driver(profile, tmp_path, seed=3)
    screen = driver.new_game("vs computer", level="1", colour="Blue")
    game = screen.game
    driver.advance(200)
    assert game.movers == []  # the computer (Red) takes its thinking time...
    driver.advance(1000)
    assert game.movers == [0]  # ...and then opens
    rng = random.Random(5)
    while not game.is_over():
        assert game.human_to_move()
        driver.play(random_move(game.position.copy(), rng))
        # The computer answers each move within its thinking time, and plays
        # its grace moves one after another (RULES.md 6.2) when Blue finishes.
        for _ in range(1 + GRACE_MOVES):
            driver.advance(1300)
            if game.is_over() or game.human_to_move():
                break
    assert all(mover == 1 for mover in game.movers[1::2][:5])
    driver.advance(500)
    assert isinstance(driver.app.top, EndScreen)


def _game_with_a_displacement() -> tuple[int, list[int], int]:
    """A seed, the moves before a displacement, and the displacement."""
    for seed in range(1, 400):
        position = starting_position(seed)
        rng = random.Random(seed)
        history: list[int] = []
        while not position.is_over():
            displacements = [m for m in position.legal_moves() if kind_of(m) == DISPLACEMENT]
            if displacements:
                return seed, history, displacements[-1]
            move = random_move(position, rng)
            position.make(move)
            history.append(move)
    raise AssertionError("no displacement in 400 random games")


@pytest.mark.parametrize("profile", PROFILES)
def test_the_displacement_flow_offers_orange_landings_and_plays_the_choice(
    profile: str, tmp_path: Path
) -> None:
    seed, history, displacement = _game_with_a_displacement()
    driver = Driver(profile, tmp_path, seed=seed)
    driver.new_game("two players")
    # Replace the fresh game by the one that reaches a displacement, through Continue.
    game = Game(GameRecord.from_seed(seed), GameSetup())
    for move in history:
        game.play(move)
    driver.store(game)
    driver.app.to_title()
    driver.choose_item("Continue")
    screen = driver.game_screen()
    assert screen.game.record.moves == history
    driver.put_cursor(origin_of(displacement))
    driver.confirm()
    assert screen.marks().targets[target_of(displacement)] == DISPLACEMENT
    driver.put_cursor(target_of(displacement))
    driver.confirm()
    marks = screen.marks()
    expected = {
        landing_of(m)
        for m in screen.game.position.legal_moves()
        if origin_of(m) == origin_of(displacement) and target_of(m) == target_of(displacement)
    }
    assert set(marks.landings) == expected
    assert marks.displaced == target_of(displacement)
    driver.put_cursor(landing_of(displacement))
    driver.confirm()
    assert screen.game.record.moves == [*history, displacement]
