"""Finding the panel's DRM card and framebuffer in a fake sysfs tree."""

from pathlib import Path

import pytest

from drivers.outputs import Output, Panel, describe_outputs, find_output, framebuffer_of


def fake_sysfs(
    root: Path,
    connectors: dict[str, str],
    framebuffers: dict[int, str],
    drivers: dict[int, str] | None = None,
) -> Path:
    """/sys/class/drm/cardN-CONNECTOR/status, /sys/class/drm/cardN/device/graphics/fbM
    and the card's device's driver link (as the kernel's: ../../bus/.../drivers/NAME)."""
    drm = root / "class" / "drm"
    for name, status in connectors.items():
        (drm / name).mkdir(parents=True)
        (drm / name / "status").write_text(status + "\n")
    for card, fb in framebuffers.items():
        (drm / f"card{card}" / "device" / "graphics" / fb).mkdir(parents=True)
    for card, driver in (drivers or {}).items():
        device = drm / f"card{card}" / "device"
        device.mkdir(parents=True, exist_ok=True)
        (device / "driver").symlink_to(f"../../../../bus/pci/drivers/{driver}")
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


@pytest.mark.parametrize(("console_card", "panel_card"), [(0, 1), (1, 0)])
def test_a_panel_named_by_its_driver_is_found_whichever_number_it_took(
    tmp_path: Path, console_card: int, panel_card: int
) -> None:
    """Two cards with the same connector name (as in a virtual machine): only the
    driver tells the panel from the console's display, from one boot to the next."""
    sysfs = fake_sysfs(
        tmp_path,
        {f"card{console_card}-Virtual-1": "connected", f"card{panel_card}-Virtual-1": "connected"},
        {console_card: f"fb{console_card}", panel_card: f"fb{panel_card}"},
        {console_card: "virtio_gpu", panel_card: "bochs-drm"},
    )
    panel = find_output(Panel.SPI, sysfs, driver="bochs-drm")
    assert panel == Output(panel_card, "Virtual-1")
    assert framebuffer_of(panel, sysfs) == Path(f"/dev/fb{panel_card}")
    assert find_output(Panel.SPI, sysfs) is None
    assert find_output(Panel.SPI, sysfs, driver="panel-mipi-dbi-spi") is None
    assert f"card{panel_card}-Virtual-1 (bochs-drm)" in describe_outputs(sysfs)
