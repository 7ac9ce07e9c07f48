"""The player's settings as the app keeps them in its save folder: read at the start
(what was refused is told to the player once, and the file written again), and
stored again at each change."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence

from device.journal.folder import SaveFolder
from device.journal.notice import Notice, loggable, write_failed
from device.journal.settings_file import read_settings, store_settings
from device.play.settings import Settings

log = logging.getLogger(__name__)

MOST_NAMED = 3
"""More settings refused than this are told as "some settings"."""
SETTING_LABELS = {"tutorial_lessons": "title.tutorial"}
"""The settings whose label is not ``settings.<name>``."""


def settings_notice(refused: Sequence[str]) -> Notice:
    """Settings back to their defaults: named as the settings screen names them,
    where the file was read and only some values refused."""
    if not refused or len(refused) > MOST_NAMED:
        return Notice("msg.settings_reset")
    labels = tuple(SETTING_LABELS.get(name, f"settings.{name}") for name in refused)
    return Notice("msg.settings_reset_named", names=labels)


def open_settings(saves: SaveFolder) -> tuple[Settings, Notice | None]:
    """The stored settings, and what the player must be told of them (a file holding
    refused values is written again at once)."""
    stored = read_settings(saves.folder, saves.disk)
    notice = None
    if stored.problem:
        log.warning("settings back to their defaults: %s", loggable(stored.problem))
        notice = settings_notice(stored.refused)
    if stored.stale and saves.saves_on:
        with contextlib.suppress(OSError):  # then it is told again at the next start
            store_settings(saves.folder, stored.settings, saves.disk)
    return stored.settings, notice


def keep_settings(saves: SaveFolder, settings: Settings) -> Notice | None:
    """Store ``settings`` durably; what to tell the player when they could not be."""
    try:
        store_settings(saves.folder, settings, saves.disk)
    except OSError as error:
        return write_failed(error)
    return None
