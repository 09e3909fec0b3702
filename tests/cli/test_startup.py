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
    assert "solvers.trogdor.cli" in mods
    assert not {m for m in mods if m.startswith(("solvers.play", "solvers.trollland",
                                                 "solvers.encounter"))}  # fmt: skip
