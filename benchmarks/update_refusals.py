"""What a hostile update bundle costs the device that refuses it, beside a genuine one.

    python benchmarks/update_refusals.py [--genuine-mib 30]

Installs a device into a scratch root (tests/deploy/update_kit.py: the game's own
satellites-update pip-installed from its wheel, trusting a key made for the run),
then runs that command on each bundle of tests/deploy/hostile_bundles.py and on a
genuine bundle whose game wheel is ``--genuine-mib`` MiB, and prints for each: the
outcome, the peak resident memory of the checker and of any program it ran (OpenSSL,
the installer; wait4's ru_maxrss), and what it had the kernel write to storage
(ru_oublock, so 0 on a RAM file system: run it on a disk).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "deploy")]

from hostile_bundles import (  # noqa: E402
    gzip_bomb,
    huge_first_member,
    huge_signature,
    measured_run,
    signed_listing_huge,
)
from update_kit import (  # noqa: E402
    SCRATCH_INSTALL,
    bundle,
    device_update,
    install_device,
    key_pair,
    wheels,
)

from engine.arguments import OneLineParser, whole_number_in  # noqa: E402

MiB = 1024 * 1024


def main() -> int:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    about = "the genuine bundle's game wheel in MiB (default 30, about a bundle for two Pythons)"
    parser.add_argument("--genuine-mib", default=30, **whole_number_in(1, 200, about))
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="update-refusals-", dir="/var/tmp") as name:
        folder = Path(name)
        owner, stranger = key_pair(folder, "owner"), key_pair(folder, "stranger")
        device = install_device(folder / "device", owner.public, "0.2.0")
        made = wheels(folder / "wheels", "0.3.0")
        with (made / "filler-1.0-py3-none-any.whl").open("wb") as filler:
            filler.write(os.urandom(options.genuine_mib * MiB))
        genuine = bundle(folder / "genuine.tar", owner.private, made)
        manifest = huge_first_member(folder / "manifest.tar", "manifest.json")
        cases = {
            "a 200 KB bundle holding 200 MiB (gzip)": gzip_bomb(folder / "bomb.tar"),
            "a 300 MB manifest": manifest,
            "a 300 MB signature": huge_signature(folder / "sig.tar", b"{}"),
            "a stranger's bundle listing 200 MiB": signed_listing_huge(
                folder / "listing.tar", stranger.private
            ),
            f"the owner's bundle, {genuine.stat().st_size / MiB:.1f} MiB": genuine,
        }
        print(f"{'bundle':<42} {'size':>9} {'outcome':<44} {'peak RSS':>9} {'written':>9} {'s':>5}")
        for label, file in cases.items():
            command = [str(device_update(device)), str(file), "--root", str(device)]
            started = time.monotonic()
            run = measured_run([*command, *SCRATCH_INSTALL])
            seconds = time.monotonic() - started
            said = run.stderr.strip().split(f"{file} ", 1)[-1]
            outcome = ("installed" if run.status == 0 else f"refused: {said}")[:44]
            size = f"{file.stat().st_blocks * 512 / MiB:.2f}MiB"
            print(
                f"{label:<42} {size:>9} {outcome:<44} {run.peak_rss_mib:>6.1f}MiB"
                f" {run.written_mib:>6.1f}MiB {seconds:>5.1f}"
            )
    print("size: the bundle's blocks on disk (the huge ones are sparse: claimed, not stored)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
