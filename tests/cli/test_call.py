"""trogkit.cli.call runs a command in this process (the notebooks' way, and the only way in the
browser, where no process can start) with the output and exit code the terminal gives."""

from __future__ import annotations

import subprocess
import sys

from trogkit.cli import call

LAYOUT = "C...C/.T.../..L../...T./C.M.."


def terminal(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "trogkit", *argv], capture_output=True, text=True, check=False
    )


def test_call_answers_as_the_terminal_does():
    argv = ("trogdor", "min-ap", "--layout", LAYOUT, "--from", "C3", "--cottage", "A1", "--json")
    here, there = call(*argv), terminal(*argv)
    assert (here.returncode, here.stdout, here.stderr) == (0, there.stdout, there.stderr)
    assert '"ap": 11' in here.stdout


def test_call_reports_bad_input_on_stderr_with_exit_code_2():
    here = call("trogdor", "min-ap", "--layout", "XYZ", "--cottage", "A1")
    there = terminal("trogdor", "min-ap", "--layout", "XYZ", "--cottage", "A1")
    assert here.returncode == there.returncode == 2
    assert here.stderr == there.stderr and "--layout" in here.stderr and not here.stdout


def test_call_leaves_the_notebooks_streams_alone():
    before = sys.stdout, sys.stderr
    call("--version")
    assert (sys.stdout, sys.stderr) == before
