"""Ed25519 signatures through OpenSSL 3's command line (on Raspberry Pi OS Lite already).

The device verifies small things only (a bundle's manifest, at most a few KiB), which
it hands to OpenSSL as memory files: nothing of a bundle is written to disk to check
it. Keys are PEM text, as ``openssl pkey -pubout`` writes them.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PEM_PUBLIC_KEY = ("-----BEGIN PUBLIC KEY-----", "-----END PUBLIC KEY-----")
KEY_MAX_BYTES = 4096
"""An Ed25519 public key in PEM is 113 bytes; anything much larger is not one."""


class SigningError(Exception):
    """OpenSSL is missing or could not sign; the message says which."""


@contextmanager
def _memory_files(*contents: bytes) -> Iterator[list[str]]:
    """Each content as a file only in memory: its /dev/fd path for OpenSSL to open."""
    descriptors = []
    try:
        for content in contents:
            descriptor = os.memfd_create("satellites-signing")
            os.write(descriptor, content)
            descriptors.append(descriptor)
        yield [f"/dev/fd/{descriptor}" for descriptor in descriptors]
    finally:
        for descriptor in descriptors:
            os.close(descriptor)


def _openssl(arguments: list[str], descriptors: list[str]) -> bool:
    passed = tuple(int(path.rsplit("/", 1)[1]) for path in descriptors)
    try:
        done = subprocess.run(
            ["openssl", *arguments], pass_fds=passed, capture_output=True, check=False
        )
    except OSError as error:
        raise SigningError(f"openssl cannot be run ({error.strerror})") from None
    return done.returncode == 0


def verifies(data: bytes, signature: bytes, public_key: bytes) -> bool:
    """Whether ``signature`` is the signature of ``data`` by the private half of
    ``public_key`` (PEM)."""
    with _memory_files(data, signature, public_key) as (data_file, signature_file, key_file):
        return _openssl(
            ["pkeyutl", "-verify", "-pubin", "-inkey", key_file, "-rawin", "-in", data_file,
             "-sigfile", signature_file],
            [data_file, signature_file, key_file],
        )  # fmt: skip


def is_public_key(pem: bytes) -> bool:
    """Whether ``pem`` is one public key OpenSSL can read, and nothing else."""
    if len(pem) > KEY_MAX_BYTES or _der(pem) is None:
        return False
    with _memory_files(pem) as (key_file,):
        return _openssl(["pkey", "-pubin", "-in", key_file, "-noout"], [key_file])


def fingerprint(pem: bytes) -> str:
    """The key's SHA-256 fingerprint, as
    ``openssl pkey -pubin -in KEY -outform DER | sha256sum`` prints it."""
    der = _der(pem)
    return hashlib.sha256(der if der is not None else pem).hexdigest()


def same_key(first: bytes, second: bytes) -> bool:
    """Whether two PEM texts hold the same key (however their lines are broken)."""
    first_der, second_der = _der(first), _der(second)
    return first_der is not None and first_der == second_der


def _der(pem: bytes) -> bytes | None:
    """The key inside one PEM block, or None if ``pem`` is not exactly that."""
    try:
        lines = pem.decode("ascii").strip().splitlines()
    except UnicodeDecodeError:
        return None
    if len(lines) < 3 or (lines[0], lines[-1]) != PEM_PUBLIC_KEY:
        return None
    try:
        return base64.b64decode("".join(lines[1:-1]), validate=True)
    except binascii.Error:
        return None


def sign(data: bytes, private_key: Path) -> bytes:
    """The Ed25519 signature of ``data`` with the private key in that file."""
    with tempfile.TemporaryDirectory(prefix="satellites-sign-") as folder:
        message = Path(folder) / "message"
        message.write_bytes(data)
        try:
            done = subprocess.run(
                ["openssl", "pkeyutl", "-sign", "-rawin", "-inkey", str(private_key),
                 "-in", str(message)],
                capture_output=True,
                check=False,
            )  # fmt: skip
        except OSError as error:
            raise SigningError(f"openssl cannot be run ({error.strerror})") from None
    if done.returncode != 0 or not done.stdout:
        reason = done.stderr.decode(errors="replace").strip().splitlines()
        raise SigningError(f"{private_key} could not sign ({(reason or ['no reason'])[0]})")
    return done.stdout
