"""The update bundle's file: made by ``deploy/bundle.sh``, read by ``satellites-update``.

A bundle is a plain (uncompressed) tar file whose members come in this order:

1. ``manifest.json``: the bundle's format, the game's version, every other file
   with its size and SHA-256, and, in a bundle that hands the device a new key,
   that key. At most ``MANIFEST_MAX_BYTES``.
2. ``manifest.sig``: the manifest's Ed25519 signature. At most
   ``SIGNATURE_MAX_BYTES``.
3. The files the manifest lists, in its order: ``wheels/*.whl`` and
   ``wheels/requirements.txt``.

The device reads it in three steps, and writes nothing before the last:

- the head: two tar headers and two small members, their sizes checked before they
  are read, so a bundle holding a huge "manifest" costs one 512-byte block;
- every listed file, hashed as it streams past (a megabyte at a time) and compared
  with the manifest, and nothing after them;
- only then the files it needs, written into a folder of the caller's, each hashed
  again as it is written (the stick may have changed in between).

The tar headers are parsed here, not by ``tarfile``, which reads any size of pax
or long-name header into memory: only plain ``ustar`` headers of regular files are
accepted. No compression either: the wheels are already compressed, and a bundle
unpacks to no more than its own size, so there is no bomb to defuse.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import re
import sys
import tarfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from deploy.signing import SigningError, is_public_key, sign
from device.version import PACKAGE, release

FORMAT = 1
"""The ``bundle`` number of the manifest: this module reads and writes only this one."""
MANIFEST = "manifest.json"
SIGNATURE = "manifest.sig"
MANIFEST_MAX_BYTES = 64 * 1024
"""A manifest of a dozen wheels is about 2 KiB."""
SIGNATURE_MAX_BYTES = 512
"""An Ed25519 signature is 64 bytes."""
MAX_FILES = 64
BUNDLE_MAX_BYTES = 256 * 1024 * 1024
"""All listed files together: a bundle for two Pythons with the compiled engine is
about 29 MB, so this leaves room to grow and bounds the time spent reading a stick."""
BLOCK = 512
CHUNK = 1024 * 1024
FILE_NAME = re.compile(r"wheels/[A-Za-z0-9][A-Za-z0-9._+-]{0,150}")
REQUIREMENTS = "wheels/requirements.txt"
SHA256 = re.compile(r"[0-9a-f]{64}")
MiB = 1024 * 1024


class BundleError(Exception):
    """The file is not a bundle this device takes; the message completes the
    sentence "FILE ..." (e.g. "is not signed with this device's key")."""


@dataclass(frozen=True)
class Listed:
    """One file of the bundle, as its manifest lists it."""

    name: str
    size: int
    sha256: str


@dataclass(frozen=True)
class Manifest:
    version: str
    files: tuple[Listed, ...]
    new_key: bytes | None = None
    """A public key (PEM) the device is to take for later bundles: a key rotation."""

    @property
    def game_wheel(self) -> str:
        """The game's pure wheel, which carries the installer."""
        return f"wheels/{PACKAGE}-{self.version}-py3-none-any.whl"

    def to_json(self) -> bytes:
        data: dict[str, Any] = {
            "bundle": FORMAT,
            "game": PACKAGE,
            "version": self.version,
            "files": [{"name": f.name, "size": f.size, "sha256": f.sha256} for f in self.files],
        }
        if self.new_key is not None:
            data["new_key"] = self.new_key.decode("ascii")
        return (json.dumps(data, indent=1) + "\n").encode("ascii")

    @classmethod
    def from_json(cls, text: bytes) -> Manifest:
        try:
            data = json.loads(text)
        except (UnicodeDecodeError, ValueError):
            raise BundleError("has a manifest that is not JSON") from None
        if not isinstance(data, dict) or data.get("game") != PACKAGE:
            raise BundleError(f"is not a bundle of {PACKAGE}")
        if data.get("bundle") != FORMAT:
            raise BundleError(
                f"is a bundle of format {data.get('bundle')!r}; this device reads format {FORMAT}"
            )
        unknown = set(data) - {"bundle", "game", "version", "files", "new_key"}
        if unknown:
            raise BundleError(f"has a manifest with unknown entries: {', '.join(sorted(unknown))}")
        version = data.get("version")
        if not isinstance(version, str) or release(version) is None:
            raise BundleError(f"has no release version (numbers such as 0.2.0): {version!r}")
        new_key = data.get("new_key")
        if new_key is not None and not isinstance(new_key, str):
            raise BundleError("has a new key that is not PEM text")
        manifest = cls(
            version, _listed_files(data.get("files")), new_key.encode() if new_key else None
        )
        names = {listed.name for listed in manifest.files}
        for needed in (REQUIREMENTS, manifest.game_wheel):
            if needed not in names:
                raise BundleError(f"lists no {needed}")
        return manifest


def _listed_files(entries: object) -> tuple[Listed, ...]:
    if not isinstance(entries, list) or not 0 < len(entries) <= MAX_FILES:
        raise BundleError(f"has a manifest that lists no files, or more than {MAX_FILES}")
    files: list[Listed] = []
    for entry in entries:
        if not isinstance(entry, dict) or set(entry) != {"name", "size", "sha256"}:
            raise BundleError("has a manifest entry without exactly a name, size and sha256")
        name, size, digest = entry["name"], entry["size"], entry["sha256"]
        if not isinstance(name, str) or not FILE_NAME.fullmatch(name) or ".." in name:
            raise BundleError(f"lists a file name no bundle has: {str(name)[:80]!r}")
        if type(size) is not int or size < 0:
            raise BundleError(f"lists {name} with a size that is not a number of bytes")
        if not isinstance(digest, str) or not SHA256.fullmatch(digest):
            raise BundleError(f"lists {name} without a SHA-256")
        files.append(Listed(name, size, digest))
    if len({listed.name for listed in files}) != len(files):
        raise BundleError("lists a file twice")
    total = sum(listed.size for listed in files)
    if total > BUNDLE_MAX_BYTES:
        raise BundleError(
            f"lists {total // MiB} MiB of files, more than a bundle's {BUNDLE_MAX_BYTES // MiB} MiB"
        )
    return tuple(files)


# -- reading ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Member:
    name: str
    size: int


def _read(stream: IO[bytes], size: int) -> bytes:
    data = stream.read(size)
    if len(data) != size:
        raise BundleError("ends early: it was not copied whole")
    return data


def _header(stream: IO[bytes]) -> Member | None:
    """The next member's name and size; None at the end of the archive."""
    block = stream.read(BLOCK)
    if len(block) < BLOCK and stream.tell() == len(block):
        raise BundleError("is not a bundle made by deploy/bundle.sh")
    if len(block) < BLOCK:
        raise BundleError("ends early: it was not copied whole")
    if block == bytes(BLOCK):
        return None
    if block[257:263] not in (b"ustar\x00", b"ustar "):
        raise BundleError("is not a bundle made by deploy/bundle.sh")
    try:
        stored = int(block[148:156].strip(b"\x00 ") or b"0", 8)
        size = int(block[124:136].strip(b"\x00 ") or b"0", 8)
    except ValueError:
        raise BundleError("is damaged (a tar header is not readable); copy it again") from None
    if stored != sum(block[:148]) + 8 * ord(" ") + sum(block[156:]):
        raise BundleError("is damaged (a tar header's checksum differs); copy it again")
    if block[156:157] not in (b"0", b"\x00"):
        raise BundleError("holds links or special files, which no bundle has")
    name = block[:100].split(b"\x00", 1)[0]
    prefix = block[345:500].split(b"\x00", 1)[0]
    full = (prefix + b"/" + name) if prefix else name
    return Member(full.decode("utf-8", errors="replace"), size)


def _skip_padding(stream: IO[bytes], size: int) -> None:
    _read(stream, -size % BLOCK)


def _small_member(stream: IO[bytes], name: str, limit: int) -> bytes:
    member = _header(stream)
    if member is None or member.name != name:
        raise BundleError("is not a bundle made by deploy/bundle.sh")
    if member.size > limit:
        raise BundleError(
            f"has a {name} of {member.size} bytes; a bundle's is at most {limit} bytes"
        )
    data = _read(stream, member.size)
    _skip_padding(stream, member.size)
    return data


def read_head(stream: IO[bytes]) -> tuple[bytes, bytes]:
    """The manifest and its signature, read with their size limits; the stream is
    left at the first listed file."""
    manifest = _small_member(stream, MANIFEST, MANIFEST_MAX_BYTES)
    signature = _small_member(stream, SIGNATURE, SIGNATURE_MAX_BYTES)
    return manifest, signature


def _chunks(stream: IO[bytes], size: int) -> Iterator[bytes]:
    left = size
    while left:
        chunk = _read(stream, min(CHUNK, left))
        left -= len(chunk)
        yield chunk
    _skip_padding(stream, size)


def _next_listed(stream: IO[bytes], listed: Listed) -> None:
    member = _header(stream)
    if member is None or member.name != listed.name or member.size != listed.size:
        found = "nothing" if member is None else f"{member.name} ({member.size} bytes)"
        raise BundleError(
            f"does not hold what its signed manifest lists: {listed.name} "
            f"({listed.size} bytes) where it has {found}"
        )


def check_files(stream: IO[bytes], manifest: Manifest) -> None:
    """Every listed file, in order, with its size and hash, and nothing more; the
    stream at the first listed file. Nothing is written."""
    for listed in manifest.files:
        _next_listed(stream, listed)
        digest = hashlib.sha256()
        for chunk in _chunks(stream, listed.size):
            digest.update(chunk)
        if digest.hexdigest() != listed.sha256:
            raise BundleError(
                f"is damaged ({listed.name} differs from its checksum); copy it again"
            )
    extra = _header(stream)
    if extra is not None:
        raise BundleError(f"holds files its signed manifest does not list: {extra.name}")


def unpack(stream: IO[bytes], manifest: Manifest, folder: Path, wanted: set[str]) -> None:
    """Write the wanted listed files into ``folder`` (made empty by the caller),
    each checked against its hash as it is written; the stream at the first listed
    file. The others are skipped without being read where the stream can seek."""
    for listed in manifest.files:
        _next_listed(stream, listed)
        if listed.name not in wanted:
            _pass_over(stream, listed.size)
            continue
        target = folder / listed.name
        target.parent.mkdir(exist_ok=True)
        digest = hashlib.sha256()
        descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        with open(descriptor, "wb") as out:
            for chunk in _chunks(stream, listed.size):
                digest.update(chunk)
                out.write(chunk)
        if digest.hexdigest() != listed.sha256:
            raise BundleError(f"changed while it was read ({listed.name}); copy it again")


def _pass_over(stream: IO[bytes], size: int) -> None:
    padded = size + (-size % BLOCK)
    if stream.seekable():
        stream.seek(padded, io.SEEK_CUR)
    else:
        for _ in _chunks(stream, size):
            pass


# -- making -------------------------------------------------------------------------------


def listed_file(path: Path, name: str) -> Listed:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for chunk in iter(lambda: file.read(CHUNK), b""):
            digest.update(chunk)
    return Listed(name, path.stat().st_size, digest.hexdigest())


def game_version(wheels: Path) -> str:
    """The version of the game's pure wheel in ``wheels`` (pyproject.toml's, as built)."""
    found = sorted(wheels.glob(f"{PACKAGE}-*-py3-none-any.whl"))
    if len(found) != 1:
        raise BundleError(f"needs one pure wheel of the game in {wheels}, found {len(found)}")
    version = found[0].name.split("-")[1]
    if release(version) is None:
        raise BundleError(
            f"needs a release version (numbers such as 0.2.0) in pyproject.toml, not {version}"
        )
    return version


def make_bundle(out: Path, wheels: Path, key: Path, new_key: Path | None = None) -> Manifest:
    """Write the bundle of the wheels folder (its wheels and requirements.txt),
    signed with the private key ``key``; ``new_key`` makes it a key rotation."""
    version = game_version(wheels)
    paths = [*sorted(wheels.glob("*.whl")), wheels / "requirements.txt"]
    files = tuple(listed_file(path, f"wheels/{path.name}") for path in paths)
    pem = new_key.read_bytes() if new_key is not None else None
    if pem is not None and not is_public_key(pem):
        raise BundleError(f"cannot hand out {new_key}: it is not a public key")
    manifest = Manifest(version, files, pem)
    text = manifest.to_json()
    Manifest.from_json(text)  # what the device will check, checked here first
    if len(text) > MANIFEST_MAX_BYTES:
        raise BundleError(f"would have a manifest of {len(text)} bytes, over the device's limit")
    signature = sign(text, key)
    partial = out.with_name(out.name + ".partial")
    with tarfile.open(partial, "w", format=tarfile.USTAR_FORMAT) as archive:
        for name, data in ((MANIFEST, text), (SIGNATURE, signature)):
            archive.addfile(_info(name, len(data)), io.BytesIO(data))
        for path, listed in zip(paths, files, strict=True):
            with path.open("rb") as file:
                archive.addfile(_info(listed.name, listed.size), file)
    partial.replace(out)
    return manifest


def _info(name: str, size: int) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.size, info.mode, info.mtime = size, 0o644, int(time.time())
    return info


def _parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m deploy.bundle_file",
        description="Write a signed update bundle of a wheels folder (deploy/bundle.sh runs it).",
    )
    parser.add_argument("wheels", type=Path, help="the wheels and requirements.txt")
    parser.add_argument("--key", type=Path, required=True, help="the private key that signs")
    parser.add_argument(
        "--out", type=Path, help="the bundle (default satellites-bundle-VERSION.tar)"
    )
    parser.add_argument(
        "--new-key", type=Path, help="a public key the devices take for later bundles"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse_args(sys.argv[1:] if argv is None else argv)
    try:
        out = args.out or Path(f"{PACKAGE}-bundle-{game_version(args.wheels)}.tar")
        manifest = make_bundle(out, args.wheels, args.key, args.new_key)
    except (BundleError, SigningError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"error: {error.filename}: {error.strerror}", file=sys.stderr)
        return 1
    print(out)
    for listed in manifest.files:
        print(f"    {Path(listed.name).name}")
    if manifest.new_key is not None:
        print(f"    and the new key of {args.new_key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
