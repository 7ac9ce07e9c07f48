"""Checked before unpacked, within bounds: a bundle is refused before the device writes
a byte of it, and a refusal costs little memory whatever the bundle claims.

The device's own satellites-update runs with a file size limit (RLIMIT_FSIZE) of
64 KiB, the manifest's own limit (it hands the manifest to OpenSSL as a file in
memory): writing any file of the bundle, the smallest wheel of which is larger,
would fail with EFBIG and change its message, so the expected refusal proves the
bundle was not unpacked; and no file of the device changed. Its peak memory (and
OpenSSL's) comes from wait4. benchmarks/update_refusals.py prints the numbers."""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hostile_bundles import (
    FILE_SIZE_LIMIT,
    HUGE_MANIFEST,
    Measured,
    gzip_bomb,
    huge_first_member,
    huge_signature,
    measured_run,
    signed_listing_huge,
)
from update_kit import (
    SCRATCH_INSTALL,
    KeyPair,
    copy_device,
    device_update,
    install_device,
    key_pair,
    release_bundle,
    state,
)

from deploy.bundle_file import MANIFEST_MAX_BYTES, SIGNATURE_MAX_BYTES

PEAK_RSS_BOUND_MIB = 48
"""What a refusal may cost at most: about 22 MiB measured here (Python with the
checker's imports; OpenSSL checks a manifest of at most 64 KiB), where unpacking
before checking had OpenSSL grow to 313 MB on a 300 MB manifest."""


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, KeyPair]:
    folder = tmp_path_factory.mktemp("keys")
    return {name: key_pair(folder, name) for name in ("owner", "stranger")}


@pytest.fixture(scope="module")
def genuine(tmp_path_factory: pytest.TempPathFactory, keys: dict[str, KeyPair]) -> Path:
    return release_bundle(tmp_path_factory.mktemp("genuine"), "0.3.0", keys["owner"].private)


@pytest.fixture(scope="module")
def device(tmp_path_factory: pytest.TempPathFactory, keys: dict[str, KeyPair]) -> Path:
    return install_device(tmp_path_factory.mktemp("device") / "root", keys["owner"].public, "0.2.0")


def checked(root: Path, bundle: Path) -> Measured:
    """The device's update of ``bundle``, unable to write a byte to any file."""
    command = [str(device_update(root)), str(bundle), "--root", str(root), *SCRATCH_INSTALL]
    return measured_run(command, FILE_SIZE_LIMIT)


def manifest_of(bundle: Path) -> bytes:
    with tarfile.open(bundle) as archive:
        member = archive.extractfile("manifest.json")
        assert member is not None
        return member.read()


def the_last_file_damaged(folder: Path, genuine: Path, keys: dict[str, KeyPair]) -> Path:
    """Every file but the last as signed: none may be written before the last is checked."""
    damaged = folder / "damaged.tar"
    shutil.copy(genuine, damaged)
    with tarfile.open(genuine) as archive:
        last = archive.getmembers()[-1]
    with damaged.open("r+b") as file:
        file.seek(last.offset_data)
        first = file.read(1)
        file.seek(last.offset_data)
        file.write(bytes([first[0] ^ 1]))
    return damaged


Attack = Callable[[Path, Path, dict[str, KeyPair]], Path]
ATTACKS: dict[str, tuple[Attack, str]] = {
    "a 200 KB bundle holding 200 MiB": (
        lambda folder, genuine, keys: gzip_bomb(folder / "bomb.tar"),
        "is not a bundle made by deploy/bundle.sh",
    ),
    "a 300 MB manifest": (
        lambda folder, genuine, keys: huge_first_member(folder / "manifest.tar", "manifest.json"),
        f"has a manifest.json of {HUGE_MANIFEST} bytes; a bundle's is at most "
        f"{MANIFEST_MAX_BYTES} bytes",
    ),
    "a 300 MB signature": (
        lambda folder, genuine, keys: huge_signature(folder / "sig.tar", manifest_of(genuine)),
        f"has a manifest.sig of {HUGE_MANIFEST} bytes; a bundle's is at most "
        f"{SIGNATURE_MAX_BYTES} bytes",
    ),
    "a stranger's bundle listing 200 MiB": (
        lambda folder, genuine, keys: signed_listing_huge(
            folder / "listing.tar", keys["stranger"].private
        ),
        "is not signed with this device's key",
    ),
    "the owner's bundle, its last file damaged": (
        the_last_file_damaged,
        "is damaged (wheels/requirements.txt differs from its checksum); copy it again",
    ),
}


@pytest.mark.parametrize("attack", ATTACKS, ids=list(ATTACKS))
def test_a_hostile_bundle_is_refused_writing_nothing_in_bounded_memory(
    attack: str, device: Path, genuine: Path, keys: dict[str, KeyPair], tmp_path: Path
) -> None:
    make, message = ATTACKS[attack]
    bundle = make(tmp_path, genuine, keys)
    before = state(device)
    run = checked(device, bundle)
    assert run.status == 1 and run.stdout == ""
    assert run.stderr == f"satellites-update: {bundle} {message}\n"
    assert run.peak_rss_mib < PEAK_RSS_BOUND_MIB, run
    assert state(device) == before


def test_the_measure_sees_a_checker_that_writes(device: Path, genuine: Path) -> None:
    """The proof's own check: the genuine bundle, which must be unpacked, cannot be
    installed under the same limit."""
    run = checked(device, genuine)
    assert run.status == 1 and run.stderr == "satellites-update: File too large\n", run
    assert not list((device / "var/tmp").iterdir()), "the part unpacked is removed"


def in_a_small_ram_folder(root: Path, size_mib: int, command: list[str]) -> list[str]:
    """``command`` run with ``root``'s /var/tmp a RAM file system of ``size_mib`` MiB,
    in a mount namespace of its own (nothing outside sees it)."""
    work = root / "var/tmp"
    script = 'mount -t tmpfs -o size="$1"m satellites-test "$2" && shift 2 && exec "$@"'
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh",
            str(size_mib), str(work), *command]  # fmt: skip


def test_a_bundle_that_does_not_fit_where_it_unpacks_is_refused_before_unpacking(
    device: Path, genuine: Path, tmp_path: Path
) -> None:
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("mounting a small RAM file system needs root and unshare")
    device = copy_device(device, tmp_path / "root")
    (device / "var/tmp").mkdir(parents=True, exist_ok=True)
    command = [str(device_update(device)), str(genuine), "--root", str(device), *SCRATCH_INSTALL]
    before = state(device)
    result = subprocess.run(
        in_a_small_ram_folder(device, 32, command), capture_output=True, text=True, check=False
    )
    if "mount:" in result.stderr:
        pytest.skip(f"no RAM file system could be mounted here: {result.stderr.strip()}")
    assert result.returncode == 1 and result.stdout == ""
    needed = 64 + genuine.stat().st_size // 2**20 + 1  # its wheels, and room to install them
    assert result.stderr == (
        f"satellites-update: {genuine} needs {needed} MiB free in {device}/var/tmp to be "
        "installed, where 32 MiB are free\n"
    )
    assert state(device) == before
