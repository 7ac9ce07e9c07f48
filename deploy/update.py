"""``satellites-update``: install an update bundle with the checks of the device's own code.

On the device: ``sudo satellites-update /media/usb/satellites-bundle-0.2.0.tar``.
Only the bundle comes from the stick; this command is the one installed with the
game (``/opt/satellites/venv/bin``, linked from ``/usr/local/sbin``). It takes a
bundle only when

- its manifest is signed by the key the device keeps in
  ``/etc/satellites/bundle-key.pem`` (a key given with ``--bundle-key`` counts only
  on a device that has none: its first install);
- its version is newer than the installed game's (``--allow-downgrade`` on the
  device takes an older or equal one);
- every file in it is the one the manifest lists, checked before anything is
  written (``deploy.bundle_file``), and what this device needs of it fits in the
  free space of ``/var/tmp`` (on the card; Trixie's ``/tmp`` is in memory).

Then it runs the installer of the bundle's own game wheel (``install.sh
--keep-config --offline``), takes the new key a rotation bundle carries, and
restarts the game. Every refusal is one line, and leaves the device as it was.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Sequence
from io import BufferedReader
from pathlib import Path
from typing import IO

from deploy.bundle_file import BundleError, Manifest, check_files, unpack
from deploy.bundle_file import read_head as read_bundle_head
from deploy.save_folder import filesystem_type
from deploy.signing import KEY_MAX_BYTES, SigningError, fingerprint, is_public_key, same_key
from deploy.signing import verifies as signature_verifies
from device.journal.disk import Disk
from device.version import installed_version, release

PROG = "satellites-update"
KEY = Path("etc/satellites/bundle-key.pem")
"""The public key bundles must be signed with, under the system's root."""
VENV = Path("opt/satellites/venv")
WORK_FOLDER = Path("var/tmp")
"""Where the bundle is unpacked: on the card (Trixie's /tmp is a RAM file system)."""
INSTALL_RESERVE_BYTES = 64 * 1024 * 1024
"""Free space needed beyond the unpacked wheels: the installer taken out of the game's
wheel (a few MB), pip's own files, a margin."""
INSTALLER_OPTIONS_OF_OUR_OWN = ("--wheel", "--offline", "--keep-config", "--bundle")
WHEEL_ABI = re.compile(r"[^-]+-[^-]+(?:-[0-9][^-]*)?-[^-]+-(?P<abi>[^-]+)-[^-]+\.whl")
MiB = 1024 * 1024


class Refusal(Exception):
    """Why the update is not installed; one line."""


def _parse_args(argv: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Install a signed update bundle (deploy/bundle.sh) on this device, "
        "checked by the game installed here.",
        epilog="Other options go to the installer on a device's first install, e.g. "
        "--profile NAME --data-partition LABEL (see install.sh --help).",
        allow_abbrev=False,
    )
    parser.add_argument("bundle", type=Path, nargs="?", help="the bundle, e.g. on a USB stick")
    parser.add_argument(
        "--allow-downgrade",
        action="store_true",
        help="install the bundle even if its version is older than, or the same as, the game's",
    )
    parser.add_argument(
        "--bundle-key",
        type=Path,
        metavar="FILE",
        help="the owner's public key, taken only by a device that has none (its first install)",
    )
    parser.add_argument(
        "--replace-key",
        type=Path,
        metavar="FILE",
        help="make FILE's public key the only one this device takes bundles from, "
        "instead of the one it has; installs nothing",
    )
    parser.add_argument("--root", type=Path, default=Path("/"), help="the system's root (tests)")
    args, installer_options = parser.parse_known_args(argv)
    ours = [option for option in installer_options if option in INSTALLER_OPTIONS_OF_OUR_OWN]
    if ours:
        parser.error(f"{ours[0]} is {PROG}'s to set: give the bundle alone, {PROG} FILE")
    if args.replace_key is None and args.bundle is None:
        parser.error("give the bundle (or --replace-key FILE)")
    return args, installer_options


def main(argv: Sequence[str] | None = None) -> int:
    args, installer_options = _parse_args(sys.argv[1:] if argv is None else argv)
    try:
        if args.replace_key is not None:
            print(replace_key(args.root, args.replace_key))
            return 0
        return update(args, installer_options)
    except (Refusal, SigningError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    except OSError as error:  # a full or failing card, a stick pulled out
        where = f"{error.filename}: " if error.filename else ""
        print(f"{PROG}: {where}{error.strerror}", file=sys.stderr)
        return 1


def update(args: argparse.Namespace, installer_options: list[str]) -> int:
    root: Path = args.root
    bundle: Path = args.bundle
    refuse_on_overlay(root)
    key, first_install = trusted_key(root, args.bundle_key)
    given_key = args.bundle_key if first_install else None
    try:
        manifest = checked_manifest(bundle, key, installed(root), args.allow_downgrade)
        status = unpack_and_install(bundle, manifest, root, given_key, installer_options)
    except BundleError as error:
        raise Refusal(f"{bundle} {error}") from None
    if status != 0:
        print(f"{PROG}: the installer stopped (status {status}); see its message above",
              file=sys.stderr)  # fmt: skip
        return status
    if manifest.new_key is not None:
        try:
            Disk().write_durably(root / KEY, manifest.new_key)
        except OSError as error:
            raise Refusal(
                f"the game is installed, but the new key could not be kept ({error.strerror}): "
                "the device still takes bundles signed by the old one"
            ) from None
        print(f"==> bundles must now be signed by the key this bundle carried "
              f"(SHA-256 {fingerprint(manifest.new_key)})")  # fmt: skip
    if root == Path("/"):
        subprocess.run(["systemctl", "restart", "satellites.service"], check=False)
    print(f"==> satellites {manifest.version} is installed")
    return 0


def checked_manifest(bundle: Path, key: bytes, have: str | None, allow_downgrade: bool) -> Manifest:
    """The bundle's manifest, once its signature, its version and every file it
    lists are checked, reading the bundle once and writing nothing."""
    with _open_bundle(bundle) as stream:
        manifest = verified_manifest(stream, key)
        check_version(manifest.version, have, allow_downgrade)
        if manifest.new_key is not None and not is_public_key(manifest.new_key):
            raise BundleError("carries a new key that is not a public key")
        check_files(stream, manifest)
    return manifest


def unpack_and_install(
    bundle: Path,
    manifest: Manifest,
    root: Path,
    given_key: Path | None,
    installer_options: list[str],
) -> int:
    """Unpack what this device needs of a checked bundle into a folder of /var/tmp,
    run its installer, and remove the folder: the installer's status."""
    wanted = {listed.name for listed in manifest.files if needed_here(listed.name)}
    work_parent = root / WORK_FOLDER
    work_parent.mkdir(parents=True, exist_ok=True)
    check_room(manifest, wanted, work_parent)
    with tempfile.TemporaryDirectory(dir=work_parent, prefix="satellites-update-") as work:
        size = sum(listed.size for listed in manifest.files if listed.name in wanted)
        print(f"==> unpacking {size / MiB:.1f} MiB of the checked bundle into {work}", flush=True)
        for listed in manifest.files:
            if listed.name not in wanted:
                print(f"    left in the bundle (for another Python): {listed.name}", flush=True)
        with _open_bundle(bundle) as stream:
            read_bundle_head(stream)
            unpack(stream, manifest, Path(work), wanted)
        return install(Path(work), manifest, root, given_key, installer_options)


def _open_bundle(bundle: Path) -> BufferedReader:
    try:
        return bundle.open("rb")
    except OSError as error:
        raise Refusal(f"{bundle}: {error.strerror}") from None


def refuse_on_overlay(root: Path) -> None:
    """An update on the read-only overlay would vanish at the next boot."""
    if root == Path("/") and filesystem_type(root, Path("/proc/self/mounts")) == "overlay":
        raise Refusal(
            "the root file system is read-only (overlay); nothing would survive a reboot. "
            "Turn it off (sudo raspi-config nonint do_overlayfs 1 && sudo reboot), update, "
            "then turn it on again (do_overlayfs 0)"
        )


def read_key(path: Path) -> bytes:
    try:
        with path.open("rb") as file:
            pem = file.read(KEY_MAX_BYTES + 1)
    except OSError as error:
        raise Refusal(f"{path}: {error.strerror}") from None
    if not is_public_key(pem):
        raise Refusal(f"{path} is not a public key (deploy/README.md shows how to make one)")
    return pem


def trusted_key(root: Path, given: Path | None) -> tuple[bytes, bool]:
    """The key bundles must be signed with, and whether this is the device's first
    (it has no key yet, so the given one is taken)."""
    device_key = root / KEY
    given_pem = read_key(given) if given is not None else None
    if device_key.exists():
        pem = read_key(device_key)
        if given_pem is not None and not same_key(given_pem, pem):
            raise Refusal(
                f"this device already has its key for bundles ({device_key}) and takes no "
                "other from the command line: a new key comes in a bundle signed by this one "
                f"(deploy/bundle.sh --new-key), or from sudo {PROG} --replace-key FILE"
            )
        return pem, False
    if given_pem is None:
        raise Refusal(
            f"this device has no key for bundles ({device_key}): give the public key with "
            "--bundle-key FILE"
        )
    return given_pem, True


def verified_manifest(stream: IO[bytes], key: bytes) -> Manifest:
    manifest, signature = read_bundle_head(stream)
    if not signature_verifies(manifest, signature, key):
        raise BundleError("is not signed with this device's key")
    return Manifest.from_json(manifest)


def installed(root: Path) -> str | None:
    """The version of the game installed under ``root``, if there is one."""
    site_packages = sorted((root / VENV / "lib").glob("python3*/site-packages"))
    return installed_version([str(folder) for folder in site_packages]) if site_packages else None


def check_version(offered: str, have: str | None, allow_downgrade: bool) -> None:
    """Only a newer version, unless the owner says otherwise on the device."""
    have_release, offered_release = release(have or ""), release(offered)
    if allow_downgrade or have_release is None or offered_release is None:
        return
    if offered_release <= have_release:
        relation = "older than" if offered_release < have_release else "the same as"
        raise BundleError(
            f"holds version {offered}, {relation} the installed {have}: only a newer version "
            f"is installed ({PROG} --allow-downgrade FILE installs it anyway)"
        )


def needed_here(name: str) -> bool:
    """Whether this device's Python can use the file: a wheel built for another
    CPython (its ABI tag cpXY) is left in the bundle."""
    match = WHEEL_ABI.fullmatch(Path(name).name)
    if match is None or not re.fullmatch(r"cp[0-9]+", match["abi"]):
        return True
    return match["abi"] == f"cp{sys.version_info.major}{sys.version_info.minor}"


def check_room(manifest: Manifest, wanted: set[str], folder: Path) -> None:
    needed = sum(listed.size for listed in manifest.files if listed.name in wanted)
    needed += INSTALL_RESERVE_BYTES
    free = shutil.disk_usage(folder).free
    if needed > free:
        raise BundleError(
            f"needs {-(-needed // MiB)} MiB free in {folder} to be installed, where "
            f"{free // MiB} MiB are free"
        )


def install(
    work: Path,
    manifest: Manifest,
    root: Path,
    given_key: Path | None,
    installer_options: list[str],
) -> int:
    """Run the installer of the bundle's own game wheel on its wheels (handing it
    the key of a first install): its status."""
    wheels = work / "wheels"
    game_wheel = work / manifest.game_wheel
    installer = work / "installer"
    try:
        with zipfile.ZipFile(game_wheel) as wheel:
            wheel.extractall(installer)
    except (zipfile.BadZipFile, OSError):
        raise BundleError(f"holds a game wheel that is not a wheel ({game_wheel.name})") from None
    script = installer / "deploy" / "install.sh"
    if not script.is_file():
        raise BundleError(f"holds a game wheel without its installer ({game_wheel.name})")
    command = ["bash", str(script), "--keep-config", "--offline", str(wheels),
               "--wheel", str(game_wheel)]  # fmt: skip
    if given_key is not None:
        command += ["--bundle-key", str(given_key)]
    if root != Path("/"):
        command += ["--root", str(root)]
    # pip's own temporary files on the card too, beside the wheels, not in a RAM /tmp.
    environment = {**os.environ, "TMPDIR": str(work)}
    return subprocess.run([*command, *installer_options], env=environment, check=False).returncode


def replace_key(root: Path, new_key: Path) -> str:
    """The owner's own command on the device: take ``new_key`` for later bundles."""
    pem = read_key(new_key)
    path = root / KEY
    before = path.read_bytes() if path.exists() else None
    path.parent.mkdir(parents=True, exist_ok=True)
    Disk().write_durably(path, pem)
    said = (
        f"{path} now holds the key of {new_key} (SHA-256 {fingerprint(pem)}): this device "
        "installs only bundles signed by its private half"
    )
    if before is None:
        return said
    return f"{said}; bundles signed by the key it held (SHA-256 {fingerprint(before)}) are refused"


if __name__ == "__main__":
    sys.exit(main())
