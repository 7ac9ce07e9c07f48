"""Finding the panel's DRM card and framebuffer in a fake sysfs tree."""

from pathlib import Path

from drivers.outputs import Output, Panel, describe_outputs, find_output, framebuffer_of


def fake_sysfs(root: Path, connectors: dict[str, str], framebuffers: dict[int, str]) -> Path:
    """/sys/class/drm/cardN-CONNECTOR/status and /sys/class/drm/cardN/device/graphics/fbM."""
    drm = root / "class" / "drm"
    for name, status in connectors.items():
        (drm / name).mkdir(parents=True)
        (drm / name / "status").write_text(status + "\n")
    for card, fb in framebuffers.items():
        (drm / f"card{card}" / "device" / "graphics" / fb).mkdir(parents=True)
    return root


def test_the_spi_panel_is_found_whatever_number_the_hdmi_card_took(tmp_path: Path) -> None:
    sysfs = fake_sysfs(
        tmp_path,
        {"card0-HDMI-A-1": "connected", "card0-HDMI-A-2": "disconnected", "card1-SPI-1": "unknown"},
        {0: "fb0", 1: "fb1"},
    )
    spi = find_output(Panel.SPI, sysfs)
    assert spi == Output(1, "SPI-1")
    assert spi.card_device == Path("/dev/dri/card1")
    assert framebuffer_of(spi, sysfs) == Path("/dev/fb1")
    hdmi = find_output(Panel.HDMI, sysfs)
    assert hdmi == Output(0, "HDMI-A-1")
    assert framebuffer_of(hdmi, sysfs) == Path("/dev/fb0")


def test_a_connected_hdmi_port_wins_over_an_empty_one(tmp_path: Path) -> None:
    sysfs = fake_sysfs(
        tmp_path, {"card1-HDMI-A-1": "disconnected", "card2-HDMI-A-2": "connected"}, {}
    )
    assert find_output(Panel.HDMI, sysfs) == Output(2, "HDMI-A-2")


def test_nothing_found_is_none_and_the_message_lists_what_is_there(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path, {"card0-HDMI-A-1": "connected"}, {})
    assert find_output(Panel.SPI, sysfs) is None
    assert framebuffer_of(Output(0, "HDMI-A-1"), sysfs) is None
    assert describe_outputs(sysfs) == "card0-HDMI-A-1"
    assert describe_outputs(tmp_path / "empty") == "none"
