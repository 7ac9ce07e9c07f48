"""Update bundles prove where they come from: bundle.sh signs the manifest of every
file with a key kept off the device, and update.sh installs only a bundle signed by
the key install.sh --bundle-key put on the device, holding exactly what its manifest
lists. Stand-in wheels (a few hundred bytes each) keep this quick; the real wheels
and a real install are in test_bundle.py."""

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
WHEELS = {"satellites": "0.1.0", "pyserial": "3.5"}


def openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], check=True, capture_output=True)


def stand_in_wheel(folder: Path, name: str, version: str) -> Path:
    """A wheel pip can read: its metadata and nothing else."""
    path = folder / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    with zipfile.ZipFile(path, "w") as wheel:
        wheel.writestr(
            f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        )
        wheel.writestr(
            f"{info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        )
        wheel.writestr(f"{info}/RECORD", "")
    return path


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The owner's key pair (as deploy/README.md makes it) and a stranger's private key."""
    folder = tmp_path_factory.mktemp("keys")
    names = ("private", "public", "stranger", "stranger_public")
    made = {name: folder / f"{name}.pem" for name in names}
    openssl("genpkey", "-algorithm", "ed25519", "-out", str(made["private"]))
    openssl("pkey", "-in", str(made["private"]), "-pubout", "-out", str(made["public"]))
    openssl("genpkey", "-algorithm", "ed25519", "-out", str(made["stranger"]))
    openssl("pkey", "-in", str(made["stranger"]), "-pubout", "-out", str(made["stranger_public"]))
    return made


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("wheels")
    for name, version in WHEELS.items():
        stand_in_wheel(folder, name, version)
    return folder


def bundle(out: Path, key: Path, wheels: Path) -> Path:
    subprocess.run(
        ["bash", str(DEPLOY / "bundle.sh"), "--key", str(key), "--wheels", str(wheels),
         "--out", str(out)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return out


@pytest.fixture(scope="module")
def signed(tmp_path_factory: pytest.TempPathFactory, keys: dict[str, Path], wheels: Path) -> Path:
    return bundle(tmp_path_factory.mktemp("bundle") / "signed.tar.gz", keys["private"], wheels)


def install_device(root: Path, public_key: Path) -> Path:
    """An installed device (in a scratch root) that trusts ``public_key``."""
    subprocess.run(
        ["bash", str(DEPLOY / "install.sh"), "--root", str(root), "--skip-pip", "--profile",
         "hatmini", "--systemd-version", "252", "--no-boot-config", "--bundle-key",
         str(public_key)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return root


@pytest.fixture(scope="module")
def device(tmp_path_factory: pytest.TempPathFactory, keys: dict[str, Path]) -> Path:
    """One device for the refusals, which change nothing on it (each test checks)."""
    return install_device(tmp_path_factory.mktemp("device") / "root", keys["public"])


def update(
    root: Path, file: Path, bundle_key: Path | None = None
) -> subprocess.CompletedProcess[str]:
    key = ["--bundle-key", str(bundle_key)] if bundle_key else []
    return subprocess.run(
        ["bash", str(DEPLOY / "update.sh"), "--bundle", str(file), "--root", str(root),
         "--skip-pip", "--systemd-version", "252", "--no-boot-config", "--profile", "hatmini",
         *key],
        capture_output=True,
        text=True,
        check=False,
    )  # fmt: skip


def state(root: Path) -> dict[str, tuple[int, int]]:
    """Every file of the installed device, with its size and time of change."""
    return {
        str(path): (path.lstat().st_size, path.lstat().st_mtime_ns)
        for path in root.rglob("*")
        if not path.is_dir()
    }


def altered(signed: Path, folder: Path, change: Callable[[Path], None]) -> Path:
    """A copy of ``signed`` with ``change`` applied to its unpacked contents."""
    unpacked = folder / "unpacked"
    with tarfile.open(signed) as archive:
        archive.extractall(unpacked, filter="data")
    change(unpacked / "satellites-bundle")
    out = folder / "altered.tar.gz"
    with tarfile.open(out, "w:gz") as archive:
        archive.add(unpacked / "satellites-bundle", arcname="satellites-bundle")
    return out


def give_the_game_a_pth_file(top: Path) -> None:
    """The attack: a .pth file that runs as root at the venv's next start."""
    wheel = next((top / "wheels").glob("satellites-*.whl"))
    with zipfile.ZipFile(wheel, "a") as archive:
        archive.writestr("evil.pth", "import os; os.system('touch /tmp/owned')\n")


def regenerate_manifest(top: Path) -> None:
    files = sorted(p for p in top.rglob("*") if p.is_file() and not p.name.startswith("SHA256"))
    names = [str(path.relative_to(top.parent)) for path in files]
    listing = subprocess.run(
        ["sha256sum", *names], cwd=top.parent, check=True, capture_output=True, text=True
    ).stdout
    (top / "SHA256SUMS").write_text(listing)


def tampered_wheel(top: Path) -> None:
    give_the_game_a_pth_file(top)


def tampered_wheel_and_manifest(top: Path) -> None:
    give_the_game_a_pth_file(top)
    regenerate_manifest(top)


def added_wheel(top: Path) -> None:
    stand_in_wheel(top / "wheels", "pyserial", "99.0")


def no_signature(top: Path) -> None:
    (top / "SHA256SUMS.sig").unlink()


def signed_by_a_stranger(top: Path, stranger: Path) -> None:
    give_the_game_a_pth_file(top)
    regenerate_manifest(top)
    openssl("pkeyutl", "-sign", "-rawin", "-inkey", str(stranger),
            "-in", str(top / "SHA256SUMS"), "-out", str(top / "SHA256SUMS.sig"))  # fmt: skip


REFUSALS = {
    "a tampered wheel": (tampered_wheel, "checksum differs"),
    "a tampered wheel, the manifest made again": (tampered_wheel_and_manifest, "not signed with"),
    "an added wheel": (added_wheel, "does not list: satellites-bundle/wheels/pyserial-99.0"),
    "no signature": (no_signature, "is not signed"),
    "a bundle signed by another key": (None, "not signed with this device's key"),
}


@pytest.mark.parametrize("case", REFUSALS, ids=list(REFUSALS))
def test_a_bundle_that_does_not_prove_its_origin_is_refused_and_nothing_changes(
    case: str, device: Path, signed: Path, keys: dict[str, Path], tmp_path: Path
) -> None:
    change, message = REFUSALS[case]
    file = altered(
        signed,
        tmp_path,
        change if change is not None else lambda top: signed_by_a_stranger(top, keys["stranger"]),
    )
    before = state(device)
    result = update(device, file)
    assert result.returncode != 0
    assert result.stderr.startswith("update.sh: ") and result.stderr.count("\n") == 1
    assert message in result.stderr, result.stderr
    assert result.stdout == "", "the installer never ran"
    assert state(device) == before


def test_a_device_without_the_key_refuses_every_bundle(tmp_path: Path, signed: Path) -> None:
    result = update(tmp_path, signed)
    assert result.returncode != 0 and "has no key for bundles" in result.stderr


def test_a_device_without_the_game_takes_its_first_bundle_with_the_public_key_given(
    tmp_path: Path, signed: Path, keys: dict[str, Path]
) -> None:
    """The first install without a network: the bundle and the owner's public key."""
    result = update(tmp_path, signed, bundle_key=keys["public"])
    assert result.returncode == 0, result.stderr
    trusted = tmp_path / "etc/satellites/bundle-key.pem"
    assert trusted.read_bytes() == keys["public"].read_bytes(), "later bundles need the same key"


def test_a_first_bundle_signed_by_another_key_than_the_one_given_is_refused(
    tmp_path: Path, signed: Path, keys: dict[str, Path]
) -> None:
    result = update(tmp_path, signed, bundle_key=keys["stranger_public"])
    assert result.returncode != 0 and "not signed with" in result.stderr
    assert not (tmp_path / "etc").exists(), "nothing installed"


def test_a_key_given_with_a_bundle_never_overrides_the_device_s_own(
    device: Path, signed: Path, keys: dict[str, Path], tmp_path: Path
) -> None:
    forged = altered(signed, tmp_path, lambda top: signed_by_a_stranger(top, keys["stranger"]))
    before = state(device)
    result = update(device, forged, bundle_key=keys["stranger_public"])
    assert result.returncode != 0 and "not signed with this device's key" in result.stderr
    assert state(device) == before


def test_a_signed_bundle_is_installed_with_pinned_hashes_and_no_index(
    keys: dict[str, Path], signed: Path, tmp_path: Path
) -> None:
    device = install_device(tmp_path / "root", keys["public"])
    result = update(device, signed)
    assert result.returncode == 0, result.stderr
    assert "pip install into" in (device / "install-plan.txt").read_text()
    with tarfile.open(signed) as archive:
        archive.extractall(tmp_path, filter="data")
    wheels = tmp_path / "satellites-bundle/wheels"
    requirements = (wheels / "requirements.txt").read_text().splitlines()
    assert sorted(line.split(" ")[0] for line in requirements) == sorted(
        f"{name}=={version}" for name, version in WHEELS.items()
    )
    pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-index", "--no-deps",
           "--find-links", str(wheels), "--require-hashes", "--requirement",
           str(wheels / "requirements.txt"), "--dest", str(tmp_path / "got")]  # fmt: skip
    assert subprocess.run(pip, capture_output=True, check=False).returncode == 0
    give_the_game_a_pth_file(tmp_path / "satellites-bundle")
    shutil.rmtree(tmp_path / "got")
    assert subprocess.run(pip, capture_output=True, check=False).returncode != 0, "hash pinned"


def test_bundle_sh_refuses_to_build_without_a_key(tmp_path: Path, wheels: Path) -> None:
    result = subprocess.run(
        ["bash", str(DEPLOY / "bundle.sh"), "--wheels", str(wheels), "--out", str(tmp_path / "b")],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ},
    )
    assert result.returncode == 2 and "--key" in result.stderr
    assert not (tmp_path / "b").exists()
