"""``report.json``: what the first boot in the virtual Zero 2 W measured.

Every field is present in every report; a measurement that was not taken
(the short form, or a step that failed first) is null, and ``failures``
says what went wrong.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path


@dataclass
class Idle:
    """The appliance waiting, over a few seconds: its wakeups and its share of one core."""

    wakeups_per_s: float
    cpu_percent: float


@dataclass
class Report:
    profile: str
    suite: str
    short: bool
    first_frame_matches: bool | None = None
    first_frame_differing_pixels: int | None = None
    boot_to_splash_s: float | None = None
    """From the kernel's start (the guest's clock) to the launcher's splash on the panel."""
    boot_to_title_s: float | None = None
    """From the kernel's start to the title on the panel."""
    process_start_to_first_frame_s: float | None = None
    process_start_to_title_s: float | None = None
    restart_to_splash_s: float | None = None
    restart_to_title_s: float | None = None
    """The game's own start: the service restarted once the boot is over (``restart``)."""
    boot_chain_s: dict[str, float | None] = field(default_factory=dict)
    """When the game's unit started, and when what it no longer waits for (the user
    sessions, the network) was reached, in seconds from the kernel's start; systemd's
    critical chains are in critical-chain.txt."""
    zero2w_estimate_s: dict[str, list[float]] = field(default_factory=dict)
    """The game's own start to the splash and to the title on a Zero 2 W, as a bracket
    (``calibration``): the emulated seconds over the VM's slowdown, times the Zero 2 W's."""
    install_s: float | None = None
    compiled_engine: bool | None = None
    boot_to_shell_s: float | None = None
    power_cuts: int = 0
    moves_lost: int | None = None
    moves_extra: int | None = None
    kernel_message_frame_intact: bool | None = None
    power_button_shutdown_s: float | None = None
    menu_power_off_s: float | None = None
    """From choosing "Power off" (and "Yes") in the game's menu to the machine off."""
    cut_after_install_ok: bool | None = None
    cut_after_update_ok: bool | None = None
    """Power cut 0-3 s after the install (the update) returned: the next boot shows the
    title and the boot partition's files are whole."""
    idle_wakeups_per_s: dict[str, float] = field(default_factory=dict)
    idle_cpu_percent: dict[str, float] = field(default_factory=dict)
    rss_mb: float | None = None
    appliance_processes: int | None = None
    mem_available_min_mb: float | None = None
    swap_used_max_mb: float | None = None
    tmp: str | None = None
    """What /tmp is (on Trixie a RAM file system: the update unpacks there)."""
    swap: str | None = None
    """The card's swap devices and sizes (on Trixie zram)."""
    first_user: str | None = None
    """The user the card's first boot made (Imager's settings), with its groups."""
    vm_speed: dict[str, object] = field(default_factory=dict)
    """The calibration (``calibration.vm_speed``): each run's seconds in the guest and
    on the host before and after the measured boot, the slowdown and its spread."""
    panel: dict[str, str] = field(default_factory=dict)
    panel_driver: str | None = None
    """The kernel driver of the card the app found its panel on."""
    panel_firmware_accepted: bool | None = None
    """The panel card: the driver bound with the profile's firmware file, the kernel
    naming no problem with it."""
    panel_init_matches_firmware: bool | None = None
    """The panel card: the commands on the wire before the first frame are the firmware's."""
    panel_window_matches_profile: bool | None = None
    """The panel card: the address mode, columns and rows of the first frame are the
    firmware's and the profile's size and offsets, every pixel on the glass."""
    panel_frame_matches: bool | None = None
    """The panel card: the picture rebuilt from the wire is the simulator's title."""
    panel_checks: dict[str, object] = field(default_factory=dict)
    """What the panel card's checks saw (commands, windows, pixels), or why one is null."""
    backlight_levels: dict[str, dict[str, object]] = field(default_factory=dict)
    """The panel card: for each brightness the app was set to, what the kernel's backlight
    device and its line said."""
    doctor: dict[str, object] = field(default_factory=dict)
    """``satellites-doctor`` run beside the game: its display line, whether the panel's
    picture stayed as it was, and each connector's enabled and DPMS state."""
    login_console: str | None = None
    """Ctrl+Alt+F2 beside the game: whether the second console and its login prompt came,
    and Ctrl+Alt+F1 back."""
    boots: list[dict[str, str]] = field(default_factory=list)
    """Each power-on: the panel's layout, and (after a cut) the framebuffer it got."""
    failures: list[str] = field(default_factory=list)
    timings_s: dict[str, float] = field(default_factory=dict)

    def record_idle(self, moment: str, idle: Idle) -> None:
        self.idle_wakeups_per_s[moment] = idle.wakeups_per_s
        self.idle_cpu_percent[moment] = idle.cpu_percent

    def write(self, path: Path) -> None:
        path.write_text(json.dumps(asdict(self), indent=2) + "\n", encoding="utf-8")


REQUIRED_FIELDS = (
    "first_frame_matches",
    "boot_to_splash_s",
    "boot_to_title_s",
    "process_start_to_first_frame_s",
    "install_s",
    "power_cuts",
    "moves_lost",
    "idle_wakeups_per_s",
    "idle_cpu_percent",
    "rss_mb",
    "mem_available_min_mb",
    "vm_speed",
    "menu_power_off_s",
    "cut_after_install_ok",
    "cut_after_update_ok",
)
"""The fields every report holds (null where its step did not run)."""
