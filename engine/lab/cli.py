"""``python -m engine.lab``: the engine's commands and the lab's, ``arena`` and ``lab``.

``scripts/engine`` runs this command line; ``python -m engine``, the one the
device's wheel carries, has the engine's commands only.
"""

from collections.abc import Sequence

from engine.cli import COMMANDS as ENGINE_COMMANDS
from engine.cli import Command, run_command
from engine.lab import PROGRAM
from engine.lab.arena import arena_parser, cmd_arena
from engine.lab.balance import cmd_lab, lab_parser

COMMANDS: dict[str, Command] = {
    **ENGINE_COMMANDS,
    "arena": (arena_parser, cmd_arena),
    "lab": (lab_parser, cmd_lab),
}


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(PROGRAM, COMMANDS, argv)
