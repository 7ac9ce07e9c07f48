"""Every word on screen exists in English and Spanish."""

import re
import string
from pathlib import Path

import pygame
import pytest

from device.hardware.profiles import PROFILES
from device.i18n import LANGUAGES, RULE_PAGES, STRINGS, text
from device.link.events import LinkProblem
from device.look.hud import detail_items, essential_items
from device.look.theme import Fonts
from device.look.ui import Ui
from device.play.settings import CHOICES, Settings
from device.play.tutorial import LESSONS, PARTS
from device.screens.end_screen import CHOICES as END_CHOICES
from engine.position import END_REASON_NAMES
from engine.rules import RULE_SETS
from engine.start import starting_position

SOURCE = Path(__file__).parents[2] / "device"
VERDICTS = ("wins", "you_win", "you_lose")
"""A result in words: in the present on the end screen, in the past in "Past games"."""
LITERAL_KEY = re.compile(r"""\b(?:t|control)\(\s*["']([a-z_]+(?:\.[a-z0-9_]+)+)["']""")
RETURNED_KEY = re.compile(r"""\breturn\s+["']([a-z_]+(?:\.[a-z0-9_]+)+)["']""")


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_each_string_has_both_languages_with_the_same_blanks(key: str) -> None:
    english, spanish = STRINGS[key]
    assert english.strip() and spanish.strip()
    assert _fields(english) == _fields(spanish)


def test_every_key_the_code_names_exists() -> None:
    used = set()
    for path in SOURCE.rglob("*.py"):
        source = path.read_text()
        used |= set(LITERAL_KEY.findall(source)) | set(RETURNED_KEY.findall(source))
    assert used, "the pattern found no keys: the test would prove nothing"
    assert sorted(used - set(STRINGS)) == []


def test_every_key_built_at_run_time_exists() -> None:
    built = {f"colour.{c}" for c in (0, 1)} | {f"edge.{e}" for e in range(4)}
    built |= {f"end.reason.{r}" for r in range(1, len(END_REASON_NAMES))}
    built |= {f"rules.{p}.{part}" for p in range(1, RULE_PAGES + 1) for part in ("title", "text")}
    built |= {f"settings.{name}" for name in CHOICES}
    built |= {f"settings.language.{value}" for value in CHOICES["language"]}
    built |= {f"settings.repeat.{value}" for value in CHOICES["repeat"]}
    built |= {f"new.mode.{mode}" for mode in ("ai", "hotseat", "link")}
    built |= {f"rules.name.{rules.name}" for rules in RULE_SETS}
    built |= {meaning for p in PROFILES.values() for _, meaning in p.help_lines}
    built |= {lesson.key(part) for lesson in LESSONS for part in PARTS}
    built |= set(END_CHOICES) | {"ctl.to_start", "ctl.to_end"}
    built |= set(LinkProblem)
    built |= {f"{tense}.{verdict}" for tense in ("end", "past") for verdict in VERDICTS}
    assert sorted(built - set(STRINGS)) == []


def test_spanish_is_really_spanish() -> None:
    different = [k for k, (en, es) in STRINGS.items() if en != es]
    assert len(different) > len(STRINGS) * 3 // 4
    assert text("es", "hud.to_move", colour=text("es", "colour.1")) == "Mueve Azul"
    assert text("en", "hud.to_move", colour=text("en", "colour.1")) == "Blue to move"
    assert set(LANGUAGES) == {"en", "es"}


def test_the_hud_speaks_the_chosen_language() -> None:
    pygame.font.init()
    spanish = Ui(PROFILES["lcdhat"], Settings(language="es"), Fonts())
    start = starting_position(1)
    words = [item.words for item in essential_items(spanish, start) + detail_items(spanish, start)]
    assert words[0] == "Mueve Rojo"
    assert "Colonias 0-0" in words and "Igualados" in words
