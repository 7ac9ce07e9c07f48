"""A USB gamepad plays the game: SDL's game controller events, the profile's pad
buttons, the app's input sources, the screens, the journal."""

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app_driver import Driver
from virtual_pad import VirtualPad

from device.hardware.profiles import PROFILES
from device.journal.folder import SaveFolder
from drivers.gamepad import GamepadInput


class PadDriver(Driver):
    """A player on a gamepad: each tap is a pad button pressed and let go, read by the
    app from its input sources as its loop does."""

    def __init__(self, profile: str, save_dir: Path) -> None:
        pygame.display.init()
        self.gamepad = GamepadInput(PROFILES[profile].pad_buttons)
        super().__init__(profile, save_dir, inputs=(self.gamepad,))
        self.pad = VirtualPad()
        self.pad_button: dict[str, str] = {}
        """Physical button -> the first pad button the profile lists for it."""
        for pad_button, physical in PROFILES[profile].pad_buttons.items():
            self.pad_button.setdefault(physical, pad_button)
        self.app.take_input()  # SDL announces the pad: the app opens it

    def tap(self, physical: str, hold_ms: int = 40) -> None:
        self.pad.press(self.pad_button[physical])
        assert self.app.take_input()
        self.advance(hold_ms)
        self.pad.release(self.pad_button[physical])
        assert self.app.take_input()
        self.advance(60)

    def close(self) -> None:
        self.pad.unplug()
        self.gamepad.close()


@pytest.fixture(params=["hatmini", "tabletop"])
def pad_player(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[PadDriver]:
    driver = PadDriver(request.param, tmp_path)
    yield driver
    driver.close()
    pygame.quit()


def test_a_move_played_on_a_gamepad_is_on_the_board_and_in_the_journal(
    pad_player: PadDriver, tmp_path: Path
) -> None:
    game = pad_player.new_game("two players").game
    move = game.position.legal_moves()[-1]
    pad_player.play(move)
    assert game.record.moves == [move]
    after_a_restart = SaveFolder(tmp_path)
    after_a_restart.start()
    resumed = after_a_restart.resume()
    assert resumed.game.record.moves == [move]
