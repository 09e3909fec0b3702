"""CLI start-up (issue 13): ``trogkit --help`` imports no game, no solver and nothing heavy; a
game's help imports its solvers' commands but not z3, networkx or matplotlib (they load when a
command uses them; the min-AP search needs none of them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("z3", "networkx", "matplotlib", "ipywidgets", "dask", "numpy")


def _modules_after(argv: list[str]) -> set[str]:
    code = (
        "import sys, json, contextlib, io\n"
        "from trogkit.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main({argv!r})\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    return set(json.loads(r.stdout))


def test_top_level_help_imports_no_game_and_no_solver():
    mods = _modules_after(["--help"])
    loaded = {m for m in mods if m.split(".")[0] in ("solvers", *HEAVY)}
    games = {m for m in mods if m.startswith(("rulebook.trogdor", "rulebook.trollland",
                                               "rulebook.encounter"))}  # fmt: skip
    assert not loaded and not games, sorted(loaded | games)


MIN_AP = ["trogdor", "min-ap", "--layout", "C...C/.T.../..L../...T./C.M..", "--cottage", "A1"]


@pytest.mark.parametrize("argv", [["trogdor", "--help"], ["encounter", "--help"],
                                  ["trogdor", "new"], ["trollland", "new"], MIN_AP])  # fmt: skip
def test_game_commands_do_not_import_heavy_libraries(argv):
    mods = _modules_after(argv)
    assert not {m for m in mods if m.split(".")[0] in HEAVY}, argv


def test_one_command_imports_only_its_own_module():
    """`trogkit trogdor min-ap` does not import the sweep machinery or another game's solvers."""
    mods = _modules_after(MIN_AP)
    assert "trogkit.commands.trogdor" in mods
    assert not {m for m in mods if m.startswith(("solvers.play", "solvers.trollland",
                                                 "solvers.encounter", "trogkit.commands.trollland",
                                                 "trogkit.commands.encounter"))}  # fmt: skip


def test_min_ap_reads_no_toml_and_loads_no_engine_rules():
    """The min-AP answer needs a position and the search: not the rule tables, the card data, the
    rule catalog or the TOML reader (they load on first use; bench figure "min-AP CLI CPU ÷ BFS
    script")."""
    mods = _modules_after(MIN_AP)
    assert "solvers.trogdor.search" in mods and "rulebook.trogdor.state" in mods
    unwanted = {
        "tomllib", "rulebook.trogdor.rules", "rulebook.trogdor.phase1", "rulebook.trogdor.actions",
        "rulebook.trogdor.cards", "rulebook.trogdor.game", "rulebook.common.catalog",
        "rulebook.common.cards", "rulebook.common.game",
    }  # fmt: skip
    assert not unwanted & mods, sorted(unwanted & mods)


def _subparser(parser, *names):
    for name in names:
        action = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
        parser = action.choices[name]
    return parser


@pytest.mark.parametrize(
    "command", ["min-ap", "countryside", "reach", "flame", "danger", "win-now"]
)
def test_a_named_solver_command_gets_the_parser_the_whole_cli_has(command, monkeypatch):
    """Only the named command's parser is built, and it is the same parser: same help, same
    defaults, same parse of the same arguments."""
    from trogkit.cli import build_parser

    monkeypatch.setenv("COLUMNS", "100")
    alone = _subparser(build_parser(only="trogdor", command=command), "trogdor", command)
    whole = _subparser(build_parser(every_game=True), "trogdor", command)
    assert alone.format_help() == whole.format_help()
    argv = ["--layout", "C...C/.T.../..L../...T./C.M..", "--cottage", "A1", "--ap", "3", "--json"]
    assert vars(alone.parse_known_args(argv)[0]) == vars(whole.parse_known_args(argv)[0])


def test_an_unknown_command_still_lists_every_command(capsys):
    from trogkit.cli import main

    assert main(["trogdor", "min-apx"]) == 2
    err = capsys.readouterr().err
    for command in ("new", "actions", "play", "show", "min-ap", "countryside", "win-now"):
        assert f"'{command}'" in err, err


@pytest.mark.parametrize("columns", [None, "57", "0", "wide", "-3"])
def test_help_width_is_the_one_shutil_would_give(columns, monkeypatch):
    """The help is wrapped at the width argparse would pick (shutil.get_terminal_size), found
    without importing shutil."""
    import shutil

    from trogkit.cli import terminal_columns

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


def _exit_now_child(body: str) -> subprocess.CompletedProcess:
    code = (
        "import atexit, sys, threading, time\n"
        "from trogkit.cli import exit_now\n"
        "atexit.register(lambda: print('atexit ran', flush=True))\n"
        "print('answer', end='')\n"
        "sys.stderr.write('note')\n" + body
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)


def test_exit_now_keeps_the_exit_code_the_output_and_the_atexit_handlers():
    """Skipping the interpreter's teardown loses nothing: buffered output is written, atexit
    handlers (coverage, logging) run, the exit code is the command's."""
    r = _exit_now_child("exit_now(3)\n")
    assert (r.returncode, r.stdout, r.stderr) == (3, "answeratexit ran\n", "note")


def test_exit_now_waits_for_a_running_thread_as_sys_exit_does():
    r = _exit_now_child(
        "threading.Thread(target=lambda: (time.sleep(0.2), print('thread done'))).start()\n"
        "exit_now(0)\n"
    )
    assert (r.returncode, r.stdout) == (0, "answerthread done\natexit ran\n"), r.stderr


@pytest.mark.parametrize("argv, code", [(MIN_AP + ["--json"], 0), (MIN_AP + ["--from", "Z9"], 2)])
def test_python_m_trogkit_answers_in_full_with_the_commands_exit_code(argv, code):
    r = subprocess.run(
        [sys.executable, "-m", "trogkit", *argv], capture_output=True, text=True, cwd=ROOT
    )
    assert r.returncode == code, r.stderr
    if code == 0:
        assert json.loads(r.stdout)["ap"] == 11 and r.stderr == ""
    else:
        assert r.stdout == "" and r.stderr.count("\n") == 1 and "--from" in r.stderr
