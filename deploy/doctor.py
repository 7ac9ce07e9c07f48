"""satellites-doctor: check that this machine can run the game, and say how to fix it.

On the appliance, run it as the game's user so permissions are checked as the
game will meet them:  sudo -u satellites /opt/satellites/venv/bin/satellites-doctor
On a desktop without /etc/satellites/config.toml it checks desktop defaults.
Exit status: 0 when nothing failed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from deploy.checks import (
    Finding,
    LocalSystem,
    Status,
    check_display,
    check_engine,
    check_font,
    check_game_only,
    check_input,
    check_last_crash,
    check_save_dir,
    check_serial_port,
    check_version,
)
from deploy.config import DEFAULT_PATH, Config, ConfigError, VideoOutput, load_config


def desktop_config(environ: Mapping[str, str]) -> Config:
    """What the doctor assumes on a machine without a config file."""
    if environ.get("WAYLAND_DISPLAY"):
        display = VideoOutput.WAYLAND
    elif environ.get("DISPLAY"):
        display = VideoOutput.X11
    else:
        display = VideoOutput.KMSDRM
    data_home = environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return replace(Config(), display=display, save_dir=Path(data_home) / "satellites")


def read_config(path: Path, explicit: bool, system: LocalSystem) -> tuple[Config | None, Finding]:
    if not explicit and not path.exists():
        config = desktop_config(system.environ)
        return config, Finding(
            "config",
            Status.SKIP,
            f"no {path}: checking desktop defaults (display {config.display}, "
            f"saves in {config.save_dir})",
        )
    try:
        config = load_config(path)
    except ConfigError as error:
        return None, Finding(
            "config",
            Status.FAIL,
            str(error),
            f"correct {path} (the keys are described in deploy/README.md), or rewrite it "
            "with: sudo deploy/install.sh --profile NAME",
        )
    return config, Finding(
        "config", Status.OK, f"{path}: profile {config.profile}, language {config.language}"
    )


def run_checks(path: Path, explicit: bool, system: LocalSystem) -> list[Finding]:
    config, finding = read_config(path, explicit, system)
    findings = [finding, check_version(system)]
    if config is not None:
        findings += [
            check_display(config, system, path if path.exists() else None),
            check_input(config, system),
            check_serial_port("button_serial_port", config.button_serial_port, system),
            check_serial_port("link_port", config.link_port, system),
            check_save_dir(config, system),
            check_last_crash(config),
            check_game_only(config, system),
        ]
    findings += [check_font(system), check_engine(system)]
    return findings


def report(findings: Sequence[Finding]) -> str:
    width = max(len(finding.check) for finding in findings)
    lines = []
    for finding in findings:
        lines.append(f"{finding.status.value:<5} {finding.check:<{width}}  {finding.detail}")
        if finding.fix and finding.status in (Status.FAIL, Status.WARN):
            lines.append(f"{'':<5} {'':<{width}}  fix: {finding.fix}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None, system: LocalSystem | None = None) -> int:
    parser = argparse.ArgumentParser(prog="satellites-doctor", description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, help=f"config file (default {DEFAULT_PATH})")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    path = args.config or DEFAULT_PATH
    findings = run_checks(path, explicit=args.config is not None, system=system or LocalSystem())
    print(report(findings))
    return 1 if any(finding.status is Status.FAIL for finding in findings) else 0


if __name__ == "__main__":
    sys.exit(main())
