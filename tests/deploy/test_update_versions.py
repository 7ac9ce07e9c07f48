"""No rollback: a device installs only a bundle newer than its game, unless its owner
says --allow-downgrade on the device itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from update_kit import (
    KeyPair,
    copy_device,
    install_device,
    installed_version,
    key_pair,
    release_bundle,
    state,
    update,
)

INSTALLED = "0.2.0"


@pytest.fixture(scope="module")
def owner(tmp_path_factory: pytest.TempPathFactory) -> KeyPair:
    return key_pair(tmp_path_factory.mktemp("keys"), "owner")


@pytest.fixture(scope="module")
def releases(tmp_path_factory: pytest.TempPathFactory, owner: KeyPair) -> dict[str, Path]:
    """The owner's genuine bundles of an older, the same and a newer version."""
    folder = tmp_path_factory.mktemp("releases")
    return {
        version: release_bundle(folder, version, owner.private)
        for version in ("0.1.0", INSTALLED, "0.3.0")
    }


@pytest.fixture(scope="module")
def device(tmp_path_factory: pytest.TempPathFactory, owner: KeyPair) -> Path:
    return install_device(tmp_path_factory.mktemp("device") / "root", owner.public, INSTALLED)


@pytest.mark.parametrize(
    ("version", "relation"), [("0.1.0", "older than"), ("0.2.0", "the same as")]
)
def test_an_older_or_the_same_version_is_refused_and_nothing_changes(
    device: Path, releases: dict[str, Path], version: str, relation: str
) -> None:
    before = state(device)
    result = update(device, releases[version])
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == (
        f"satellites-update: {releases[version]} holds version {version}, {relation} the "
        f"installed {INSTALLED}: only a newer version is installed (satellites-update "
        "--allow-downgrade FILE installs it anyway)\n"
    )
    assert state(device) == before
    assert installed_version(device) == INSTALLED


def test_a_newer_version_is_installed_and_is_then_the_devices(
    device: Path, releases: dict[str, Path], tmp_path: Path
) -> None:
    """A real install by pip (without a network), after which the device's own Python
    reads the new version, which the next update must exceed."""
    device = copy_device(device, tmp_path / "root")
    real_pip = ("--systemd-version", "252", "--no-boot-config")
    result = update(device, releases["0.3.0"], install=real_pip)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "satellites 0.3.0 is installed" in result.stdout
    assert installed_version(device) == "0.3.0"
    again = update(device, releases["0.3.0"])
    assert "holds version 0.3.0, the same as the installed 0.3.0" in again.stderr


def test_the_owner_may_go_back_on_the_device_itself(
    device: Path, releases: dict[str, Path], tmp_path: Path
) -> None:
    device = copy_device(device, tmp_path / "root")
    result = update(device, releases["0.1.0"], "--allow-downgrade")
    assert result.returncode == 0, result.stderr
    assert "satellites 0.1.0 is installed" in result.stdout
