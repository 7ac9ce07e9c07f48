"""What the update tests share: the owner's and a stranger's keys, stand-in wheels
(a few hundred bytes each, and the game's own installer and checker), bundles made
by deploy/bundle.sh, and a device installed into a scratch root with its own
``satellites-update`` (pip-installed from the game's wheel, as on a card)."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[2]
DEPLOY = CHECKOUT / "deploy"
SCRATCH_INSTALL = ("--skip-pip", "--systemd-version", "252", "--no-boot-config")
"""The installer's options for a scratch root: nothing of this machine is run."""


def openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], check=True, capture_output=True)


@dataclass(frozen=True)
class KeyPair:
    private: Path
    public: Path


def key_pair(folder: Path, name: str) -> KeyPair:
    """A key pair made as deploy/README.md makes it."""
    pair = KeyPair(folder / f"{name}.pem", folder / f"{name}.pub.pem")
    openssl("genpkey", "-algorithm", "ed25519", "-out", str(pair.private))
    openssl("pkey", "-in", str(pair.private), "-pubout", "-out", str(pair.public))
    return pair


def stand_in_wheel(folder: Path, name: str, version: str) -> Path:
    """A wheel pip can read: its metadata and nothing else."""
    path = folder / f"{name}-{version}-py3-none-any.whl"
    path.write_bytes(stand_in_wheel_bytes(name, version))
    return path


def stand_in_wheel_bytes(name: str, version: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as wheel:
        _write_metadata(wheel, name, version)
    return buffer.getvalue()


def _write_metadata(wheel: zipfile.ZipFile, name: str, version: str, scripts: str = "") -> None:
    info = f"{name}-{version}.dist-info"
    wheel.writestr(f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    wheel.writestr(
        f"{info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    if scripts:
        wheel.writestr(f"{info}/entry_points.txt", f"[console_scripts]\n{scripts}\n")
    wheel.writestr(f"{info}/RECORD", "")


def installer_files() -> dict[str, Path]:
    """What an update needs of the game's wheel: the installer (deploy/) and the
    packages it and satellites-update import, by their names in the wheel."""
    return {
        str(file.relative_to(CHECKOUT)): file
        for package in ("deploy", "device")
        for file in sorted((CHECKOUT / package).rglob("*"))
        if file.is_file() and not {"__pycache__", "assets", "vm"} & set(file.parts)
    }


def game_wheel(folder: Path, version: str) -> Path:
    """The game's pure wheel at ``version``, with its installer and checker."""
    path = folder / f"satellites-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as wheel:
        for name, file in installer_files().items():
            wheel.write(file, name)
        _write_metadata(wheel, "satellites", version, "satellites-update = deploy.update:main")
    return path


def wheels(folder: Path, version: str) -> Path:
    """The wheels of a release: the game's and a stand-in dependency."""
    folder.mkdir(parents=True)
    game_wheel(folder, version)
    stand_in_wheel(folder, "pyserial", "3.5")
    return folder


def bundle(out: Path, key: Path, wheel_folder: Path, *options: str) -> Path:
    """A bundle of the wheels, signed with ``key``, made by deploy/bundle.sh."""
    subprocess.run(
        ["bash", str(DEPLOY / "bundle.sh"), "--key", str(key), "--wheels", str(wheel_folder),
         "--out", str(out), *options],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return out


def release_bundle(folder: Path, version: str, key: Path, *options: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    made = wheels(folder / f"wheels-{version}", version)
    return bundle(folder / f"satellites-bundle-{version}.tar", key, made, *options)


def install_device(root: Path, public_key: Path, version: str) -> Path:
    """A device in a scratch root: installed trusting ``public_key``, with the game
    at ``version`` pip-installed into its virtual environment (its own checker)."""
    subprocess.run(
        ["bash", str(DEPLOY / "install.sh"), "--root", str(root), "--profile", "hatmini",
         *SCRATCH_INSTALL, "--bundle-key", str(public_key)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    folder = root.parent / f"{root.name}-installed-wheel"
    folder.mkdir()
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(venv_python(root)), "install",
         "--quiet", "--no-deps", "--no-index", str(game_wheel(folder, version))],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return root


def copy_device(installed: Path, root: Path) -> Path:
    """Another device like ``installed`` (quicker than installing it again): its files,
    with its scripts' first line naming its own Python, as pip writes it."""
    shutil.copytree(installed, root, symlinks=True)
    for script in (root / "opt/satellites/venv/bin").iterdir():
        if script.is_file() and not script.is_symlink():
            text = script.read_bytes()
            script.write_bytes(text.replace(str(installed).encode(), str(root).encode(), 1))
    return root


def venv_python(root: Path) -> Path:
    return root / "opt/satellites/venv/bin/python"


def device_update(root: Path) -> Path:
    """The device's own satellites-update, as pip installed it."""
    return root / "opt/satellites/venv/bin/satellites-update"


def update(
    root: Path, file: Path, *options: str, install: tuple[str, ...] = SCRATCH_INSTALL
) -> subprocess.CompletedProcess[str]:
    """The documented update, by the device's own command, into the scratch root."""
    return subprocess.run(
        [str(device_update(root)), str(file), "--root", str(root), *install, *options],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )


def state(root: Path) -> dict[str, tuple[int, int]]:
    """Every file of the device, with its size and time of change."""
    return {
        str(path): (path.lstat().st_size, path.lstat().st_mtime_ns)
        for path in root.rglob("*")
        if not path.is_dir()
    }


def installed_version(root: Path) -> str:
    """The game's version on the device, as its own Python reads it."""
    return subprocess.run(
        [str(venv_python(root)), "-c", "from device.version import installed_version as v; "
         "print(v())"],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
    ).stdout.strip()  # fmt: skip
