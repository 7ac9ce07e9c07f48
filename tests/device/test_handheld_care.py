"""Power off, the backlight and the supply warning, through the buttons a player presses."""

from pathlib import Path

import pytest
from app_driver import Driver

from device.journal.settings_file import load_settings
from device.play.lighting import DIM_PERCENT, OFF_ON_TITLE_MS
from device.screens.dialogs import ConfirmScreen, MessageScreen
from device.screens.supply_warning import AMBER
from device.screens.title_screen import TitleScreen


class FakePower:
    def __init__(self, refusal: str = "") -> None:
        self.calls = 0
        self.refusal = refusal

    def power_off(self) -> None:
        self.calls += 1
        if self.refusal:
            raise OSError(self.refusal)


class FakeBacklight:
    def __init__(self, dims: bool = True) -> None:
        self.levels: list[int] = []
        self.dims = dims

    def set_level(self, percent: int) -> None:
        self.levels.append(percent)


class FakeSupply:
    low = False

    def undervoltage(self) -> bool:
        return self.low


def test_power_off_from_the_title_asks_first(tmp_path: Path) -> None:
    power = FakePower()
    driver = Driver("lcdhat", tmp_path, power=power)
    driver.choose_item("Power off")
    assert isinstance(driver.app.top, ConfirmScreen) and driver.app.top.title() == "Power off?"
    driver.confirm()  # the highlight starts on Cancel
    assert power.calls == 0 and isinstance(driver.app.top, TitleScreen)
    driver.choose_item("Power off")
    driver.choose_item("Yes")
    assert power.calls == 1


def test_power_off_is_in_the_system_menu_and_a_refusal_is_shown(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    power = FakePower(refusal="Access denied")
    driver = Driver("tabletop", tmp_path, power=power)
    driver.new_game("two players")
    driver.open_menu()
    driver.choose_item("Power off")
    driver.choose_item("Yes")
    assert power.calls == 1
    top = driver.app.top
    assert isinstance(top, MessageScreen)
    assert top.words == "The device could not power off: the system reported an error."
    assert "Access denied" in caplog.text, "the system's own words go to the log"


def test_without_a_power_switch_there_is_no_power_off(tmp_path: Path) -> None:
    driver = Driver("lcdhat", tmp_path)
    labels = [item.label() for item in driver.app.top.shown()]  # type: ignore[attr-defined]
    assert "Power off" not in labels


def test_the_backlight_dims_when_idle_wakes_on_a_button_and_goes_off_on_the_title(
    tmp_path: Path,
) -> None:
    light = FakeBacklight()
    driver = Driver("lcdhat", tmp_path, backlight=light)
    assert light.levels == [100]
    driver.advance(59_000)
    assert light.levels == [100]
    driver.advance(2_000)
    assert light.levels == [100, DIM_PERCENT]
    index = driver.app.top.index  # type: ignore[attr-defined]
    driver.tap("DOWN")  # wakes the screen only
    assert light.levels == [100, DIM_PERCENT, 100]
    assert driver.app.top.index == index  # type: ignore[attr-defined]
    driver.advance(OFF_ON_TITLE_MS + 1000)
    assert light.levels[-2:] == [DIM_PERCENT, 0]
    driver.tap("DOWN")
    assert light.levels[-1] == 100


@pytest.mark.parametrize("profile", ["tabletop", "lcdhat"])
def test_without_a_backlight_no_press_is_spent_on_waking_a_screen_that_never_dimmed(
    tmp_path: Path, profile: str
) -> None:
    driver = Driver(profile, tmp_path)
    driver.advance(OFF_ON_TITLE_MS + 60_000)  # long past dimming and the title's dark
    index = driver.app.top.index  # type: ignore[attr-defined]
    driver.tap("DOWN")
    assert driver.app.top.index == index + 1  # type: ignore[attr-defined]


def test_a_light_only_switched_on_and_off_is_not_dimmed_but_goes_out_on_the_title(
    tmp_path: Path,
) -> None:
    light = FakeBacklight(dims=False)
    driver = Driver("lcdhat", tmp_path, backlight=light)
    driver.advance(2 * 60_000)
    index = driver.app.top.index  # type: ignore[attr-defined]
    driver.tap("DOWN")  # the light never went down: the press counts
    assert driver.app.top.index == index + 1  # type: ignore[attr-defined]
    assert light.levels == [100]
    driver.advance(OFF_ON_TITLE_MS + 1000)
    assert light.levels == [100, 0]
    driver.tap("DOWN")  # a dark screen: this press only lights it
    assert light.levels == [100, 0, 100]
    assert driver.app.top.index == index + 1  # type: ignore[attr-defined]


def test_brightness_and_dimming_are_settings_kept_across_restarts(tmp_path: Path) -> None:
    light = FakeBacklight()
    driver = Driver("lcdhat", tmp_path, backlight=light)
    driver.choose_item("Settings")
    driver.set_item("Brightness", "50%")
    driver.set_item("Dim after", "off")
    assert light.levels[-1] == 50
    driver.advance(10 * 60_000)  # in the settings: never dims now
    assert light.levels[-1] == 50
    assert (load_settings(tmp_path).brightness, load_settings(tmp_path).dim_after_s) == (50, 0)


def test_the_light_settings_show_only_with_a_backlight(tmp_path: Path) -> None:
    driver = Driver("lcdhat", tmp_path)
    driver.choose_item("Settings")
    labels = [item.label() for item in driver.app.top.shown()]  # type: ignore[attr-defined]
    assert not [label for label in labels if label.startswith(("Brightness", "Dim after"))]


def test_a_sagging_supply_shows_the_warning_sign_until_it_recovers(tmp_path: Path) -> None:
    supply = FakeSupply()
    driver = Driver("hatmini", tmp_path, supply=supply)

    def amber_in_the_corner() -> int:
        driver.app.dirty = True
        driver.app.draw()
        surface = driver.app.display.surface
        corner = [(x, y) for x in range(320 - 24, 320) for y in range(24)]
        return sum(surface.get_at(point)[:3] == AMBER for point in corner)

    assert amber_in_the_corner() == 0
    supply.low = True
    driver.advance(2_500)
    assert amber_in_the_corner() > 40
    supply.low = False
    driver.advance(2_500)
    assert amber_in_the_corner() == 0
