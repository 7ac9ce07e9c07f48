"""What the installed service may write: the merged unit keeps the backlight's sysfs
path and the save folder, and the installer refuses save folders the sandbox hides,
empties or must never chown."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from deploy.config import HOME_FOLDERS, NO_SAVES_UNDER, TEMPORARY_FOLDERS

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
    result = install(tmp_path, "--save-dir", "/data/satellites")
    assert result.returncode == 0, result.stderr
    unit = tmp_path / "etc/systemd/system/satellites.service"
    writable = merged_unit(unit)["ReadWritePaths"]
    assert BACKLIGHT in writable, "the backlight (brightness, dimming) must stay writable"
    assert "-/data/satellites" in writable
    assert "/dev/satellites-buttons rw" not in merged_unit(unit)["DeviceAllow"]
    assert "char-fb rw" in merged_unit(unit)["DeviceAllow"]


def test_systemd_reads_the_same_merged_unit(tmp_path: Path) -> None:
    """systemd-analyze verify on the unit and its drop-in; its debug dump of the loaded
    unit lists the same writable paths as merged_unit."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    assert install(tmp_path / "root", "--save-dir", "/data/satellites").returncode == 0
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
    ("/tmp/x", "temporary"),
    ("/var/tmp/x", "temporary"),
    ("/dev/shm/x", "system"),
    ("/run/saves", "system"),
    ("/home/pi/saves", "home"),
    ("/root/.ssh", "home"),
    ("/root/saves", "home"),
    ("/var/lib/dpkg", "system"),
    ("/var/lib/dpkg/info", "system"),
    ("/etc/satellites", "system"),
    ("/usr/local/saves", "system"),
    ("/boot/firmware/saves", "system"),
    ("/proc/1", "system"),
    ("/sys/class", "system"),
    ("/data/.saves", "hidden"),
    ("/.saves", "hidden"),
]


@pytest.mark.parametrize(("folder", "kind"), REFUSED)
def test_save_folders_the_service_cannot_keep_are_refused_before_anything_changes(
    tmp_path: Path, folder: str, kind: str
) -> None:
    root = tmp_path / "root"
    result = install(root, "--save-dir", folder)
    assert result.returncode != 0
    assert not root.exists(), "nothing may be written"
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("install.sh: ")
    assert folder in result.stderr and kind in result.stderr


def test_an_update_refuses_a_kept_config_with_such_a_folder(tmp_path: Path) -> None:
    assert install(tmp_path).returncode == 0
    config = tmp_path / "etc/satellites/config.toml"
    text = config.read_text().replace('"/var/lib/satellites"', '"/root/saves"')
    config.write_text(text)
    plan = (tmp_path / "install-plan.txt").read_text()
    result = install(tmp_path, "--keep-config")
    assert result.returncode != 0 and "home" in result.stderr
    assert (tmp_path / "install-plan.txt").read_text() == plan, "nothing was run"
    assert not (tmp_path / "root").exists()


def test_the_refused_folders_are_listed_in_the_readme() -> None:
    readme = (DEPLOY / "README.md").read_text()
    for folder in (*TEMPORARY_FOLDERS, *HOME_FOLDERS, *NO_SAVES_UNDER):
        assert f"`{folder}`" in readme, folder
