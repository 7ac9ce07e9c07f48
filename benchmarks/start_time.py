"""Process start to first frame: the launcher on a file standing in for the
panel's framebuffer (320x240 RGB565), as on the device otherwise (SDL's
evdev driver, the splash, then pygame and the app).

    python benchmarks/start_time.py [--repeat N]

With the compiled engine first on ``PYTHONPATH`` (``source scripts/bootstrap.sh
&& source scripts/compiled-engine.sh && use_compiled_engine``) it times the
start the device has; without it, the pure engine's.

Prints, for each run and their median, the seconds from starting the process
to the splash on the framebuffer and to the title's first pixels.  The file
is watched from this process; the game is stopped with SIGTERM afterwards.
"""

from __future__ import annotations

import mmap
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from deploy.config import Config, VideoOutput, render_config
from device.look.palettes import STANDARD
from drivers.fbdev import FramebufferGeometry, PixelFormat
from drivers.splash import discs_for, splash_picture
from engine.arguments import OneLineParser, whole_number_in

ROOT = Path(__file__).resolve().parents[1]
GEOMETRY = FramebufferGeometry.for_format(PixelFormat.RGB565, 320, 240)
TIMEOUT_S = 120.0

LAUNCH = """
import sys
from pathlib import Path

import deploy.config
import deploy.panel
from drivers.fbdev import FramebufferGeometry, PixelFormat

panel = FramebufferGeometry.for_format(PixelFormat.RGB565, 320, 240)
# A regular file answers no ioctl: its geometry is the panel's, it is found as the panel.
FramebufferGeometry.from_device = classmethod(lambda cls, fd, ioctl=None: panel)
deploy.panel.framebuffer_device = lambda config, sysfs=None: Path(sys.argv[1])
# This run's save folder lies beside its config, not under /var/lib/satellites.
deploy.config.SAVE_FOLDERS = (Path(sys.argv[2]).parent,)
from deploy.appliance import main

sys.exit(main(["--config", sys.argv[2]]))
"""


def game_path() -> str:
    """The game's import path: a compiled engine on ``PYTHONPATH`` first, as on the
    device (``source scripts/compiled-engine.sh && use_compiled_engine``), then the tree."""
    return os.pathsep.join(filter(None, (os.environ.get("PYTHONPATH"), str(ROOT))))


def one_run(folder: Path) -> tuple[float, float]:
    device = folder / "fb1"
    device.write_bytes(bytes(GEOMETRY.length))
    config = folder / "config.toml"
    saves = folder / "saves"
    config.write_text(render_config(Config(save_dir=saves, display=VideoOutput.FRAMEBUFFER)))
    splash = splash_picture(
        GEOMETRY, STANDARD.background, discs_for(GEOMETRY.size, STANDARD.players)
    )
    background = GEOMETRY.encode(STANDARD.background) * (GEOMETRY.length // 2)
    blank = bytes(GEOMETRY.length)
    with device.open("r+b") as file:
        memory = mmap.mmap(file.fileno(), GEOMETRY.length)
    errors = (folder / "stderr.txt").open("wb")
    started = time.monotonic()
    game = subprocess.Popen(
        [sys.executable, "-P", "-c", LAUNCH, str(device), str(config)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": game_path(), "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
        stderr=errors,
    )
    to_splash = to_title = None
    try:
        while to_title is None and time.monotonic() - started < TIMEOUT_S:
            shown = memory[:]
            if to_splash is None and shown == splash:
                to_splash = time.monotonic() - started
            elif shown not in (blank, splash, background):
                to_title = time.monotonic() - started
            time.sleep(0.002)
    finally:
        game.send_signal(signal.SIGTERM)
        game.wait(30)
        memory.close()
        errors.close()
    if to_title is None:
        said = (folder / "stderr.txt").read_text(encoding="utf-8", errors="replace").strip()
        raise SystemExit(f"the title never appeared; the game said: {said or 'nothing'}")
    return (to_splash if to_splash is not None else float("nan")), to_title


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", default=3, **whole_number_in(1, 100, "runs"))
    options = parser.parse_args()
    splashes, titles = [], []
    for run in range(options.repeat):
        with tempfile.TemporaryDirectory() as folder:
            to_splash, to_title = one_run(Path(folder))
        splashes.append(to_splash)
        titles.append(to_title)
        print(f"run {run + 1}: splash {to_splash:.3f} s, title {to_title:.3f} s")
    print(
        f"median: splash {statistics.median(splashes):.3f} s, "
        f"title {statistics.median(titles):.3f} s"
    )


if __name__ == "__main__":
    main()
