"""The doctor's checks. Each looks at one thing the game needs and, when it is
missing, says exactly what to type to fix it.

Everything a check reads from the machine comes through `LocalSystem`, so the tests can
fake a missing display, a wrong group or a read-only save folder.
"""

from __future__ import annotations

import contextlib
import grp
import importlib
import importlib.util
import os
import pwd
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from types import ModuleType

from deploy.config import Config, VideoOutput
from deploy.crash import last_crash
from deploy.game_only import PROC_NET, SYSFS, remote
from deploy.save_folder import VOLATILE_FILESYSTEMS, filesystem_type, write_and_sync
from device.version import installed_version

SERVICE = "satellites"
PROBE_SECONDS = 30
"""How long the screen may take to show its first frame before the doctor gives up."""
# First four bytes of TrueType and OpenType font files.
FONT_MAGICS = (b"\x00\x01\x00\x00", b"true", b"OTTO")


class Status(Enum):
    OK = "ok"
    WARN = "warn"
    FAIL = "FAIL"
    SKIP = "skip"


@dataclass(frozen=True)
class Finding:
    check: str
    status: Status
    detail: str
    fix: str = ""


def _can_read_write(path: Path) -> bool:
    return os.access(path, os.R_OK | os.W_OK)


def _can_read(path: Path) -> bool:
    return os.access(path, os.R_OK)


def _current_groups() -> frozenset[str]:
    names = set()
    for gid in {os.getegid(), *os.getgroups()}:
        try:
            names.add(grp.getgrgid(gid).gr_name)
        except KeyError:
            continue
    return frozenset(names)


UNIT_FILE = Path("/etc/systemd/system") / f"{SERVICE}.service"


@dataclass(frozen=True)
class Identity:
    user: str
    groups: frozenset[str]


def game_identity(unit: Path = UNIT_FILE) -> Identity:
    """Who the game runs as: the unit's ``User=``, with that user's groups and the
    unit's ``SupplementaryGroups=``; without an installed unit (a desktop), whoever
    runs the doctor. Run with sudo, the doctor would otherwise judge root's groups,
    which the game never has."""
    try:
        text = unit.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        text = ""
    settings: dict[str, list[str]] = {}
    for line in text.splitlines():
        key, separator, value = line.partition("=")
        if separator:
            settings.setdefault(key.strip(), []).extend(value.split())
    user = (settings.get("User") or [""])[-1]
    if not user:
        return Identity(pwd.getpwuid(os.geteuid()).pw_name, _current_groups())
    return Identity(user, _groups_of(user) | frozenset(settings.get("SupplementaryGroups", [])))


def _groups_of(user: str) -> frozenset[str]:
    names = {group.gr_name for group in grp.getgrall() if user in group.gr_mem}
    with contextlib.suppress(KeyError):
        names.add(grp.getgrgid(pwd.getpwnam(user).pw_gid).gr_name)
    return frozenset(names)


def _font_dir() -> Path | None:
    spec = importlib.util.find_spec("device")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "assets"


def run_probe(config_path: Path) -> str:
    """Open the configured screen in a separate process (deploy.probe): its one-line verdict."""
    try:
        result = subprocess.run(
            [sys.executable, "-m", "deploy.probe", "--config", str(config_path)],
            capture_output=True,
            text=True,
            timeout=PROBE_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return f"FAIL: the screen showed no frame within {PROBE_SECONDS} s"
    lines = result.stdout.strip().splitlines()
    if lines and lines[-1].startswith(("ok:", "FAIL:")):
        return lines[-1]
    last_error = (result.stderr.strip().splitlines() or ["no output"])[-1]
    return f"FAIL: the screen test stopped with status {result.returncode} ({last_error})"


@dataclass(frozen=True)
class LocalSystem:
    """What the checks may look at on this machine."""

    dev: Path = Path("/dev")
    mounts: Path = Path("/proc/self/mounts")
    sysfs: Path = SYSFS
    proc_net: Path = PROC_NET
    environ: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    identity: Identity = field(default_factory=game_identity)
    font_dir: Path | None = field(default_factory=_font_dir)
    can_read_write: Callable[[Path], bool] = _can_read_write
    can_read: Callable[[Path], bool] = _can_read
    import_engine: Callable[[], ModuleType] = lambda: importlib.import_module("engine")
    probe_display: Callable[[Path], str] = run_probe
    game_version: Callable[[], str | None] = installed_version


def check_display(config: Config, system: LocalSystem, config_path: Path | None = None) -> Finding:
    """Desktop drivers need their session; the device's screen is opened for real."""
    name = "display"
    if config.display in (VideoOutput.DUMMY, VideoOutput.OFFSCREEN):
        return Finding(name, Status.OK, f"{config.display}: no screen needed")
    if config.display in (VideoOutput.X11, VideoOutput.WAYLAND):
        variable = "DISPLAY" if config.display is VideoOutput.X11 else "WAYLAND_DISPLAY"
        if system.environ.get(variable):
            return Finding(name, Status.OK, f"{config.display} session {system.environ[variable]}")
        return Finding(
            name,
            Status.FAIL,
            f"display = {config.display!r} but {variable} is not set",
            'run from a desktop session, or set display = "framebuffer" in the config',
        )
    if config_path is None:
        return Finding(name, Status.SKIP, f"{config.display}: no config file to open it with")
    verdict = system.probe_display(config_path)
    if verdict.startswith("ok:"):
        return Finding(name, Status.OK, verdict.removeprefix("ok:").strip())
    detail, _, fix = verdict.removeprefix("FAIL:").strip().partition("; fix: ")
    return Finding(
        name,
        Status.FAIL,
        detail,
        fix
        or f"sudo deploy/install.sh --profile {config.profile} (it adds the display lines "
        f"of deploy/boot-{config.profile}.txt to /boot/firmware/config.txt), then sudo reboot",
    )


def check_last_crash(config: Config) -> Finding:
    name = "last crash"
    crash = last_crash(config.save_dir)
    if crash is None:
        return Finding(name, Status.OK, "none recorded")
    return Finding(
        name,
        Status.WARN,
        crash.headline,
        f"the traceback is in {crash.path}; journalctl -u {SERVICE} -b -1 shows what led to it",
    )


def check_input(config: Config, system: LocalSystem) -> Finding:
    name = "input group"
    if config.display not in (VideoOutput.KMSDRM, VideoOutput.FRAMEBUFFER):
        return Finding(name, Status.SKIP, "the window system delivers the keys")
    if "input" not in system.identity.groups:
        return Finding(
            name,
            Status.FAIL,
            f"{system.identity.user} is not in the input group: the game would get no buttons "
            "and could not be left",
            f"sudo usermod -aG input {system.identity.user} && sudo systemctl restart {SERVICE}",
        )
    events = sorted((system.dev / "input").glob("event*"))
    if not events:
        return Finding(
            name,
            Status.WARN,
            f"in the input group, but there is no {system.dev}/input/event*: no buttons",
            f"check the gpio-key lines of deploy/boot-{config.profile}.txt are in "
            "/boot/firmware/config.txt, then sudo reboot",
        )
    unreadable = [event for event in events if not system.can_read(event)]
    if unreadable:
        return Finding(
            name,
            Status.FAIL,
            f"cannot read {', '.join(map(str, unreadable))}",
            "ls -l /dev/input: the event devices must belong to group input "
            "(sudo udevadm trigger --subsystem-match=input)",
        )
    return Finding(name, Status.OK, f"{len(events)} input device(s) readable")


def check_game_only(config: Config, system: LocalSystem) -> Finding:
    """SSH, Wi-Fi and Bluetooth left on a device that is only a game (a warning: they
    cost boot time and battery and open it to the network)."""
    name = "ssh and radios"
    if config.display not in (VideoOutput.KMSDRM, VideoOutput.FRAMEBUFFER):
        return Finding(name, Status.SKIP, "a desktop's own business")
    state = remote(system.sysfs, system.proc_net)
    still_on = state.still_on()
    if still_on:
        return Finding(
            name,
            Status.WARN,
            f"{state.describe()}: {' and '.join(still_on)} still on",
            "if the device is only a game, from the game's checkout: "
            "sudo deploy/install.sh --keep-config --appliance",
        )
    return Finding(name, Status.OK, state.describe())


def check_serial_port(key: str, port: str, system: LocalSystem) -> Finding:
    name = key.replace("_", " ")
    if not port:
        return Finding(name, Status.SKIP, "none configured")
    if "://" in port:
        return Finding(name, Status.OK, f"{port} (opened by pyserial)")
    path = Path(port)
    if not path.exists():
        return Finding(
            name,
            Status.FAIL,
            f"{port} does not exist",
            "plug the device in and list the ports with: ls -l /dev/serial/by-id/; "
            f"then set {key} in /etc/satellites/config.toml",
        )
    if "dialout" not in system.identity.groups or not system.can_read_write(path):
        return Finding(
            name,
            Status.FAIL,
            f"{system.identity.user} cannot open {port}",
            f"sudo usermod -aG dialout {system.identity.user} && sudo systemctl restart {SERVICE}",
        )
    return Finding(name, Status.OK, f"{port} can be opened")


def check_save_dir(config: Config, system: LocalSystem) -> Finding:
    name = "save folder"
    folder = config.save_dir
    owner_fix = (
        f"sudo install -d -m 0750 -o {system.identity.user} -g {system.identity.user} {folder}"
    )
    if not folder.is_dir():
        return Finding(name, Status.FAIL, f"{folder} does not exist", owner_fix)
    try:
        write_and_sync(folder)
    except OSError as error:
        return Finding(
            name,
            Status.FAIL,
            f"cannot write in {folder}: {error.strerror}",
            f"sudo chown -R {system.identity.user}:{system.identity.user} {folder}",
        )
    fstype = filesystem_type(folder, system.mounts)
    if fstype in VOLATILE_FILESYSTEMS:
        return Finding(
            name,
            Status.FAIL,
            f"{folder} is on {fstype}: saves would be lost at power-off",
            "mount the data partition there (deploy/README.md, section "
            '"Saves on a read-only card")',
        )
    return Finding(name, Status.OK, f"{folder} is writable ({fstype or 'unknown'} file system)")


def check_font(system: LocalSystem) -> Finding:
    name = "font"
    reinstall = "sudo deploy/update.sh (reinstalls the game and its font)"
    if system.font_dir is None or not system.font_dir.is_dir():
        return Finding(name, Status.FAIL, "the game's device/assets folder is missing", reinstall)
    fonts = sorted(system.font_dir.glob("*.ttf"))
    if not fonts:
        return Finding(name, Status.FAIL, f"no .ttf font in {system.font_dir}", reinstall)
    font = fonts[0]
    try:
        magic = font.read_bytes()[:4]
    except OSError as error:
        return Finding(name, Status.FAIL, f"cannot read {font}: {error.strerror}", reinstall)
    if magic not in FONT_MAGICS:
        return Finding(name, Status.FAIL, f"{font} is not a TrueType font", reinstall)
    return _load_with_pygame(font, reinstall)


def _load_with_pygame(font: Path, reinstall: str) -> Finding:
    try:
        import pygame.font
    except ImportError:
        return Finding(
            "font",
            Status.WARN,
            f"{font.name} is readable, but pygame is not installed to load it",
            reinstall,
        )
    try:
        pygame.font.init()
        # Opening is lazy; rendering makes FreeType read the glyphs.
        pygame.font.Font(str(font), 12).render("Satellites", True, (255, 255, 255))
    except (pygame.error, OSError) as error:
        return Finding("font", Status.FAIL, f"pygame cannot load {font}: {error}", reinstall)
    return Finding("font", Status.OK, f"{font.name} loads")


def check_engine(system: LocalSystem) -> Finding:
    name = "engine"
    reinstall = "sudo deploy/update.sh"
    try:
        engine = system.import_engine()
        compiled = bool(engine.is_compiled())
    except Exception as error:  # any failure to import or ask the engine is the finding
        return Finding(name, Status.FAIL, f"engine not importable: {error}", reinstall)
    if compiled:
        return Finding(name, Status.OK, "compiled with mypyc")
    return Finding(
        name,
        Status.WARN,
        "pure Python (works, but moves are computed more slowly)",
        "update from a bundle that carries the compiled engine (deploy/bundle.sh --compiled, "
        "in deploy/README.md); on a board with 1 GB of memory or more, sudo "
        "deploy/update.sh compiles it on the device (the install log says why a build failed)",
    )


def check_version(system: LocalSystem) -> Finding:
    """The installed game's version: what About shows, and what an update must exceed."""
    version = system.game_version()
    if version is None:
        return Finding("version", Status.SKIP, "the game is not installed (run from a checkout)")
    return Finding("version", Status.OK, f"satellites {version} installed")
