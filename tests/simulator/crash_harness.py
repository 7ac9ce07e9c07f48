"""Killing the real simulator and checking what survives in its save folder.

A *chain* plays games with the simulator's button scripts (HAT Mini buttons:
A confirms, X steps to the next item or choice, holding B opens the menu), in
the computer and hotseat modes in turn, each game resigned after a few moves
so that it ends and is archived.  Every run of the simulator is killed at some
moment (SIGKILL: no clean-up of any kind) and the next one is its restart: it
continues the game in progress, as a player would.  After each kill the save
folder is inspected with ``python -m device.journal check`` and ``show`` and
compared with what the simulator reported (``--log-moves``): a move shown to
the player must still be there, nothing the player never saw may be there
but the one move being stored at the kill, and a game seen ending must be in
the archive exactly once.  A restart after a mere kill must not tell the
player anything (``--log-messages``): no false "damaged" message.
"""

from __future__ import annotations

import contextlib
import gc
import io
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from device.journal.__main__ import main as journal_main
from device.journal.disk import Disk
from device.journal.file import ARCHIVE, ARCHIVE_SIZE, SUFFIX, read_journal
from device.journal.folder import SaveFolder
from device.play.game import MODE_TAG, Game, GameSetup, Mode, mode_named
from engine.notation import format_move
from engine.playout import random_move
from engine.record import GameRecord, parse_record
from simulator.cli import main as simulator_main

ROOT = Path(__file__).resolve().parents[2]
PROFILE = "hatmini"
AI_PLY_WAIT_MS = 1100
"""The computer's pace (the default "AI time" setting, 1 s) and a little more."""
END = "end"
"""The move log's word for a game the player saw ending."""


# -- scripts -------------------------------------------------------------------

TO_NEW_GAME = ["press X", "press A"]
"""Title with no game to continue: past the tutorial (first until it is done) to New game."""
HOTSEAT_NEW = [*TO_NEW_GAME, "press A", "press A", "repeat 3 press X", "press A", "wait 200"]
"""New game, mode cycled from the computer to hotseat, down past the rules and the
tabletop to Start."""
AI_NEW = [*TO_NEW_GAME, "repeat 4 press X", "press A", "wait 200"]
"""New game (against the computer by default, the standard rules, the player Red),
down to Start."""
CONTINUE = ["press A", "wait 200"]
"""Title with a game in progress: Continue is the first item."""
RESIGN = ["hold B 800", "repeat 5 press X", "press A", "press X", "press A", "wait 200"]
"""Menu: Resume, Undo, Hint, Rules, Settings, Resign; asked first, "No" first."""
LEAVE_END = ["press A", "wait 100"]
"""The end screen back to the title."""


def choice(mode: Mode) -> list[str]:
    """One stage of choosing a move: the next satellite (or cell) offered, confirmed.

    Repeated, it plays: a satellite, then a destination, then (for a
    displacement) a landing; a forced pass takes one confirm.
    """
    wait = [f"wait {AI_PLY_WAIT_MS}"] if mode is Mode.VERSUS_AI else []
    return ["press X", "press A", *wait]


def game_script(mode: Mode, stages: int, resume: bool) -> list[str]:
    """A game from the title: started (or continued), ``stages`` choices, resigned."""
    opening = CONTINUE if resume else (AI_NEW if mode is Mode.VERSUS_AI else HOTSEAT_NEW)
    return opening + choice(mode) * stages + RESIGN + LEAVE_END


def chain_script(rng: random.Random, resume_mode: Mode | None, first_mode: Mode, games: int) -> str:
    """Several games in a row, the first one continued when ``resume_mode`` is given."""
    lines: list[str] = []
    mode = resume_mode or first_mode
    for number in range(games):
        # In an ai game each stage waits for the computer; fewer of them keep runs short.
        stages = rng.randint(4, 16) if mode is Mode.HOTSEAT else rng.randint(2, 6)
        lines += game_script(mode, stages, resume=number == 0 and resume_mode is not None)
        mode = Mode.VERSUS_AI if mode is Mode.HOTSEAT else Mode.HOTSEAT
    return "\n".join(lines) + "\n"


# -- running the simulator -----------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One run of the simulator and the files it reported into."""

    number: int
    moves_log: Path
    messages_log: Path
    killed: bool
    returncode: int
    stderr: str


def simulator_command(
    save_dir: Path, script: Path, seed: int, moves_log: Path, messages_log: Path, out: Path
) -> list[str]:
    return [
        "--headless",
        "--profile",
        PROFILE,
        "--seed",
        str(seed),
        "--script",
        str(script),
        "--save-dir",
        str(save_dir),
        "--out",
        str(out),
        "--log-moves",
        str(moves_log),
        "--log-messages",
        str(messages_log),
    ]


def child_environment() -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    return env


def restart_simulator(work: Path, number: int, save_dir: Path, script_text: str, seed: int) -> Run:
    """Run the simulator's ``main`` to the end of the script in this process (the
    same code as ``python -m simulator``, without starting Python again)."""
    script = work / f"script-{number}.txt"
    script.write_text(script_text, encoding="utf-8")
    moves_log = work / f"moves-{number}.log"
    messages_log = work / f"messages-{number}.log"
    command = simulator_command(save_dir, script, seed, moves_log, messages_log, work / "shots")
    errors = io.StringIO()
    # The fonts of an app run before keep their files open until collected, and
    # close them only while pygame's font module is on: runs in a row would pile up
    # descriptors past what select() takes (1024).
    pygame.font.init()
    gc.collect()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(errors):
        code = simulator_main(command)
    return Run(number, moves_log, messages_log, False, code, errors.getvalue())


def run_simulator(
    work: Path,
    number: int,
    save_dir: Path,
    script_text: str,
    seed: int,
    kill_after: float | None = None,
    launcher: list[str] | None = None,
    timeout: float = 300.0,
) -> Run:
    """Run the simulator once; SIGKILL it ``kill_after`` seconds after its start.

    ``launcher`` replaces ``python -m simulator`` (a wrapper that runs it).
    """
    script = work / f"script-{number}.txt"
    script.write_text(script_text, encoding="utf-8")
    moves_log = work / f"moves-{number}.log"
    messages_log = work / f"messages-{number}.log"
    out = work / "shots"
    command = [*(launcher or [sys.executable, "-m", "simulator"])]
    command += simulator_command(save_dir, script, seed, moves_log, messages_log, out)
    with subprocess.Popen(
        command,
        cwd=ROOT,
        env=child_environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        killed = False
        if kill_after is not None:
            try:
                process.wait(kill_after)
            except subprocess.TimeoutExpired:
                process.send_signal(signal.SIGKILL)
                killed = True
        _, stderr = process.communicate(timeout=timeout)
    killed = killed or process.returncode == -signal.SIGKILL
    return Run(number, moves_log, messages_log, killed, process.returncode, stderr)


# -- what the simulator reported -------------------------------------------------


@dataclass
class Reported:
    """Everything the player was shown, run after run."""

    order: list[int] = field(default_factory=list)
    """Game seeds in the order their first move (or end) was shown."""
    moves: dict[int, list[str]] = field(default_factory=dict)
    ended: set[int] = field(default_factory=set)
    messages: list[tuple[int, str]] = field(default_factory=list)
    """(run number, message) for every message shown."""

    def take(self, run: Run) -> list[str]:
        """Add a run's logs; findings where the run showed less than was shown before."""
        findings: list[str] = []
        shown: dict[int, list[str]] = {}
        for line in _lines(run.moves_log):
            seed_text, ply_text, *rest = line.split(" ")
            seed = int(seed_text)
            if ply_text == END:
                self.ended.add(seed)
                continue
            ply, move = int(ply_text), rest[0]
            moves = shown.setdefault(seed, [])
            del moves[ply - 1 :]
            moves.append(move)
            if seed not in self.order:
                self.order.append(seed)
        for seed, moves in shown.items():
            before = self.moves.get(seed, [])
            if moves[: len(before)] != before and len(moves) >= 1:
                findings.append(
                    f"run {run.number}: game {seed} shown as {_plies(moves)} "
                    f"after {_plies(before)} had been shown"
                )
            if len(moves) >= len(before):
                self.moves[seed] = moves
        self.messages += [(run.number, line) for line in _lines(run.messages_log)]
        return findings

    def last_game(self) -> int | None:
        return self.order[-1] if self.order else None


def _lines(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    # A line being written at the kill has no newline yet: it was not shown.
    return [line for line in text.split("\n")[:-1] if line]


def _plies(moves: list[str]) -> str:
    return f"{len(moves)} plies ({' '.join(moves[-3:])})" if moves else "no move"


# -- comparing the save folder with the reports ---------------------------------------


@dataclass(frozen=True)
class StoredGame:
    seed: int
    moves: list[str]
    mode: Mode
    over: bool
    """The moves end the game."""


def stored_game(record: GameRecord) -> StoredGame:
    assert record.seed is not None, "the simulator's games are drawn from a seed"
    moves = [format_move(move) for move in record.moves]
    over = record.final_position().is_over()
    mode = mode_named(record.tags.get(MODE_TAG))
    assert mode is not None, f"every game the simulator starts names its mode: {record.tags}"
    return StoredGame(record.seed, moves, mode, over)


@dataclass
class Stored:
    """What the save folder holds, as the journal's tools read it."""

    in_progress: StoredGame | None
    archived: list[StoredGame]
    check_code: int
    check_output: str
    """What ``check`` said beyond its closing count (damage it found)."""
    unended: int
    """Journals in the folder whose game has no end (the game in progress: one at most)."""
    ended_unarchived: list[StoredGame]
    """Games whose journal holds their end but is not archived yet (at the next start)."""


def compare(reported: Reported, stored: Stored, after: str, settled: bool = False) -> list[str]:
    """Findings: what the folder ``stored`` holds that contradicts ``reported``.

    ``settled``: the app started completely since the kill, so a game whose end
    was stored is in the archive by now.
    """
    findings: list[str] = []
    if settled and stored.ended_unarchived:
        findings.append(f"{after}: {len(stored.ended_unarchived)} ended games not archived")
    if settled and stored.in_progress is not None and stored.in_progress.over:
        findings.append(f"{after}: the finished game {stored.in_progress.seed} is in progress")
    if stored.check_code != 0 or stored.check_output:
        said = " ".join(stored.check_output.split())
        findings.append(f"{after}: check exits {stored.check_code} and says {said!r}")
    if stored.unended > 1:
        findings.append(f"{after}: {stored.unended} games in progress")
    counts = Counter(game.seed for game in stored.archived + stored.ended_unarchived)
    twice = [seed for seed, count in counts.items() if count > 1]
    findings += [f"{after}: game {seed} archived {counts[seed]} times" for seed in twice]
    archived = {game.seed: game for game in stored.archived + stored.ended_unarchived}
    current = stored.in_progress
    if current is not None and current.seed in archived:
        findings.append(f"{after}: archived game {current.seed} is in progress again")
    last = reported.last_game()
    for seed, moves in reported.moves.items():
        found = current if current is not None and current.seed == seed else archived.get(seed)
        if seed in reported.ended and all(game.seed != seed for game in stored.archived):
            findings.append(f"{after}: game {seed} was seen ending but is not archived")
        if found is None:
            if moves:
                findings.append(f"{after}: game {seed} ({_plies(moves)} shown) is gone")
            continue
        if found.moves[: len(moves)] != moves:
            findings.append(
                f"{after}: game {seed} holds {_plies(found.moves)}, {_plies(moves)} were shown"
            )
        in_flight = 1 if seed == last and seed not in reported.ended else 0
        if len(found.moves) > len(moves) + in_flight:
            findings.append(
                f"{after}: game {seed} holds {_plies(found.moves)}, only {_plies(moves)} shown"
            )
    unseen = [game for game in [*archived.values(), current] if game is not None]
    for game in unseen:
        if game.seed not in reported.moves and len(game.moves) > 1:
            findings.append(f"{after}: game {game.seed} holds {_plies(game.moves)}, none shown")
    return findings


def read_folder(save_dir: Path, in_process: bool = True) -> Stored:
    """The folder as ``python -m device.journal check`` and ``show`` see it, and its archive.

    ``in_process`` calls the command's ``main`` here instead of starting Python
    again (the same code, a second less per look).
    """
    check_code, check_said = journal_command("check", save_dir, in_process)
    check_output = "\n".join(check_said.splitlines()[:-1] if check_code == 0 else [check_said])
    show_code, shown = journal_command("show", save_dir, in_process)
    in_progress = None
    if show_code == 0:
        in_progress = stored_game(parse_record(shown))
    archived: list[StoredGame] = []
    archive = save_dir / ARCHIVE
    disk = Disk()
    for name in disk.listdir(archive):
        if name.endswith(SUFFIX):
            archived.append(stored_game(read_journal(disk, archive / name).game().record))
    unended = 0
    ended: list[StoredGame] = []
    for name in disk.listdir(save_dir):
        if name.endswith(SUFFIX):
            replayed = read_journal(disk, save_dir / name)
            unended += not replayed.ended
            if replayed.ended:
                ended.append(stored_game(replayed.game().record))
    return Stored(in_progress, archived, check_code, check_output, unended, ended)


def journal_command(command: str, save_dir: Path, in_process: bool) -> tuple[int, str]:
    """``python -m device.journal COMMAND SAVE_DIR``: its exit code and what it printed."""
    if not in_process:
        done = subprocess.run(
            [sys.executable, "-m", "device.journal", command, str(save_dir)],
            cwd=ROOT,
            env=child_environment(),
            capture_output=True,
            text=True,
            check=False,
        )
        return done.returncode, done.stdout + done.stderr
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = journal_main([command, str(save_dir)])
    return code, out.getvalue()


# -- a chain of killed runs --------------------------------------------------------------


@dataclass
class Tally:
    """What a chain of killed runs did and found."""

    runs: int = 0
    kills: int = 0
    moves_shown: int = 0
    in_flight: int = 0
    """Looks at the folder that found one stored move the player had not seen yet."""
    games_ended: int = 0
    archived_once: int = 0
    findings: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"{self.runs} runs, {self.kills} killed, {self.moves_shown} moves shown, "
            f"{self.in_flight} times one move stored but not yet shown, "
            f"{self.games_ended} games seen ending, {self.archived_once} archived exactly once, "
            f"{len(self.findings)} findings"
        )


RUN_GAMES = 20
"""Games scripted for each killed run: far more than it lasts."""


def kill_chain(work: Path, kills: int, seed: int) -> Tally:
    """A first run that plays one game to its end, to time it; then ``kills`` runs of
    the simulator, each SIGKILLed at a random moment within twice that time and
    restarted by the next; then one run that is not killed."""
    rng = random.Random(seed)
    work.mkdir(parents=True, exist_ok=True)
    save_dir = work / "saves"
    reported = Reported()
    tally = Tally()
    stored = read_folder(save_dir)
    longest_s = 0.0
    archived_once: set[int] = set()
    taken_out: list[StoredGame] = []
    """Archived games moved out of the archive before it is full, so that every game
    archived stays to be counted (the archive lets the oldest go)."""
    """Games seen ending and found in the archive exactly once (later it may let them go)."""
    for number in range(kills + 2):
        last = number == kills + 1
        current = stored.in_progress
        resume = current.mode if current is not None else None
        first = rng.choice((Mode.VERSUS_AI, Mode.HOTSEAT))
        if number == 0:
            script = "\n".join(SHORT_GAMES) + "\n"
        elif last:
            script = "\n".join(CONTINUE if resume else ["wait 200"]) + "\n"
        else:
            script = chain_script(rng, resume, first, RUN_GAMES)
        delay = None if number == 0 or last else rng.uniform(0.0, longest_s)
        started = time.monotonic()
        run = run_simulator(work, number, save_dir, script, seed * 1000 + number, delay)
        if number == 0:
            longest_s = 2 * (time.monotonic() - started)
        tally.runs += 1
        tally.kills += run.killed
        if not run.killed and run.returncode != 0:
            tally.findings.append(f"run {number} exits {run.returncode}: {run.stderr.strip()}")
        messages_before = len(reported.messages)
        tally.findings += reported.take(run)
        tally.findings += [
            f"run {shown_in}: the player is told {message!r}"
            for shown_in, message in reported.messages[messages_before:]
        ]
        stored = read_folder(save_dir, in_process=not last)
        stored.archived += taken_out
        after = f"kill {number}" if run.killed else f"run {number}"
        tally.findings += compare(reported, stored, after, settled=not run.killed)
        tally.in_flight += _holds_unseen_move(reported, stored)
        counts = Counter(game.seed for game in stored.archived)
        archived_once |= {seed for seed in reported.ended if counts[seed] == 1}
        if len(stored.archived) - len(taken_out) >= ARCHIVE_SIZE // 2:
            taken_out = list(stored.archived)
            _take_out_archive(save_dir / ARCHIVE, work / "taken-out")
    tally.moves_shown = sum(len(moves) for moves in reported.moves.values())
    tally.games_ended = len(reported.ended)
    tally.archived_once = len(archived_once)
    return tally


def _take_out_archive(archive: Path, elsewhere: Path) -> None:
    """Move the archived games out of the save folder (nothing runs on it now)."""
    elsewhere.mkdir(exist_ok=True)
    for path in archive.glob(f"*{SUFFIX}"):
        path.rename(elsewhere / path.name)


def _holds_unseen_move(reported: Reported, stored: Stored) -> bool:
    current = stored.in_progress
    if current is None:
        return False
    return len(current.moves) == len(reported.moves.get(current.seed, [])) + 1


# -- a kill at each call of the save folder's disk ----------------------------------

KILL_AT_CALL = Path(__file__).with_name("kill_at_call.py")
SHORT_GAMES = [
    *AI_NEW,
    *choice(Mode.VERSUS_AI) * 2,
    *RESIGN,
    *LEAVE_END,
    *HOTSEAT_NEW,
    *choice(Mode.HOTSEAT) * 2,
]
"""A game against the computer (a move each, resigned), then a hotseat game's first move."""
LAST_PLY = [*CONTINUE, *choice(Mode.HOTSEAT) * 3, "wait 500"]
"""Continue a hotseat game one ply from its end and play that ply (a third choice
for a displacement, or it leaves the end screen)."""


@dataclass(frozen=True)
class Scenario:
    """A script for the simulator and the save folder it starts from."""

    name: str
    script: list[str]
    prepare: Callable[[Path], Reported]
    """Fill the (new) save folder; what the player had seen of it."""


def empty_folder(saves: Path) -> Reported:
    return Reported()


def game_one_ply_from_its_end(saves: Path) -> Reported:
    """A hotseat game in progress whose every legal move ends it (RULES.md 6)."""
    game = _one_ply_from_its_end()
    folder = SaveFolder(saves)
    folder.start()
    folder.begin(game).sync(game)
    assert game.record.seed is not None
    moves = [format_move(move) for move in game.record.moves]
    return Reported(order=[game.record.seed], moves={game.record.seed: moves})


def _one_ply_from_its_end() -> Game:
    """The first random game (by seed) that reaches a position every move ends."""
    for seed in range(1, 100):
        game = Game.new(seed, GameSetup(Mode.HOTSEAT), ("Red", "Blue"), "")  # as the app starts one
        rng = random.Random(seed)
        while not game.is_over():
            if all(_ends(game, move) for move in game.position.legal_moves()):
                return game
            game.play(random_move(game.position, rng))
    raise AssertionError("no random game reached a position that every move ends")


def _ends(game: Game, move: int) -> bool:
    game.position.make(move)
    over = game.position.is_over()
    game.position.unmake()
    return over


SCENARIOS = (
    Scenario("short games", SHORT_GAMES, empty_folder),
    Scenario("the last ply", LAST_PLY, game_one_ply_from_its_end),
)
FOLDER_CHANGES = frozenset({"append", "write_durably", "rename", "fsync_folder", "mkdir", "unlink"})
"""The disk's calls that change the save folder or make a change durable.  A kill
before any other call (a read, a listing) finds the folder as a kill before the
next of these does; only what the player was shown by then can differ."""


@dataclass
class CallTally:
    """What killing the simulator at each call of its disk did and found."""

    calls: list[str] = field(default_factory=list)
    """Each call the scripts' runs make: number, method, file."""
    aimed: int = 0
    """Calls a kill was aimed at (all, or those of the methods chosen)."""
    kills: int = 0
    restarts: int = 0
    archived_once: int = 0
    """Restarts after which every game seen ending was in the archive exactly once."""
    findings: list[str] = field(default_factory=list)

    def summary(self) -> str:
        methods = Counter(call.split(" ")[1] for call in self.calls)
        named = ", ".join(f"{count} {name}" for name, count in sorted(methods.items()))
        return (
            f"{len(self.calls)} calls ({named}), {self.aimed} aimed at, {self.kills} killed, "
            f"{self.restarts} restarts, "
            f"games seen ending archived exactly once after {self.archived_once}, "
            f"{len(self.findings)} findings"
        )


@dataclass(frozen=True)
class Share:
    """Which of the calls aimed at to kill at: every ``of``-th, from the ``part``-th
    (0-based), so that a long scenario can be run in parts side by side."""

    part: int = 0
    of: int = 1


EVERY_CALL = Share()


def kill_at_each_call(
    work: Path,
    seed: int,
    scenarios: tuple[Scenario, ...] = SCENARIOS,
    methods: frozenset[str] | None = None,
    share: Share = EVERY_CALL,
) -> CallTally:
    """For each scenario: count the disk calls of its run, then kill a run before
    each call in turn (each call of one of ``methods``, when given, and in the
    ``share`` asked for) and restart it; compare the folder with what was shown
    after the kill and after the restart."""
    tally = CallTally()
    for number, scenario in enumerate(scenarios):
        _each_call(tally, scenario, work / str(number), seed, methods, share)
    return tally


def _each_call(
    tally: CallTally,
    scenario: Scenario,
    work: Path,
    seed: int,
    methods: frozenset[str] | None,
    share: Share,
) -> None:
    script = "\n".join(scenario.script) + "\n"
    counting = work / "counting"
    counting.mkdir(parents=True)
    scenario.prepare(counting / "saves")
    launcher = [sys.executable, str(KILL_AT_CALL), "--calls", str(counting / "calls.txt")]
    run = run_simulator(counting, 1, counting / "saves", script, seed, launcher=[*launcher, "--"])
    assert run.returncode == 0, run.stderr
    calls = _lines(counting / "calls.txt")
    tally.calls += calls
    chosen = [
        (number, call)
        for number, call in enumerate(calls, 1)
        if methods is None or call.split(" ")[1] in methods
    ]
    for number, call in chosen[share.part :: share.of]:
        tally.aimed += 1
        folder = work / f"call-{number}"
        folder.mkdir()
        reported = scenario.prepare(folder / "saves")
        made = folder / "calls.txt"
        launcher = [sys.executable, str(KILL_AT_CALL), "--calls", str(made)]
        launcher += ["--kill-at", str(number), "--"]
        run = run_simulator(folder, 1, folder / "saves", script, seed, launcher=launcher)
        after = f"{scenario.name}, kill before call {call}"
        if not run.killed or [_method(line) for line in _lines(made)[-1:]] != [_method(call)]:
            tally.findings.append(f"{after}: not reached ({_lines(made)[-1:]}, {run.stderr})")
            continue
        tally.kills += 1
        tally.findings += reported.take(run)
        tally.findings += [f"{after}: the player is told {m!r}" for _, m in reported.messages]
        stored = read_folder(folder / "saves")
        tally.findings += compare(reported, stored, after)
        tally.findings += _restart(tally, folder, reported, seed, after)


def _method(call: str) -> str:
    """A call's number and method, without the file (a new game's file is named by the clock)."""
    return " ".join(call.split(" ")[:2])


def _restart(
    tally: CallTally, folder: Path, reported: Reported, seed: int, after: str
) -> list[str]:
    """Start the simulator again on the killed run's folder and compare; then once
    more, pressing Continue if the title offers it, and compare again."""
    findings: list[str] = []
    stored = read_folder(folder / "saves")
    for number, resume in ((2, False), (3, True)):
        lines = CONTINUE if resume and stored.in_progress is not None else ["wait 200"]
        run = restart_simulator(folder, number, folder / "saves", "\n".join(lines) + "\n", seed)
        restarted = f"{after}, restarted{' and continued' if resume else ''}"
        if run.returncode:
            findings.append(f"{restarted}: exits {run.returncode}: {run.stderr}")
        told = len(reported.messages)
        findings += reported.take(run)
        findings += [f"{restarted}: the player is told {m!r}" for _, m in reported.messages[told:]]
        stored = read_folder(folder / "saves")
        findings += compare(reported, stored, restarted, settled=True)
    tally.restarts += 1
    archived = Counter(game.seed for game in stored.archived)
    if reported.ended and all(archived[seed] == 1 for seed in reported.ended):
        tally.archived_once += 1
    return findings
