"""The profile table, the config.txt snippets and the panel firmware agree."""

import re
from pathlib import Path

import pytest

from deploy.panel_firmware import MAGIC, PanelCommandError, compile_commands
from deploy.panel_firmware import main as compile_main
from deploy.vm.panel_tree import overlay_parameters
from device.hardware.profiles import KEYS, LOGICAL_BUTTONS, PROFILES
from drivers.power import PWM_CHANNEL_OF_GPIO

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
HEADER_GPIOS = range(2, 28)
"""BCM GPIO numbers present on the 40-pin header of every Raspberry Pi."""
GPIO_KEY = re.compile(
    r"^dtoverlay=gpio-key,gpio=(\d+),active_low=1,gpio_pull=up,keycode=(\d+),label=\S+$"
)


def test_every_logical_button_has_a_distinct_key() -> None:
    codes = [KEYS[name].code for name in LOGICAL_BUTTONS]
    assert len(set(codes)) == len(codes)


def test_the_three_reference_profiles_exist() -> None:
    assert sorted(PROFILES) == ["hatmini", "lcdhat", "tabletop"]


@pytest.mark.parametrize("name", ["lcdhat", "tabletop"])
def test_profiles_with_eight_buttons_reach_every_logical_button(name: str) -> None:
    buttons = {button.sends for button in PROFILES[name].buttons}
    assert buttons == set(LOGICAL_BUTTONS)


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_each_button_has_its_own_header_gpio_and_sends_a_logical_button(name: str) -> None:
    buttons = PROFILES[name].buttons
    gpios = [button.gpio for button in buttons] + [PROFILES[name].shutdown_gpio]
    assert len(set(gpios)) == len(gpios)
    assert all(gpio in HEADER_GPIOS for gpio in gpios)
    assert all(button.sends in LOGICAL_BUTTONS for button in buttons)


def test_display_hat_mini_uses_pimoronis_pins() -> None:
    pins = {button.label: button.gpio for button in PROFILES["hatmini"].buttons}
    assert pins == {"A": 5, "B": 6, "X": 16, "Y": 24}


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_boot_snippet_has_one_gpio_key_per_button_with_its_key_code(name: str) -> None:
    lines = (DEPLOY / f"boot-{name}.txt").read_text().splitlines()
    overlays = [GPIO_KEY.match(line) for line in lines if line.startswith("dtoverlay=gpio-key")]
    assert all(overlays), "malformed gpio-key line"
    wired = {int(m.group(1)): int(m.group(2)) for m in overlays if m}
    expected = {b.gpio: KEYS[b.sends].code for b in PROFILES[name].buttons}
    assert wired == expected


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_boot_snippet_lines_fit_the_firmware_line_limit(name: str) -> None:
    lines = (DEPLOY / f"boot-{name}.txt").read_text().splitlines()
    assert lines[1] == "[all]"
    assert max(len(line) for line in lines) <= 98


@pytest.mark.parametrize("name", ["hatmini", "lcdhat"])
def test_spi_profiles_load_their_own_panel_firmware(name: str) -> None:
    text = (DEPLOY / f"boot-{name}.txt").read_text()
    assert f"dtparam=compatible=satellites-{name}\\0panel-mipi-dbi-spi" in text
    profile = PROFILES[name]
    assert f"width={profile.width},height={profile.height}" in text
    firmware = compile_commands((DEPLOY / f"panel-{name}.txt").read_text())
    assert firmware.startswith(MAGIC + b"\x01")
    assert firmware.endswith(bytes([0x29, 0, 0, 1, 100]))  # display on, then 100 ms


def test_panel_commands_encode_as_mipi_dbi_cmd_does() -> None:
    firmware = compile_commands("command 0x36 0x70 # comment\n\ndelay 120\ncommand 0x29\n")
    assert firmware == MAGIC + bytes([1, 0x36, 1, 0x70, 0, 1, 120, 0x29, 0])


@pytest.mark.parametrize("line", ["command", "delay 1 2", "command 0x100", "wait 5", "command x"])
def test_bad_panel_commands_name_their_line(line: str) -> None:
    with pytest.raises(PanelCommandError, match="line 2"):
        compile_commands(f"delay 1\n{line}\n")


PWM_FUNCTION = {12: 4, 13: 4, 18: 2, 19: 2}
"""The alternate function giving each GPIO to the PWM (ALT0 is 4, ALT5 is 2)."""
PWM_BACKLIGHT_LEVELS = 16
"""The ``mipi-dbi-spi`` overlay's ``brightness-levels`` table: levels 0 to 15."""


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_a_pwm_backlight_is_the_panel_overlays_own(name: str) -> None:
    """The overlay's ``backlight-pwm`` makes the kernel's backlight device, which the
    panel's driver lights, and keeps the analogue audio off the PWM; a separate ``pwm``
    overlay would give the pin a second owner and leave the audio on it."""
    gpio = PROFILES[name].backlight_pwm_gpio
    text = (DEPLOY / f"boot-{name}.txt").read_text()
    assert "dtoverlay=pwm" not in text
    if gpio is None:
        assert "backlight-pwm" not in text
        return
    parameters = dict(parameter.partition("=")[::2] for parameter in overlay_parameters(text))
    assert "backlight-pwm" in parameters and "backlight-gpio" not in parameters
    assert int(parameters["backlight-pwm-gpio"]) == gpio
    assert int(parameters["backlight-pwm-chan"]) == PWM_CHANNEL_OF_GPIO[gpio]
    assert int(parameters["backlight-pwm-func"]) == PWM_FUNCTION[gpio]
    # The overlay's default (16) is past its last level: the kernel would warn.
    assert 0 < int(parameters["backlight-def-brightness"]) < PWM_BACKLIGHT_LEVELS


def test_the_hatmini_light_is_on_gpio_13() -> None:
    assert PROFILES["hatmini"].backlight_pwm_gpio == 13


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_each_profile_has_a_power_button_held_for_a_second(name: str) -> None:
    profile = PROFILES[name]
    lines = (DEPLOY / f"boot-{name}.txt").read_text().splitlines()
    (line,) = [line for line in lines if line.startswith("dtoverlay=gpio-shutdown")]
    assert f"gpio_pin={profile.shutdown_gpio}," in line
    assert "active_low=1" in line and "debounce=1000" in line
    assert profile.shutdown_gpio not in {button.gpio for button in profile.buttons}


def test_panel_firmware_that_cannot_be_read_or_written_is_one_line(
    tmp_path: Path, file_in_the_way: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    commands = tmp_path / "panel.txt"
    commands.write_text("command 0x11\ndelay 120\n")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    for source, target in ((commands, file_in_the_way / "out.bin"), (binary, tmp_path / "out.bin")):
        assert compile_main([str(source), str(target)]) == 1
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1
    assert not (tmp_path / "out.bin").exists()
    assert compile_main([str(commands), str(tmp_path / "firmware" / "out.bin")]) == 0
    assert (tmp_path / "firmware" / "out.bin").read_bytes().startswith(MAGIC)
