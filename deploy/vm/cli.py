"""``scripts/pi-vm``: build, boot and test the virtual Zero 2 W."""

from __future__ import annotations

import argparse
import sys

from deploy.vm.machine import DEFAULT_SUITE
from deploy.vm.recipe import Suite, cache_root, cached_image
from engine.arguments import OneLineParser

DESCRIPTION = (
    "A virtual Raspberry Pi Zero 2 W (4 Cortex-A53 cores, 512 MB) in QEMU, on an arm64 "
    "Debian card built from Debian's package archive: build the card, boot it, or run the "
    "appliance's whole first boot in it unattended."
)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="scripts/pi-vm", description=DESCRIPTION)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    build = commands.add_parser(
        "build",
        help="build the card image (cached; rebuilt when deploy/vm changes)",
        description=f"Build the card image into {cache_root()}/SUITE-KEY, the key being "
        "a hash of the recipe (deploy/vm/recipe.py, image.py, guest/). Needs root; "
        "installs the host packages it lacks with apt-get.",
    )
    build.add_argument("--suite", type=Suite, choices=tuple(Suite), default=DEFAULT_SUITE)
    build.add_argument("--force", action="store_true", help="build again even if cached")
    engine = commands.add_parser(
        "engine",
        help="the engine compiled for the suite's Python on arm64 (cached); prints its folder",
        description="Compile the engine with mypyc in an arm64 Debian root of the suite "
        f"(debootstrap --variant=buildd, under qemu-user) into {cache_root()}/engine-SUITE-KEY, "
        "the key being a hash of the build root's recipe, setup.py and the engine's sources; "
        "deploy/bundle.sh --compiled FOLDER puts it in the bundle. Needs root.",
    )
    engine.add_argument("--suite", type=Suite, choices=tuple(Suite), default=DEFAULT_SUITE)
    engine.add_argument("--force", action="store_true", help="compile again even if cached")
    modules = commands.add_parser(
        "modules",
        help="the panel's kernel modules for the card's kernel (cached); prints their folder",
        description="Cross-compile drm_mipi_dbi and panel-mipi-dbi, which Debian's arm64 "
        "kernel lacks, from Debian's linux-source for the built card's kernel, in an amd64 "
        f"root of the suite, into {cache_root()}/panel-modules-RELEASE-KEY. Needs root and "
        "the built card.",
    )
    modules.add_argument("--suite", type=Suite, choices=tuple(Suite), default=Suite.BOOKWORM)
    modules.add_argument("--force", action="store_true", help="build again even if cached")
    from deploy.vm.firstboot import add_test_arguments
    from deploy.vm.machine import add_boot_arguments

    add_boot_arguments(
        commands.add_parser(
            "boot",
            help="boot the card (serial console on this terminal)",
            description="Boot a copy of the built card with the profile's panel stand-in; "
            "the serial console is on this terminal (Ctrl-A X quits), QMP on a socket.",
        )
    )
    add_test_arguments(
        commands.add_parser(
            "test",
            help="the appliance's first boot, unattended, with a report",
            description="Install the appliance from the offline bundle in a fresh copy of "
            "the card, reboot, and check the first frame, a game, power cuts, the kernel's "
            "messages, idle power and the power button; writes OUT/report.json.",
        )
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "build":
        from deploy.vm.image import main_build

        return main_build(cached_image(args.suite), args.suite, args.force)
    if args.command == "engine":
        from deploy.vm.builder import main_engine

        return main_engine(args.suite, args.force)
    if args.command == "modules":
        from deploy.vm.kernel_modules import main_modules

        return main_modules(args.suite, args.force)
    if args.command == "boot":
        from deploy.vm.machine import main_boot

        return main_boot(args)
    from deploy.vm.firstboot import main_test

    return main_test(args)


if __name__ == "__main__":
    sys.exit(main())
