"""``trogkit trogdor ...``: JSON answers, one clear stderr line with exit code 2 on bad input,
and the engine's own notation (``--position``) next to the short options."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulebook.trogdor import puzzle
from trogkit.cli import main

LAYOUT = "C...C/.T.../..L../...T./C.M.."
BASE = ["trogdor", "min-ap", "--layout", LAYOUT, "--from", "C3", "--cottage", "A1"]


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("method", ["search", "z3"])
def test_min_ap_json(method, capsys):
    code, out, err = run([*BASE, "--burnt", "A2,B2", "--method", method, "--json"], capsys)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["ap"] == 7 and data["method"] == method and data["reason"] is None
    assert data["plan"][-1] == "burn cottage" and len(data["plan"]) == 7


def test_min_ap_text(capsys):
    code, out, _ = run(BASE, capsys)
    assert code == 0
    assert out.startswith("burn the cottage on A1: 11 AP [search]\nplan: ")


def test_position_is_the_engines_notation(capsys):
    """--position takes str(state) of rulebook.trogdor and answers as the short options do."""
    state = puzzle(LAYOUT, trogdor="C3", burnt=("A2", "B2"))
    code, out, _ = run(["trogdor", "min-ap", "--position", str(state), "--cottage", "A1",
                        "--json"], capsys)  # fmt: skip
    assert code == 0 and json.loads(out)["ap"] == 7


def test_knights_are_avoided(capsys):
    """T-MOVE-KNIGHT-DAMAGE: knights' squares are never entered (--knights, as everywhere)."""
    code, out, err = run([*BASE, "--knights", "B2", "--json"], capsys)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["ap"] is None and data["plan"] == []
    assert data["reason"].startswith("impossible, because B2 must be burninated")


@pytest.mark.parametrize(
    "change, message",
    [
        (["--layout", "C...C/.T.../..L../...T./C.ML."], "--layout"),
        (["--layout", "C...C/.T.../..L../...T."], "--layout"),
        (["--layout", "C...C/.T.../..L../...T./C.MX."], "unknown tile letter 'X'"),
        (["--cottage", "B1"], "B1 is not a cottage tile"),
        (["--cottage", "F1"], "--cottage"),
        (["--from", "A6"], "--from"),
        (["--burnt", "A2,Z9"], "--burnt"),
        (["--knights", "B"], "--knights"),
        (["--method", "dfs"], "invalid choice: 'dfs'"),
        (["--timeout", "nan"], "--timeout"),
        (["--timeout", "inf"], "--timeout"),
        (["--timeout", "-1"], "--timeout"),
        (["--budget", "0"], "--budget"),
        (["--budget", "1e9"], "--budget"),
        (["--position", "trogdor tiles=nonsense"], "--position"),
        (["--position", "x"], "--position"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(change, message, capsys):
    argv = list(BASE)
    for i in range(0, len(change), 2):
        if change[i] in argv:
            argv[argv.index(change[i]) + 1] = change[i + 1]
        else:
            argv += change[i : i + 2]
    if "--position" in change:
        argv = [a for a in argv if a not in ("--layout", LAYOUT, "--from", "C3")]
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_position_and_short_options_together_is_bad_input(capsys):
    state = puzzle(LAYOUT)
    code, _, err = run([*BASE, "--position", str(state)], capsys)
    assert code == 2 and "either --position or --layout" in err


def test_help_lists_the_subcommands(capsys):
    code, out, _ = run(["trogdor", "--help"], capsys)
    assert code == 0
    for name in ("new", "actions", "play", "show", "min-ap", "countryside", "reach", "win-now"):
        assert name in out


def test_reach_json(capsys):
    """T-MOVE and T-BURROW: with 1 AP from B2 the tunnel at D4 is reachable."""
    code, out, _ = run(
        ["trogdor", "reach", "--layout", LAYOUT, "--from", "B2", "--ap", "1", "--json"], capsys
    )
    assert code == 0
    data = json.loads(out)
    assert data["reachable"] == {"B1": 1, "A2": 1, "B2": 0, "C2": 1, "B3": 1, "D4": 1}


def test_countryside_json(capsys):
    code, out, _ = run(
        ["trogdor", "countryside", "--layout", "c#..c/####./..L../####./c.M..",
         "--cottages-burnt", "A1,E1,A5", "--from", "C3", "--json"],
        capsys,
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["exact"] is True and data["ap"] is not None
    assert data["plan"].count("burn tile") == 13  # the unburnt tiles


def test_countryside_out_of_budget_is_exit_3_with_the_best_plan(capsys):
    code, out, err = run(
        # one A* expansion, and 10 ms for the rest: the CP-SAT proof (about 0.5 s alone on an idle
        # machine) cannot finish (with --timeout 1 it did when the machine was idle)
        ["trogdor", "countryside", "--layout", LAYOUT, "--budget", "1", "--timeout", "0.01",
         "--json"],
        capsys,
    )  # fmt: skip
    assert code == 3 and err.count("\n") == 1
    data = json.loads(out)
    assert data["exact"] is False and data["timed_out"] is True
    assert data["plan"] and data["lower_bound"] <= data["ap"] == len(data["plan"])


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
        (["danger", *PIECES, "--archer", "Q9"], "--archer"),
        (["win-now", *PIECES, "--hand", "nope"], "unknown action card 'nope'"),
        (["win-now", *PIECES], "give --hand"),
        (["win-now", *PIECES, "--ap", "-3"], "--ap"),
        (["reach", *PIECES, "--ap", "nan"], "--ap"),
        (["danger", "--position", "tiles=nonsense"], "--position"),
    ],
)
def test_piece_questions_bad_input(argv, message, capsys):
    code, out, err = run(["trogdor", *argv], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_generic_commands_play_a_trogdor_game(capsys):
    code, out, _ = run(["trogdor", "new", "--seed", "3", "--json"], capsys)
    first = json.loads(out)
    assert code == 0 and first["legal"]
    action = first["legal"][0]
    code, out, _ = run(["trogdor", "play", "--position", first["position"], action, "--json"],
                       capsys)  # fmt: skip
    assert code == 0 and json.loads(out)["position"] != first["position"]


def test_the_cli_no_longer_reads_the_private_solver_notation():
    """One notation: the engine's. The CLI builds states through rulebook.trogdor only."""
    src = (Path(__file__).resolve().parents[2] / "trogkit" / "commands" / "trogdor.py").read_text()
    assert "position import" not in src and "Position" not in src


def test_win_now_out_of_budget_is_exit_3_with_the_partial_answer(capsys):
    code, out, err = run(
        ["trogdor", "win-now", "--layout", "ccl../ttmmC/#####/#####/#####", "--from", "D2",
         "--cottages-burnt", "A1,B1", "--peasants", "D1", "--ap", "9", "--budget", "1", "--json"],
        capsys,
    )  # fmt: skip
    assert code == 3 and err.count("\n") == 1 and "--budget" in err
    assert json.loads(out)["win"] is None
