"""The offline update: bundle.sh's file, and a first install from it alone (update.sh --bundle)."""

import os
import socket
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from test_wheel import LEFT_OUT, game_wheel_files

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def pypi_reachable() -> bool:
    try:
        socket.create_connection(("pypi.org", 443), timeout=5).close()
    except OSError:
        return False
    return True


pytestmark = pytest.mark.skipif(
    not pypi_reachable(), reason="building a bundle downloads the device's wheels from PyPI"
)


def make_keys(folder: Path) -> tuple[Path, Path]:
    """A signing key pair, as deploy/README.md makes it: (private, public)."""
    private, public = folder / "bundle-key.pem", folder / "bundle-key.pub.pem"
    for command in (
        ["genpkey", "-algorithm", "ed25519", "-out", str(private)],
        ["pkey", "-in", str(private), "-pubout", "-out", str(public)],
    ):
        subprocess.run(["openssl", *command], check=True, capture_output=True)
    return private, public


def bundle(out: Path, *args: str) -> list[str]:
    """Build a bundle with this interpreter's pip; the names of the wheels in it (the
    game's own is unpacked beside ``out``)."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    private, _ = make_keys(out.parent)
    subprocess.run(
        ["bash", str(DEPLOY / "bundle.sh"), "--key", str(private), "--out", str(out), *args],
        check=True,
        capture_output=True,
        env=env,
    )
    with tarfile.open(out) as archive:
        games = [member for member in archive.getmembers() if "/satellites-" in member.name]
        archive.extractall(out.parent, members=games, filter="data")
        return sorted(Path(name).name for name in archive.getnames() if name.endswith(".whl"))


def test_the_pi_bundle_holds_the_game_and_its_aarch64_wheels_for_bookworm_and_trixie(
    tmp_path: Path,
) -> None:
    wheels = bundle(tmp_path / "pi.tar")
    assert len(wheels) == 4, wheels
    pygame_311, pygame_313, pyserial, game = wheels
    assert game.startswith("satellites-") and game.endswith("-py3-none-any.whl")
    assert pygame_311.startswith("pygame_ce-") and "-cp311-cp311-" in pygame_311
    assert pygame_313.startswith("pygame_ce-") and "-cp313-cp313-" in pygame_313
    assert "aarch64" in pygame_311 and "aarch64" in pygame_313
    assert pyserial.startswith("pyserial-")
    (game_wheel,) = tmp_path.rglob(game)
    carried = game_wheel_files(game_wheel)
    assert "engine/ai/search.py" in carried
    assert not [name for name in carried if name.startswith(LEFT_OUT)], "the lab stays home"


@pytest.mark.long  # a real offline install of the real wheels; by default the signed-bundle
# tests install stand-in wheels through the same update.sh and pip line
def test_an_update_from_a_bundle_installs_without_a_network(tmp_path: Path) -> None:
    file = tmp_path / "native.tar"
    bundle(file, "--platform", "native")
    root = tmp_path / "root"
    install = ["--root", str(root), "--systemd-version", "252", "--no-boot-config"]
    subprocess.run(
        [
            "bash",
            str(DEPLOY / "install.sh"),
            "--profile",
            "hatmini",
            "--skip-pip",
            *install,
            "--bundle-key",
            str(tmp_path / "bundle-key.pub.pem"),
        ],
        check=True,
        capture_output=True,
    )
    offline = {**os.environ, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": "", "no_proxy": ""}
    offline["https_proxy"] = offline["http_proxy"] = "http://127.0.0.1:9"  # no way out
    result = subprocess.run(
        ["bash", str(DEPLOY / "update.sh"), "--bundle", str(file), *install],
        capture_output=True,
        text=True,
        env=offline,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "without a network" in result.stdout
    python = root / "opt/satellites/venv/bin/python"
    check = "import engine, device, pygame, serial; print(pygame.version.ver)"
    assert subprocess.run([str(python), "-c", check], capture_output=True, check=True).stdout
    assert (root / "opt/satellites/venv/bin/satellites-appliance").exists()


def test_a_damaged_bundle_is_refused(tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.tar"
    damaged.write_bytes(b"not a bundle")
    _, public = make_keys(tmp_path)
    result = subprocess.run(
        ["bash", str(DEPLOY / "update.sh"), "--bundle", str(damaged), "--root", str(tmp_path),
         "--bundle-key", str(public)],
        capture_output=True,
        text=True,
        check=False,
    )  # fmt: skip
    assert result.returncode == 1
    said = f"satellites-update: {damaged} is not a bundle made by deploy/bundle.sh\n"
    assert result.stderr == said
