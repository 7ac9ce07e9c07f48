"""The balance lab: self-play under rule variants, the arena, and the players only they use.

A checkout's tool, never the game's: the device's wheel leaves this package out,
and nothing outside it imports it (an import contract in pyproject.toml).
"""

PROGRAM = "python -m engine.lab"
"""The lab's command line: the engine's commands and the lab's own."""
