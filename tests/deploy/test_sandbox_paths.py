"""What the installed service may write: the merged unit keeps the backlight's sysfs
path and the save folder; a save folder must be one the game may use (the allow-list
SAVE_FOLDERS), or the installer, config check and the launcher refuse it."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deploy.config import SAVE_FOLDERS

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
BACKLIGHT = "-/sys/devices/platform"
LIST_SETTINGS = frozenset({"ReadWritePaths", "ReadOnlyPaths", "InaccessiblePaths", "DeviceAllow"})
"""Settings whose assignments add to a list, where an empty one empties it."""


def install(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(DEPLOY / "install.sh"), "--root", str(root), "--skip-pip",
         "--systemd-version", "252", "--profile", "hatmini", "--no-boot-config", *args],
        capture_output=True,
        text=True,
        check=False,
    )  # fmt: skip


def merged_unit(unit: Path) -> dict[str, list[str]]:
    """The [Service] settings of ``unit`` and its drop-ins (``unit.d/*.conf`` in name
    order), as systemd merges them (systemd.unit(5), systemd.exec(5)): a list setting
    gathers its values and an empty assignment resets it; any other keeps the last."""
    files = [unit, *sorted(unit.with_name(unit.name + ".d").glob("*.conf"))]
    merged: dict[str, list[str]] = {}
    for file in files:
        section = ""
        for line in file.read_text().splitlines():
            line = line.strip()
            if not line or line.startswith(("#", ";")):
                continue
            if line.startswith("["):
                section = line
                continue
            key, _, value = line.partition("=")
            if section != "[Service]":
                continue
            if key not in LIST_SETTINGS:
                merged[key] = [value]
            elif not value:
                merged[key] = []
            else:
                merged.setdefault(key, []).extend(
                    value.split() if key.endswith("Paths") else [value]
                )
    return merged


def test_the_merged_unit_keeps_the_backlight_and_the_save_folder_writable(tmp_path: Path) -> None:
    result = install(tmp_path, "--save-dir", "/var/lib/satellites/saves")
    assert result.returncode == 0, result.stderr
    unit = tmp_path / "etc/systemd/system/satellites.service"
    writable = merged_unit(unit)["ReadWritePaths"]
    assert BACKLIGHT in writable, "the backlight (brightness, dimming) must stay writable"
    assert "-/var/lib/satellites/saves" in writable
    assert "/dev/satellites-buttons rw" not in merged_unit(unit)["DeviceAllow"]
    assert "char-fb rw" in merged_unit(unit)["DeviceAllow"]


def test_systemd_reads_the_same_merged_unit(tmp_path: Path) -> None:
    """systemd-analyze verify on the unit and its drop-in; its debug dump of the loaded
    unit lists the same writable paths as merged_unit."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    assert install(tmp_path / "root", "--save-dir", "/var/lib/satellites/saves").returncode == 0
    system = tmp_path / "root/etc/systemd/system"
    copy = tmp_path / "units"
    shutil.copytree(system / "satellites.service.d", copy / "satellites.service.d")
    program = "/opt/satellites/venv/bin/satellites-appliance"
    runnable = (system / "satellites.service").read_text().replace(program, "/bin/true")
    (copy / "satellites.service").write_text(runnable)
    result = subprocess.run(
        [analyze, "verify", "--man=no", str(copy / "satellites.service")],
        capture_output=True,
        text=True,
        check=False,
        env={"SYSTEMD_LOG_LEVEL": "debug", "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr[-2000:]
    dumped = re.findall(r"^\s*ReadWritePaths: (.*)$", result.stdout + result.stderr, re.M)
    if dumped:  # the dump is systemd's debug output: compare when it is there
        assert sorted(" ".join(dumped).split()) == sorted(
            merged_unit(copy / "satellites.service")["ReadWritePaths"]
        )


REFUSED = [
    "/var/lib/cloud",
    "/var/lib/polkit-1",
    "/var/lib/sudo",
    "/opt/vc",
    "/lost+found",
    "/var/lib/satellites-other",
    "/var/lib",
    "/data/satellites",
    "/tmp/x",
    "/var/tmp/x",
    "/dev/shm/x",
    "/home/pi/saves",
    "/root/saves",
    "/etc/satellites",
    "/var/lib/dpkg/info",
    "/boot/firmware/saves",
    "/",
]
ALLOWED = ["/var/lib/satellites", "/var/lib/satellites/saves"]


def config_with(folder: str, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'profile = "hatmini"\nsave_dir = "{folder}"\n')
    return path


@pytest.mark.parametrize("folder", REFUSED)
def test_a_save_folder_off_the_list_is_refused_by_the_installer_before_anything_changes(
    tmp_path: Path, folder: str
) -> None:
    root = tmp_path / "root"
    result = install(root, "--save-dir", folder)
    assert result.returncode != 0
    assert not root.exists(), "nothing may be written"
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("install.sh: ")
    assert f"save_dir {folder} is not a save folder the game may use" in result.stderr


@pytest.mark.parametrize("folder", ["/var/lib/sudo", "/opt/vc", "/var/lib/satellites/.hidden"])
def test_config_check_and_the_launcher_refuse_it_with_one_line(tmp_path: Path, folder: str) -> None:
    config = config_with(folder, tmp_path / "config.toml")
    check = subprocess.run(
        [sys.executable, "-m", "deploy.config", "check", str(config)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert check.returncode == 1 and check.stderr.count("\n") == 1
    assert check.stderr.startswith(f"error: {config}: save_dir {folder} ")
    launcher = subprocess.run(
        [sys.executable, "-m", "deploy.appliance", "--config", str(config)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert launcher.returncode == 2 and launcher.stdout == ""
    assert launcher.stderr.count("\n") == 1 and f"save_dir {folder} " in launcher.stderr


@pytest.mark.parametrize("folder", ALLOWED)
def test_the_listed_folders_are_taken(tmp_path: Path, folder: str) -> None:
    result = install(tmp_path, "--save-dir", folder)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / folder.lstrip("/")).is_dir()


def test_an_update_refuses_a_kept_config_with_a_folder_off_the_list(tmp_path: Path) -> None:
    assert install(tmp_path).returncode == 0
    config = tmp_path / "etc/satellites/config.toml"
    text = config.read_text().replace('"/var/lib/satellites"', '"/var/lib/polkit-1"')
    config.write_text(text)
    plan = (tmp_path / "install-plan.txt").read_text()
    result = install(tmp_path, "--keep-config")
    assert result.returncode != 0 and "/var/lib/polkit-1 is not a save folder" in result.stderr
    assert (tmp_path / "install-plan.txt").read_text() == plan, "nothing was run"


def test_the_readme_lists_the_save_folders_the_code_allows() -> None:
    readme = (DEPLOY / "README.md").read_text()
    (line,) = [line for line in readme.splitlines() if line.startswith("**Save folders:**")]
    assert sorted(re.findall(r"`(/[^`]*)`", line)) == sorted(map(str, SAVE_FOLDERS))
