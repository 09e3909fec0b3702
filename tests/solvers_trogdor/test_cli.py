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


PIECES = ["--layout", LAYOUT, "--knights", "A1,D2", "--archer", "E5", "--peasants", "B2,C4"]


def test_flame_danger_win_now_json(capsys):
    code, out, _ = run(
        ["trogdor", "flame", *PIECES, "--at", "B2", "--card", "0N-WNNE", "--json"], capsys
    )
    assert code == 0 and json.loads(out)["route"] == ["B2", "A2", "A1", "A5", "B5"]
    code, out, _ = run(["trogdor", "danger", *PIECES, "--card", "0N-WNNE", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["archer"] == ["A3", "B3", "C3", "D3"]
    code, out, _ = run(
        ["trogdor", "win-now", "--layout", "ccl../ttmmC/#####/#####/#####", "--from", "D2",
         "--cottages-burnt", "A1,B1", "--peasants", "D1", "--hand", "ap9,ap1", "--json"],
        capsys,
    )  # fmt: skip
    data = json.loads(out)
    assert code == 0 and data["win"] is True and data["plan"][0] == "play ap9"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["flame", *PIECES, "--at", "C3", "--card", "0N-WNNE"], "no peasant on C3"),
        (["flame", *PIECES, "--at", "B2", "--card", "zz"], "unknown movement card 'zz'"),
        (["flame", *PIECES, "--at", "B2"], "give --at SQUARE and --card CARD"),
        (["danger", "--knights", "A1"], "give --position or --layout"),
        (["danger", *PIECES, "--archer", "Q9"], "--archer: square is off the board"),
        (["win-now", *PIECES, "--hand", "nope"], "unknown action card 'nope'"),
        (["win-now", *PIECES], "give --hand"),
        (["danger", "--position", "tiles=nonsense"], "error"),
    ],
)
def test_piece_questions_bad_input(argv, message, capsys):
    code, out, err = run(["trogdor", *argv], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err
