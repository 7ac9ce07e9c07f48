"""Every number a command takes has its range in ``--help``, and a value past the top
of it is refused with exit status 2 and one line on stderr, before any work. The
commands are found as tests/test_every_command_helps.py finds them; their parsers are
caught in the act of parsing, run in this process."""

import argparse
import re
import runpy
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_every_command_helps import ROOT, python_programs

from engine import cli
from engine.arguments import NumberIn, WholeNumberIn
from engine.lab import cli as lab_cli

SOURCES = ("engine", "device", "drivers", "simulator", "deploy", "ports", "benchmarks", "scripts")
UNBOUNDED = re.compile(r"type=(int|float|count|positive_count)\b")


class Caught(BaseException):
    """Raised in place of parsing: the parser a program was about to use."""

    def __init__(self, parser: argparse.ArgumentParser) -> None:
        super().__init__()
        self.parser = parser


def run(program: tuple[str, ...], args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Run ``program`` with ``args`` in this process, as ``python PROGRAM ARGS`` would."""
    name = program[-1]
    monkeypatch.setattr(sys, "argv", [name, *args])
    if program[0] == "-m":
        runpy.run_module(name, run_name="__main__", alter_sys=True)
    else:
        runpy.run_path(str(ROOT / name), run_name="__main__")


def parser_of(
    program: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> argparse.ArgumentParser | None:
    def catch(self: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        raise Caught(self)

    with monkeypatch.context() as patch:
        patch.setattr(argparse.ArgumentParser, "parse_args", catch)
        try:
            run(program, [], patch)
        except Caught as caught:
            return caught.parser
        except SystemExit:  # a program that parses nothing (python -m engine's overview)
            return None
    return None


def numbers(
    parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser, argparse.Action]]:
    """(the words before it, its parser, the argument) for every argument, subcommands too."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from numbers(sub, (*prefix, name))
        else:
            yield prefix, parser, action


def past_the_top(action: argparse.Action) -> list[str]:
    kind = action.type
    assert isinstance(kind, WholeNumberIn | NumberIn)
    value = kind.high + 1 if isinstance(kind, WholeNumberIn) else kind.high * 2 + 1
    return [action.option_strings[0], str(value)] if action.option_strings else [str(value)]


def check_bounded(parser: argparse.ArgumentParser, action: argparse.Action) -> None:
    assert action.type not in (int, float), f"{action.dest}: a number without bounds"
    if isinstance(action.type, WholeNumberIn | NumberIn):
        top = action.type.high
        shown = f"{top:,}" if isinstance(top, int) else f"{top:g}"
        assert shown in " ".join(parser.format_help().split()), f"{action.dest}: not in --help"


def test_no_command_reads_a_number_without_bounds() -> None:
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            found = UNBOUNDED.search(path.read_text(encoding="utf-8"))
            assert found is None, f"{path.relative_to(ROOT)}: {found.group(0)}"


def test_the_parsers_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    parser = parser_of(("-m", "simulator"), monkeypatch)
    assert parser is not None
    assert isinstance(next(a for a in parser._actions if a.dest == "scale").type, WholeNumberIn)


@pytest.mark.filterwarnings("ignore:.*found in sys.modules:RuntimeWarning")
@pytest.mark.parametrize("program", python_programs(), ids=" ".join)
def test_every_number_of_a_program_is_bounded_with_a_one_line_refusal(
    program: tuple[str, ...], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    parser = parser_of(program, monkeypatch)
    if parser is None:
        return
    for prefix, owner, action in numbers(parser):
        check_bounded(owner, action)
        if not isinstance(action.type, WholeNumberIn | NumberIn):
            continue
        args = [*prefix, *past_the_top(action)]
        capsys.readouterr()
        with pytest.raises(SystemExit) as stop:
            run(program, args, monkeypatch)
        err = capsys.readouterr().err
        assert stop.value.code == 2, args
        assert err.count("\n") == 1 and action.dest.replace("_", "-") in err, (args, err)


@pytest.mark.parametrize("command", sorted(lab_cli.COMMANDS))
def test_every_number_of_an_engine_command_is_bounded_with_a_one_line_refusal(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = lab_cli.COMMANDS[command][0]()
    for _, owner, action in numbers(parser):
        check_bounded(owner, action)
        if isinstance(action.type, WholeNumberIn | NumberIn):
            args = [command, *past_the_top(action)]
            capsys.readouterr()
            assert lab_cli.main(args) == 2, args
            err = capsys.readouterr().err
            assert err.startswith("error: ") and err.count("\n") == 1, (args, err)


def test_perft_is_refused_past_depth_4(capsys: pytest.CaptureFixture[str]) -> None:
    """Depth 4 takes about a minute; 5 would take an hour."""
    position = cli.cmd_start(["1"])[0]
    assert cli.main(["perft", position, "5"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_installer_refuses_a_systemd_version_past_9999(tmp_path: Path) -> None:
    root = tmp_path / "root"
    done = subprocess.run(
        ["bash", str(ROOT / "deploy/install.sh"), "--root", str(root), "--profile", "hatmini",
         "--systemd-version", "99999999999999999999"],
        capture_output=True,
        text=True,
        check=False,
    )  # fmt: skip
    assert done.returncode != 0 and not root.exists()
    assert done.stderr.count("\n") == 1 and "1 to 9999" in done.stderr
