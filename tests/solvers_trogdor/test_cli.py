"""``trogkit trogdor ...``: JSON answers, and one clear stderr line with exit code 2 on bad input."""

from __future__ import annotations

import json

import pytest

from solvers.cli import main

LAYOUT = "C...C/.T.../..L../...T./C.M.."
BASE = ["trogdor", "min-ap", "--layout", LAYOUT, "--from", "C3", "--cottage", "A1"]


def run(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's own errors
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("method", ["search", "z3"])
def test_min_ap_json(method, capsys):
    code, out, err = run([*BASE, "--burnt", "A2,B2", "--method", method, "--json"], capsys)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert list(data) == ["ap", "plan", "method", "reason"]
    assert data["ap"] == 7 and data["method"] == method and data["reason"] is None
    assert data["plan"][-1] == "burn cottage" and len(data["plan"]) == 7


def test_min_ap_text(capsys):
    code, out, _ = run(BASE, capsys)
    assert code == 0
    assert out.startswith("burn the cottage on A1: 11 AP [search]\nplan: ")


def test_impossible_is_an_answer_not_an_error(capsys):
    """T-MOVE-KNIGHT-DAMAGE: knights' squares are avoided."""
    code, out, err = run([*BASE, "--avoid", "B2", "--json"], capsys)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["ap"] is None and data["plan"] == []
    assert data["reason"].startswith("impossible, because B2 must be burninated")


@pytest.mark.parametrize(
    "change, message",
    [
        (["--layout", "C...C/.T.../..L../...T./C.ML."], "2 lake tiles; the box has only 1"),
        (["--layout", "C...C/.T.../..L../...T."], "a layout has 5 rows"),
        (["--layout", "C...C/.T.../..L../...T./C.MX."], "unknown tile letter 'X'"),
        (["--cottage", "B1"], "B1 is not a cottage tile"),
        (["--cottage", "F1"], "--cottage: square is off the board"),
        (["--from", "A6"], "Trogdor's square: square is off the board"),
        (["--burnt", "A2,Z9"], "burnt squares: square is off the board"),
        (["--avoid", "B"], "squares to avoid: not a square name"),
        (["--method", "dfs"], "invalid choice: 'dfs'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(change, message, capsys):
    argv = list(BASE)
    for i in range(0, len(change), 2):
        if change[i] in argv:
            argv[argv.index(change[i]) + 1] = change[i + 1]
        else:
            argv += change[i : i + 2]
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_help_lists_the_subcommands(capsys):
    code, out, _ = run(["trogdor", "--help"], capsys)
    assert code == 0
    for name in ("min-ap", "countryside", "reach"):
        assert name in out


def test_reach_json(capsys):
    """T-MOVE and T-BURROW: with 1 AP from B2 the tunnel at D4 is reachable."""
    code, out, _ = run(
        ["trogdor", "reach", "--layout", LAYOUT, "--from", "B2", "--k", "1", "--json"], capsys
    )
    assert code == 0
    data = json.loads(out)
    assert data["reachable"] == {"B1": 1, "A2": 1, "B2": 0, "C2": 1, "B3": 1, "D4": 1}


def test_countryside_json(capsys):
    code, out, _ = run(
        [
            "trogdor",
            "countryside",
            "--layout",
            "c#..c/####./..L../####./c.M..",
            "--cottages-burnt",
            "A1,E1,A5",
            "--from",
            "C3",
            "--json",
        ],
        capsys,
    )
    assert code == 0
    data = json.loads(out)
    assert data["exact"] is True and data["ap"] is not None
    assert data["plan"].count("burn tile") == 13  # the unburnt tiles
