"""Satellites rules engine: positions, moves, notation, records, scoring and AI."""

from pathlib import Path


def is_compiled() -> bool:
    """True when the engine's modules run as mypyc-compiled extensions."""
    # Imported here: position imports through this package, so importing it at
    # the top would make a cycle.
    from engine import position

    return Path(position.__file__ or "").suffix in {".so", ".pyd"}
