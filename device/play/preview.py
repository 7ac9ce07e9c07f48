"""What a move would do, in words, worked out by playing it on a copy of the position."""

from __future__ import annotations

from collections.abc import Callable

from engine.moves import CONNECTION, DISPLACEMENT, kind_of, target_of
from engine.pieces import NOBODY
from engine.position import Position
from engine.scoring import groups

Translate = Callable[..., str]


def move_preview(
    position: Position, move: int, t: Translate, colour_name: Callable[[int], str]
) -> str:
    """ "Connects: Red colony of 9" for a connecting move; "" for a plain one."""
    if kind_of(move) not in (CONNECTION, DISPLACEMENT):
        return ""
    after = position.copy()
    after.make(move)
    target = target_of(move)
    group = next((g for g in groups(after) if target in g.cells), None)
    if group is None:
        return ""
    if not group.is_colony:
        return t("preview.pair")
    if group.controller == NOBODY:
        return t("preview.disputed", total=group.total)
    return t("preview.colony", colour=colour_name(group.controller), total=group.total)
