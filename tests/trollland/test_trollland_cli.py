"""``trogkit trollland ...`` through the real dispatcher."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulebook.trollland import new_game
from trogkit.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "solvers" / "trollland" / "examples"


@pytest.mark.parametrize("method", ["z3", "search"])
def test_load_json_answer(method, capsys):
    rc = main(["trollland", "load", "--input", str(EXAMPLES / "zoms.json"), "--method", method,
               "--json"])  # fmt: skip
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and out["refugees"] == 2 and out["feasible"] is False
    assert any("TL-LOAD-CAPACITY" in line for line in out["explanation"])


def test_load_text_answer(capsys):
    assert main(["trollland", "load", "--input", str(EXAMPLES / "bimbos.json")]) == 0
    assert capsys.readouterr().out.startswith("feasible: no refugee")


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        '{"vehicles": []}',
        '{"cards": [], "x": 1}',
        '{"vehicles": ' + "[" * 2000 + "]" * 2000 + "}",
        '{"vehicles": [{"cages": [{"capacity": ' + "9" * 3000 + "}]}]}",
        '{"vehicles": [{"cages": [{"capacity": ' + "9" * 5000 + "}]}]}",
    ],
)
def test_bad_input_one_line_exit_2(tmp_path, capsys, content):
    f = tmp_path / "bad.json"
    f.write_text(content)
    assert main(["trollland", "load", "--input", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("trogkit trollland load: error: --input")


@pytest.mark.parametrize("make", ["directory", "binary", "missing", "not-utf8"])
def test_input_that_is_no_json_file_exit_2(tmp_path, capsys, make):
    f = tmp_path / "q.json"
    if make == "directory":
        f.mkdir()
    elif make == "binary":
        f.write_bytes(bytes(range(256)))
    elif make == "not-utf8":
        f.write_bytes(b'{"vehicles": "\xff"}')
    assert main(["trollland", "load", "--input", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--input" in err


def test_best_pair_subcommand(capsys):
    from rulebook.trollland import puzzle
    from solvers.trollland import best_pairs

    s = puzzle(2, phase="choose", row={"V06": [["Zo1"], ["Ni5"]], "V01": []},
               hands=[["Ni7", "Go2", "T3a"], []], chosen=[[], ["Bi1", "Bi2"]])  # fmt: skip
    assert main(["trollland", "best-pair", "--position", str(s), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    expected = best_pairs(s, 0, {1: ["Bi1", "Bi2"]})
    assert out["player"] == "P1" and out["complete"] is True
    assert out["pairs"] == [{"pair": list(pv.pair), "value": pv.value} for pv in expected]
    assert main(["trollland", "best-pair", "--position", str(s), "--budget", "1", "--json"]) == 3
    captured = capsys.readouterr()
    assert json.loads(captured.out)["complete"] is False and captured.err.count("\n") == 1
    assert main(["trollland", "best-pair", "--position", str(s), "--player", "7"]) == 2
    assert "--player must be 1..2" in capsys.readouterr().err


def test_best_pair_bad_position_names_the_option(capsys):
    assert main(["trollland", "best-pair", "--position", "trollland nonsense"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--position" in err


def test_actions_of_a_new_game_through_the_protocol(capsys):
    s = new_game(2, seed=1)
    assert main(["trollland", "actions", "--position", str(s), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["to_move"] == 0 and out["terminal"] is False and len(out["legal"]) >= 1


def test_z3_timeout_is_one_line_exit_3(capsys, monkeypatch):
    from solvers.trollland import z3load

    def give_up(pb, explain=True):
        raise TimeoutError("z3 gave up (timeout) after 20000 ms")

    monkeypatch.setattr(z3load, "solve", give_up)
    assert main(["trollland", "load", "--input", str(EXAMPLES / "zoms.json")]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "try --method search" in err


def test_load_search_out_of_budget_is_exit_3_with_the_greedy_answer(capsys, tmp_path):
    from solvers.trollland import to_dict
    from solvers.trollland.generate import random_problem

    f = tmp_path / "q.json"
    f.write_text(json.dumps(to_dict(random_problem(2, max_cards=16))))
    rc = main(["trollland", "load", "--input", str(f), "--method", "search", "--budget", "1",
               "--json"])  # fmt: skip
    captured = capsys.readouterr()
    assert rc == 3 and captured.err.count("\n") == 1
    assert "refugees" in json.loads(captured.out)


def test_load_limits_belong_to_the_search_method(capsys):
    rc = main(["trollland", "load", "--input", str(EXAMPLES / "zoms.json"), "--timeout", "5"])
    assert rc == 2 and "--method search" in capsys.readouterr().err
