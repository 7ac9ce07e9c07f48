"""A level of this tree against the same level of an earlier revision of the engine.

    python benchmarks/versus_revision.py REVISION [--level 5] [--games 100] [--workers 2]
        [--nodes N] [--rules NAME] [--compiled]

The earlier engine is exported with ``git archive`` into a scratch folder (and
built with mypyc with ``--compiled``, search included, as this tree's engine should then be
too: run the script with the compiled engine first on ``PYTHONPATH``).  It
runs in a child process of each worker and answers positions sent to it in
notation, with the keys of the game's earlier positions (its search knows the
game's history as this side's does) and the node budget both sides play with,
searching with the seed this side draws, so its games replay exactly.  The
games are the arena's (each seed twice, colours swapped) and the report reads
like ``python -m engine.lab arena``.
"""

import atexit
import os
import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from engine import is_compiled
from engine.arguments import (
    MAX_GAMES,
    MAX_SEED,
    MAX_WORKERS,
    OneLineParser,
    add_rules_option,
    whole_number_in,
)
from engine.lab.agents import Agent, Kind
from engine.lab.arena import run_arena, summarize
from engine.notation import format_position, parse_move
from engine.position import Position
from engine.rules import rules_named

ANSWERER = """
import sys
from dataclasses import replace
from engine.ai.levels import level
from engine.ai.search import Search
from engine.notation import format_move, parse_position
from engine.rules import rules_from_id
for line in sys.stdin:
    head, text, history = line.split("|")
    number, seed, nodes, rules = head.split()
    position = parse_position(text.strip(), rules_from_id(rules))
    position.history = [int(key) for key in history.split()]
    limits = level(int(number)).limits
    if int(nodes):
        limits = replace(limits, nodes=int(nodes))
    print(format_move(Search(position, limits, int(seed)).run().move), flush=True)
"""
"""Runs inside the earlier engine: 'level seed nodes rules | position | keys' in,
its move out (nodes 0: the level's own budget)."""

BUILD = """
from pathlib import Path
from mypyc.build import mypycify
from setuptools import setup
modules = [str(p) for p in sorted(Path("engine").glob("*.py"))
           if p.name not in {"__main__.py", "cli.py"}]
modules += [str(p) for p in (Path("engine/ai") / f"{name}.py" for name in SEARCH) if p.exists()]
setup(ext_modules=mypycify(modules, opt_level="3"))
""".replace("SEARCH", repr(("evaluation", "search", "levels", "budget")))
"""Compiles the earlier engine with its search (early revisions' setup.py left the
search interpreted, which made their games several times slower)."""

_answerers: dict[str, subprocess.Popen[str]] = {}
"""One child process per earlier engine, kept for the life of this process."""


@dataclass(frozen=True)
class RevisionAgent(Agent):
    """A level of the engine found in ``folder`` (an earlier revision)."""

    folder: str = ""

    def choose(self, position: Position, rng: random.Random) -> int:
        answerer = _answerer(self.folder)
        assert answerer.stdin is not None and answerer.stdout is not None
        head = f"{self.level} {rng.getrandbits(32)} {self.nodes} {position.rules.id}"
        history = " ".join(str(key) for key in position.history)
        answerer.stdin.write(f"{head} | {format_position(position)} | {history}\n")
        answerer.stdin.flush()
        reply = answerer.stdout.readline().strip()
        if not reply:
            raise RuntimeError(f"the engine in {self.folder} stopped answering")
        return parse_move(position, reply)


def _answerer(folder: str) -> "subprocess.Popen[str]":
    if folder not in _answerers:
        environment = dict(os.environ, PYTHONPATH=folder)
        _answerers[folder] = subprocess.Popen(
            [sys.executable, "-c", ANSWERER],
            cwd=folder,
            env=environment,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
    return _answerers[folder]


def export_revision(revision: str, compiled: bool) -> Path:
    """The engine of ``revision`` in a scratch folder (removed at exit)."""
    folder = Path(tempfile.mkdtemp(prefix="satellites-revision-"))
    atexit.register(shutil.rmtree, folder, True)
    archive = subprocess.run(
        ["git", "archive", revision, "engine", "setup.py", "pyproject.toml", "README.md"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    if compiled:
        subprocess.run(
            [sys.executable, "-c", BUILD, "--quiet", "build_ext", "--inplace"],
            cwd=folder,
            check=True,
            capture_output=True,
        )
    return folder


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision", help="a git revision of this repository, like c8913d2")
    parser.add_argument("--level", default=5, **whole_number_in(1, 5, ""))
    parser.add_argument("--games", default=100, **whole_number_in(1, MAX_GAMES, "an even number"))
    parser.add_argument(
        "--nodes",
        default=0,
        **whole_number_in(0, 100_000_000, "both sides' node budget instead of the level's"),
    )
    add_rules_option(parser, "the rules the games are played under")
    parser.add_argument("--seed", default=1, **whole_number_in(0, MAX_SEED, "the first start seed"))
    parser.add_argument("--workers", default=2, **whole_number_in(1, MAX_WORKERS, ""))
    parser.add_argument(
        "--compiled", action="store_true", help="build the earlier engine with mypyc"
    )
    options = parser.parse_args()
    if options.games < 2 or options.games % 2:
        parser.error("--games must be even and at least 2: each seed is played with both colours")
    folder = export_revision(options.revision, options.compiled)
    budget = f":{options.nodes}" if options.nodes else ""
    ours = Agent(Kind.LEVEL, options.level, options.nodes, spec=f"level{options.level}{budget}")
    theirs = RevisionAgent(
        Kind.LEVEL,
        level=options.level,
        nodes=options.nodes,
        spec=f"level{options.level}{budget}@{options.revision}",
        folder=str(folder),
    )
    rules = rules_named(options.rules)
    print(f"this engine compiled: {is_compiled()}; {options.revision} compiled: {options.compiled}")
    print(f"rules: {rules.id}")
    pairs = options.games // 2
    results = run_arena(ours, theirs, pairs, options.seed, options.workers, True, rules)
    print("\n".join(summarize(ours, theirs, results, options.seed)))


if __name__ == "__main__":
    main()
