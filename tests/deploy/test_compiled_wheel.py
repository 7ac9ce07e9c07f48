"""The bundle's compiled engines: the pure wheel with the modules compiled on an arm64
root added and re-tagged (deploy/compiled_wheel.py), bundle.sh pinning every wheel of
the game on one requirement line, and the device taking the one for its Python."""

import base64
import hashlib
import json
import os
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest
from update_kit import installer_files

from deploy.compiled_wheel import WheelError, compiled_wheel

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
ENGINE = {"engine/__init__.py": b"", "engine/rules.py": b"RULES = 1\n"}
DIST_INFO = "satellites-0.1.0.dist-info"
AARCH64_311 = "cp311-cp311-linux_aarch64"
HOST_TAG = "cp{0}{1}-cp{0}{1}-".format(*sys.version_info[:2]) + sysconfig.get_platform().replace(
    "-", "_"
).replace(".", "_")


def pure_wheel(
    folder: Path, engine: dict[str, bytes] = ENGINE, beside: dict[str, Path] | None = None
) -> Path:
    """The game's pure wheel as setuptools makes it: the engine, modules beside it
    (``beside``: the files of these names), metadata."""
    path = folder / "satellites-0.1.0-py3-none-any.whl"
    files = {
        **engine,
        **{name: file.read_bytes() for name, file in (beside or {}).items()},
        "device/app.py": b"APP = 1\n",
        f"{DIST_INFO}/METADATA": b"Metadata-Version: 2.1\nName: satellites\nVersion: 0.1.0\n",
        f"{DIST_INFO}/WHEEL": b"Wheel-Version: 1.0\nGenerator: setuptools (80.9.0)\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n\n",
        f"{DIST_INFO}/RECORD": b"",
    }
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return path


def compiled_engine(folder: Path, tag: str, engine: dict[str, bytes] = ENGINE) -> Path:
    """A folder as scripts/pi-vm engine leaves it: the modules, their tag and their sources."""
    folder.mkdir(parents=True)
    (folder / "engine").mkdir()
    (folder / "engine/rules.cpython-311-aarch64-linux-gnu.so").write_bytes(b"\x7fELF rules")
    (folder / "d57e__mypyc.cpython-311-aarch64-linux-gnu.so").write_bytes(b"\x7fELF shared")
    (folder / "TAG").write_text(f"{tag}\n")
    sources = {"setup.py": b"setup()\n", **engine}
    (folder / "SOURCES").write_text(
        "".join(f"{hashlib.sha256(data).hexdigest()}  {name}\n" for name, data in sources.items())
    )
    (folder / "complete").write_text("compiled in 600 s\n")
    return folder


def contents(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_the_compiled_wheel_is_the_pure_one_with_the_modules_for_one_python(
    tmp_path: Path,
) -> None:
    pure = pure_wheel(tmp_path)
    made = compiled_wheel(pure, compiled_engine(tmp_path / "built", AARCH64_311), tmp_path)
    assert made.name == f"satellites-0.1.0-{AARCH64_311}.whl"
    files = contents(made)
    assert files["engine/rules.cpython-311-aarch64-linux-gnu.so"] == b"\x7fELF rules"
    assert files["d57e__mypyc.cpython-311-aarch64-linux-gnu.so"] == b"\x7fELF shared"
    assert {name: files[name] for name in ENGINE} == ENGINE, "the sources stay beside"
    assert not {"TAG", "SOURCES", "complete"} & set(files), "the folder's bookkeeping stays out"
    wheel = files[f"{DIST_INFO}/WHEEL"].decode().splitlines()
    assert "Root-Is-Purelib: false" in wheel and f"Tag: {AARCH64_311}" in wheel
    assert "Root-Is-Purelib: true" not in wheel and "Tag: py3-none-any" not in wheel
    assert "Generator: setuptools (80.9.0)" in wheel


def test_the_record_gives_every_file_of_the_wheel_with_its_hash_and_size(tmp_path: Path) -> None:
    pure = pure_wheel(tmp_path)
    made = compiled_wheel(pure, compiled_engine(tmp_path / "built", AARCH64_311), tmp_path)
    files = contents(made)
    rows = [line.split(",") for line in files[f"{DIST_INFO}/RECORD"].decode().splitlines()]
    assert sorted(row[0] for row in rows) == sorted(files)
    for name, digest, size in rows:
        if name == f"{DIST_INFO}/RECORD":
            assert (digest, size) == ("", "")
            continue
        data = files[name]
        expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert (digest, size) == (f"sha256={expected}", str(len(data))), name


@pytest.mark.parametrize(
    "engine",
    [
        {**ENGINE, "engine/rules.py": b"RULES = 2\n"},
        {**ENGINE, "engine/notation.py": b"NEW = 1\n"},
    ],
    ids=["a module changed since", "a module added since"],
)
def test_modules_compiled_from_another_engine_are_refused(
    tmp_path: Path, engine: dict[str, bytes]
) -> None:
    pure = pure_wheel(tmp_path, engine)
    with pytest.raises(WheelError, match=r"compiled from other sources.*pi-vm engine"):
        compiled_wheel(pure, compiled_engine(tmp_path / "built", AARCH64_311), tmp_path)
    assert [path.name for path in tmp_path.glob("*.whl")] == [pure.name], "nothing written"


def test_a_folder_that_is_no_compiled_engine_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    pure = pure_wheel(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "deploy.compiled_wheel", str(pure), str(tmp_path), "--out-dir",
         str(tmp_path)],
        capture_output=True, text=True, check=False, cwd=DEPLOY.parent,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.startswith(f"compiled_wheel: {tmp_path} is not a compiled engine")


def stand_in_pyserial(folder: Path) -> None:
    info = "pyserial-3.5.dist-info"
    with zipfile.ZipFile(folder / "pyserial-3.5-py2.py3-none-any.whl", "w") as archive:
        archive.writestr(
            f"{info}/METADATA", "Metadata-Version: 2.1\nName: pyserial\nVersion: 3.5\n"
        )
        archive.writestr(
            f"{info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py2.py3-none-any\n"
        )
        archive.writestr(f"{info}/RECORD", "")


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A signed bundle with the engine compiled for this machine's Python and for another's."""
    folder = tmp_path_factory.mktemp("bundle")
    wheels = folder / "wheels"
    wheels.mkdir()
    pure_wheel(wheels, beside=installer_files())
    stand_in_pyserial(wheels)
    key = folder / "key.pem"
    subprocess.run(
        ["openssl", "genpkey", "-algorithm", "ed25519", "-out", str(key)],
        check=True, capture_output=True,
    )  # fmt: skip
    subprocess.run(
        ["openssl", "pkey", "-in", str(key), "-pubout", "-out", str(folder / "key.pub.pem")],
        check=True, capture_output=True,
    )  # fmt: skip
    subprocess.run(
        ["bash", str(DEPLOY / "bundle.sh"), "--key", str(key), "--wheels", str(wheels),
         "--out", str(folder / "bundle.tar"),
         "--compiled", str(compiled_engine(folder / "here", HOST_TAG)),
         "--compiled", str(compiled_engine(folder / "elsewhere", "cp39-cp39-linux_armv6l"))],
        check=True, capture_output=True,
    )  # fmt: skip
    with tarfile.open(folder / "bundle.tar") as archive:
        archive.extractall(folder / "unpacked", filter="data")
    return folder


def test_each_project_is_one_requirement_pinned_to_each_of_its_wheels(bundle: Path) -> None:
    wheels = bundle / "unpacked/wheels"
    lines = (wheels / "requirements.txt").read_text().splitlines()
    assert [line.split()[0] for line in lines] == ["pyserial==3.5", "satellites==0.1.0"]
    game = [
        f"--hash=sha256:{hashlib.sha256(path.read_bytes()).hexdigest()}"
        for path in sorted(wheels.glob("satellites-*.whl"))
    ]
    assert len(game) == 3
    assert sorted(lines[1].split()[1:]) == sorted(game)


def test_pip_takes_the_wheel_compiled_for_the_devices_python(bundle: Path) -> None:
    """The device's own pip line (install.sh --offline) on the bundle's requirements."""
    wheels = bundle / "unpacked/wheels"
    report = bundle / "pip-report.json"
    environment = {
        **{name: value for name, value in os.environ.items() if not name.startswith("PIP_")},
        "PIP_CONFIG_FILE": os.devnull,
    }
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
         "--report", str(report), "--no-index", "--find-links", str(wheels), "--require-hashes",
         "--requirement", str(wheels / "requirements.txt")],
        check=True, capture_output=True, env=environment,
    )  # fmt: skip
    chosen = {
        item["metadata"]["name"]: Path(item["download_info"]["url"]).name
        for item in json.loads(report.read_text())["install"]
    }
    assert chosen["satellites"] == f"satellites-0.1.0-{HOST_TAG}.whl"


def test_an_update_from_the_bundle_installs_the_compiled_engine_for_this_python(
    bundle: Path, tmp_path: Path
) -> None:
    """update.sh hands the bundle's installer the pure wheel; it takes the compiled one
    for this Python, and the one for another Python is not even unpacked."""
    result = subprocess.run(
        ["bash", str(DEPLOY / "update.sh"), "--bundle", str(bundle / "bundle.tar"),
         "--bundle-key", str(bundle / "key.pub.pem"), "--root", str(tmp_path), "--skip-pip",
         "--systemd-version", "252", "--no-boot-config", "--profile", "hatmini"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    plan = (tmp_path / "install-plan.txt").read_text()
    assert f"satellites-0.1.0-{HOST_TAG}.whl (compile=0)" in plan
    other = "wheels/satellites-0.1.0-cp39-cp39-linux_armv6l.whl"
    assert f"left in the bundle (for another Python): {other}\n" in result.stdout
