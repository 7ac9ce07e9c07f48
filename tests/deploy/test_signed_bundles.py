"""Update bundles prove where they come from, and the device's key changes only by the key.

bundle.sh signs a manifest of every file with a key kept off the device; the
device's own satellites-update installs only a bundle signed by the key it keeps,
holding exactly what the manifest lists. A key comes from the command line only on
a device that has none; afterwards only from a bundle signed by the current key
(a rotation) or from the owner's own command on the device. Stand-in wheels keep
this quick; the real wheels and a real install are in test_bundle.py."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from update_kit import (
    DEPLOY,
    SCRATCH_INSTALL,
    KeyPair,
    copy_device,
    device_update,
    install_device,
    key_pair,
    release_bundle,
    stand_in_wheel_bytes,
    state,
    update,
)

from deploy.signing import sign

INSTALLED = "0.2.0"
NEWER = "0.3.0"
KEY = "etc/satellites/bundle-key.pem"


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, KeyPair]:
    """The owner's key, the owner's next key (for a rotation) and a stranger's."""
    folder = tmp_path_factory.mktemp("keys")
    return {name: key_pair(folder, name) for name in ("owner", "next", "stranger")}


@pytest.fixture(scope="module")
def genuine(tmp_path_factory: pytest.TempPathFactory, keys: dict[str, KeyPair]) -> Path:
    """The owner's next release, signed as deploy/README.md says."""
    return release_bundle(tmp_path_factory.mktemp("genuine"), NEWER, keys["owner"].private)


@pytest.fixture(scope="module")
def device(tmp_path_factory: pytest.TempPathFactory, keys: dict[str, KeyPair]) -> Path:
    """One device for the refusals, which change nothing on it (each test checks)."""
    root = tmp_path_factory.mktemp("device") / "root"
    return install_device(root, keys["owner"].public, INSTALLED)


Members = dict[str, bytes]


def altered(bundle: Path, folder: Path, change: Callable[[Members], Members]) -> Path:
    """A copy of ``bundle`` whose members (in order) went through ``change``."""
    with tarfile.open(bundle) as archive:
        members = {
            member.name: archive.extractfile(member).read()  # type: ignore[union-attr]
            for member in archive.getmembers()
        }
    out = folder / "altered.tar"
    with tarfile.open(out, "w", format=tarfile.USTAR_FORMAT) as archive:
        for name, data in change(members).items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return out


def game_wheel_name(members: Members) -> str:
    return next(name for name in members if name.startswith("wheels/satellites-"))


def with_a_pth_file(wheel: bytes) -> bytes:
    """The attack: a .pth file in the game's wheel runs as root at the venv's next start."""
    buffer = io.BytesIO(wheel)
    with zipfile.ZipFile(buffer, "a") as archive:
        archive.writestr("evil.pth", "import os; os.system('touch /tmp/owned')\n")
    return buffer.getvalue()


def a_wheel_with_a_pth_file(members: Members) -> Members:
    name = game_wheel_name(members)
    return {**members, name: with_a_pth_file(members[name])}


def a_wheel_changed_in_place(members: Members) -> Members:
    name = game_wheel_name(members)
    wheel = bytearray(members[name])
    wheel[100] ^= 0xFF
    return {**members, name: bytes(wheel)}


def manifest_made_again(members: Members) -> Members:
    """The manifest listing the changed files, as an attacker without the key makes it."""
    manifest = json.loads(members["manifest.json"])
    for entry in manifest["files"]:
        data = members[entry["name"]]
        entry["size"] = len(data)
        entry["sha256"] = hashlib.sha256(data).hexdigest()
    return {**members, "manifest.json": json.dumps(manifest).encode()}


def a_wheel_with_a_pth_file_and_the_manifest_made_again(members: Members) -> Members:
    return manifest_made_again(a_wheel_with_a_pth_file(members))


def an_added_wheel(members: Members) -> Members:
    extra = stand_in_wheel_bytes("pyserial", "99.0")
    return {**members, "wheels/pyserial-99.0-py3-none-any.whl": extra}


def no_signature(members: Members) -> Members:
    return {name: data for name, data in members.items() if name != "manifest.sig"}


def signed_by(private_key: Path) -> Callable[[Members], Members]:
    def change(members: Members) -> Members:
        changed = manifest_made_again(a_wheel_with_a_pth_file(members))
        return {**changed, "manifest.sig": sign(changed["manifest.json"], private_key)}

    return change


REFUSALS: dict[str, tuple[Callable[[Members], Members] | str, str]] = {
    "a wheel changed in place": (a_wheel_changed_in_place, "differs from its checksum"),
    "a wheel with a file added": (a_wheel_with_a_pth_file, "does not hold what its signed"),
    "the manifest made again": (
        a_wheel_with_a_pth_file_and_the_manifest_made_again,
        "is not signed with this device's key",
    ),
    "an added wheel": (an_added_wheel, "does not list: wheels/pyserial-99.0-py3-none-any.whl"),
    "no signature": (no_signature, "is not a bundle made by deploy/bundle.sh"),
    "signed by a stranger": ("stranger", "is not signed with this device's key"),
}


@pytest.mark.parametrize("case", REFUSALS, ids=list(REFUSALS))
def test_a_bundle_that_does_not_prove_its_origin_is_refused_and_nothing_changes(
    case: str, device: Path, genuine: Path, keys: dict[str, KeyPair], tmp_path: Path
) -> None:
    change, message = REFUSALS[case]
    if isinstance(change, str):
        change = signed_by(keys[change].private)
    file = altered(genuine, tmp_path, change)
    before = state(device)
    result = update(device, file)
    assert result.returncode == 1
    assert (
        result.stderr.startswith(f"satellites-update: {file} ") and result.stderr.count("\n") == 1
    )
    assert message in result.stderr, result.stderr
    assert result.stdout == "", "the installer never ran"
    assert state(device) == before


def test_the_genuine_bundle_is_installed_and_its_files_pinned_with_no_index(
    device: Path, genuine: Path, tmp_path: Path
) -> None:
    device = copy_device(device, tmp_path / "root")
    result = update(device, genuine)
    assert result.returncode == 0, result.stderr
    assert f"satellites {NEWER} is installed" in result.stdout
    plan = (device / "install-plan.txt").read_text()
    assert "pip install into" in plan and "satellites-update-" in plan, "from /var/tmp"
    assert not list((device / "var/tmp").iterdir()), "the unpacked bundle is removed"
    with tarfile.open(genuine) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    wheels = tmp_path / "unpacked/wheels"
    requirements = (wheels / "requirements.txt").read_text().splitlines()
    assert sorted(line.split(" ")[0] for line in requirements) == [
        "pyserial==3.5",
        f"satellites=={NEWER}",
    ]
    pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-index", "--no-deps",
           "--find-links", str(wheels), "--require-hashes", "--requirement",
           str(wheels / "requirements.txt"), "--dest", str(tmp_path / "got")]  # fmt: skip
    assert subprocess.run(pip, capture_output=True, check=False).returncode == 0
    game = next(wheels.glob("satellites-*.whl"))
    game.write_bytes(with_a_pth_file(game.read_bytes()))
    shutil.rmtree(tmp_path / "got")
    assert subprocess.run(pip, capture_output=True, check=False).returncode != 0, "hash pinned"


# -- the device's key -------------------------------------------------------------------


def test_a_strangers_key_on_the_command_line_leaves_the_key_as_it_was(
    device: Path, genuine: Path, keys: dict[str, KeyPair]
) -> None:
    before = state(device)
    result = update(device, genuine, "--bundle-key", str(keys["stranger"].public))
    assert result.returncode == 1
    assert "already has its key for bundles" in result.stderr and "--replace-key" in result.stderr
    assert (device / KEY).read_bytes() == keys["owner"].public.read_bytes()
    assert state(device) == before


def test_the_installer_takes_no_other_key_over_the_devices(
    device: Path, keys: dict[str, KeyPair]
) -> None:
    before = state(device)
    result = subprocess.run(
        ["bash", str(DEPLOY / "install.sh"), "--root", str(device), "--keep-config",
         *SCRATCH_INSTALL, "--bundle-key", str(keys["stranger"].public)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 1 and "already has its key for bundles" in result.stderr
    assert state(device) == before


def test_a_rotation_bundle_signed_by_the_current_key_hands_over_to_the_new_key(
    device: Path, keys: dict[str, KeyPair], tmp_path: Path
) -> None:
    device = copy_device(device, tmp_path / "root")
    rotation = release_bundle(
        tmp_path / "rotation", NEWER, keys["owner"].private, "--new-key", str(keys["next"].public)
    )
    result = update(device, rotation)
    assert result.returncode == 0, result.stderr
    assert "bundles must now be signed by the key this bundle carried" in result.stdout
    assert (device / KEY).read_bytes() == keys["next"].public.read_bytes()
    by_old_key = release_bundle(tmp_path / "old-key", "0.4.0", keys["owner"].private)
    assert "is not signed with this device's key" in update(device, by_old_key).stderr
    by_new_key = release_bundle(tmp_path / "new-key", "0.4.0", keys["next"].private)
    assert update(device, by_new_key).returncode == 0


def test_a_strangers_rotation_is_refused(
    device: Path, keys: dict[str, KeyPair], tmp_path: Path
) -> None:
    stranger = keys["stranger"]
    rotation = release_bundle(tmp_path, NEWER, stranger.private, "--new-key", str(stranger.public))
    before = state(device)
    result = update(device, rotation)
    assert result.returncode == 1 and "is not signed with this device's key" in result.stderr
    assert state(device) == before


def test_the_owner_replaces_the_key_on_the_device_with_a_command_that_says_so(
    device: Path, keys: dict[str, KeyPair], genuine: Path, tmp_path: Path
) -> None:
    device = copy_device(device, tmp_path / "root")
    result = subprocess.run(
        [str(device_update(device)), "--root", str(device), "--replace-key",
         str(keys["next"].public)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert f"now holds the key of {keys['next'].public}" in result.stdout
    assert "installs only bundles signed by its private half" in result.stdout
    assert "bundles signed by the key it held" in result.stdout
    assert (device / KEY).read_bytes() == keys["next"].public.read_bytes()
    assert "is not signed with this device's key" in update(device, genuine).stderr


# -- a device's first install ------------------------------------------------------------


def first_install(root: Path, file: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """The first install without a network: the checkout's update.sh, the bundle and
    the owner's public key."""
    return subprocess.run(
        ["bash", str(DEPLOY / "update.sh"), "--bundle", str(file), "--root", str(root),
         *SCRATCH_INSTALL, "--profile", "hatmini", *options],
        capture_output=True,
        text=True,
        check=False,
    )  # fmt: skip


def test_a_device_without_the_key_refuses_every_bundle(tmp_path: Path, genuine: Path) -> None:
    result = first_install(tmp_path, genuine)
    assert result.returncode == 1 and "has no key for bundles" in result.stderr


def test_a_device_without_the_game_takes_its_first_bundle_with_the_public_key_given(
    tmp_path: Path, genuine: Path, keys: dict[str, KeyPair]
) -> None:
    result = first_install(tmp_path, genuine, "--bundle-key", str(keys["owner"].public))
    assert result.returncode == 0, result.stderr
    trusted = tmp_path / KEY
    assert trusted.read_bytes() == keys["owner"].public.read_bytes(), "later bundles need it"


def test_a_first_bundle_signed_by_another_key_than_the_one_given_is_refused(
    tmp_path: Path, genuine: Path, keys: dict[str, KeyPair]
) -> None:
    result = first_install(tmp_path, genuine, "--bundle-key", str(keys["stranger"].public))
    assert result.returncode == 1 and "not signed with this device's key" in result.stderr
    assert not (tmp_path / "etc").exists(), "nothing installed"


def test_a_device_with_the_game_checks_bundles_only_with_its_own_command(
    device: Path, genuine: Path
) -> None:
    before = state(device)
    result = first_install(device, genuine)
    assert result.returncode == 1
    assert (
        result.stderr
        == f"update.sh: this device checks bundles itself: sudo satellites-update {genuine}\n"
    )
    assert state(device) == before


def test_bundle_sh_refuses_to_build_without_a_key(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            "bash",
            str(DEPLOY / "bundle.sh"),
            "--wheels",
            str(tmp_path),
            "--out",
            str(tmp_path / "b"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2 and "--key" in result.stderr
    assert not (tmp_path / "b").exists()
