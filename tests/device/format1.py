"""Save folders as the first save format left them (the fixtures, and variants of them)."""

from __future__ import annotations

import json
import shutil
import zlib
from pathlib import Path

from device.play.game import Game
from engine.record import format_record

FIXTURES = Path(__file__).parent / "fixtures" / "format1"
AUTOSAVE, PREVIOUS, LINK_SAVE = "current-game.sav", "current-game.sav.prev", "link-game.json"


def copy_fixture(name: str, folder: Path, settings: bool = False) -> Path:
    """A copy of the fixture save folder ``name`` (ai, hotseat or link) at ``folder``;
    without its settings (which speak Spanish) unless ``settings``."""
    shutil.copytree(FIXTURES / name, folder, dirs_exist_ok=True)
    if not settings:
        (folder / "settings.json").unlink()
    return folder


def container(body: bytes) -> bytes:
    """A checked container with a right checksum around any bytes."""
    return f"satellites-file 1 {zlib.crc32(body):08x} {len(body)}\n".encode() + body


def autosave(game: Game, **changes: object) -> bytes:
    """The first format's autosave of ``game`` (``changes`` override its fields)."""
    document: dict[str, object] = {
        "mode": game.setup.mode,
        "ai_level": game.setup.ai_level,
        "human_colour": game.setup.human_colour,
        "tabletop": game.setup.tabletop,
        "record": format_record(game.record),
    }
    document |= changes
    return container(json.dumps(document, indent=1).encode())
