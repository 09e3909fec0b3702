"""``trogkit encounter ...`` through trogkit.cli.main (in-process) and one real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from trogkit.cli import main


def run(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_battle_json(capsys):
    code, out, _ = run(["encounter", "battle", "Y3a+Y6a+Y4a", "Y9a+Y5a", "--json"], capsys)
    d = json.loads(out)
    assert code == 0 and d["winner"] == "B" and d["levels"] == [13, 14]


def test_battle_text_with_sin(capsys):
    code, out, _ = run(["encounter", "battle", "Y3a+Y3b+Y3c", "Y9a+Y8a", "--sin"], capsys)
    assert code == 0 and "18 vs 17" in out and "winner: A" in out


def test_odds_json(capsys):
    code, out, _ = run(
        ["encounter", "odds", "B1", "--k", "1", "--pool", "Y1a,Y2a,R1,B4", "--json"], capsys
    )
    d = json.loads(out)
    assert code == 0 and d["win"] == 0.75 and d["method"] == "exact" and d["win_exact"] == "3/4"


def test_build_both_methods(capsys):
    argv = ["encounter", "build", "--hand", "Y1a,Y2a,Y3a,Y4a,Y5a,Y6a,Y7a,Y8a,B1",
            "--vs", "Y10a/Y9b+Y1b/R1+Y2b/G1+Y3b/Y5b+Y5c", "--timeout", "10", "--json"]  # fmt: skip
    code, out, _ = run(argv, capsys)
    plans = json.loads(out)["plans"]
    assert code == 0 and [p["method"] for p in plans] == ["matching", "z3"]
    assert plans[0]["wins"] == plans[1]["wins"] == 5


def test_solo_json(capsys):
    code, out, _ = run(["encounter", "solo", "--seed", "2", "--json"], capsys)
    d = json.loads(out)
    assert code == 0 and d["winnable"] is True and d["plan"][-1] == "enter" and d["states"] > 0


def test_solo_budget_used_up_is_exit_3_with_the_partial_answer(capsys):
    code, out, err = run(["encounter", "solo", "--seed", "2", "--budget", "1", "--json"], capsys)
    assert code == 3 and json.loads(out)["winnable"] is None
    assert err.count("\n") == 1 and "budget" in err


def test_new_and_play_through_the_protocol(capsys):
    code, out, _ = run(["encounter-solo", "new", "--seed", "2", "--json"], capsys)
    d = json.loads(out)
    assert code == 0 and d["legal"][-1] == "stay"
    code, out, _ = run(["encounter-solo", "play", "--position", d["position"], "stay", "--json"],
                       capsys)  # fmt: skip
    assert code == 0 and "phase=build" in json.loads(out)["position"]


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["encounter", "battle", "Y3a+ZZ", "Y9a"], "unknown card id 'ZZ'"),
        (["encounter", "battle", "Y3a", "Y9a", "--ruling", "RER-NOPE=x"], "unknown ruling"),
        (["encounter", "battle", "Y3a", "Y9a", "--ruling", "nonsense"], "ID=OPTION"),
        (["encounter", "odds", "Y3a", "--k", "99"], "k must be"),
        (["encounter", "odds", "Y3a", "--k", "-1"], "--k"),
        (["encounter", "build", "--hand", "Y1a,Y2a", "--vs", "R1+B1", "--n", "2"], "RE-COMPOSE"),
        (["encounter", "build", "--hand", "Y1a,Y2a", "--vs", "Y3a"], "cannot split"),
        (
            ["encounter", "build", "--hand", "Y1a,Y2a", "--vs", "Y3a", "--timeout", "nan"],
            "--timeout",
        ),
        (
            ["encounter", "build", "--hand", "Y1a,Y2a", "--vs", "Y3a", "--timeout", "inf"],
            "--timeout",
        ),
        (
            ["encounter", "build", "--hand", "Y1a,Y2a", "--vs", "Y3a", "--timeout", "-1"],
            "--timeout",
        ),
        (["encounter", "solo", "--budget", "0"], "--budget"),
        (["encounter", "solo", "--budget", "99999999999"], "--budget"),
        (["encounter", "solo", "--position", "encounter players=2"], "--position"),
        (["encounter", "solo", "--position", "mode=multi"], "--position"),
        (["encounter-solo", "play", "--position", "encounter-solo nonsense", "stay"], "--position"),
        (["encounter", "battle", "Y3a", "Y9a", "--cards", "/nonexistent.toml"], "file not found"),
        (["encounter", "battle", "Y3a", "Y9a", "--cards", "/"], "directory"),
    ],
)
def test_bad_input_one_line_exit_2(argv, needle, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == "" and needle in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv,needle",
    [
        # RE-COMPOSE-RED-BLUE and the same card twice: refused with the rule, as build does
        (["encounter", "battle", "R1+B1", "Y9a"], "RE-COMPOSE-RED-BLUE"),
        (["encounter", "battle", "Y3a", "R1+B1"], "RE-COMPOSE-RED-BLUE"),
        (["encounter", "battle", "G1", "Y9a"], "RE-COMPOSE-GREEN"),
        (["encounter", "battle", "Y3a+Y3a", "Y9a"], "RE-COMP-DECK"),
        (["encounter", "battle", "Y3a", "Y3a+Y9a"], "RE-COMP-DECK"),
        (["encounter", "odds", "R1+B1"], "RE-COMPOSE-RED-BLUE"),
        (["encounter", "odds", "Y3a", "--pool", "Y1a,Y1a"], "RE-COMP-DECK"),
        (["encounter", "odds", "Y3a", "--pool", "Y1a,Y3a"], "RE-COMP-DECK"),
    ],
)
def test_illegal_encounters_are_refused(argv, needle, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == "" and needle in err and err.count("\n") == 1


def test_refused_action_exit_2_names_the_rule(capsys):
    _, out, _ = run(["encounter-solo", "new", "--seed", "2"], capsys)
    code, _, err = run(["encounter-solo", "play", "--position", out.strip(), "battle"], capsys)
    assert code == 2 and "RE-SOLO-TURN" in err and err.count("\n") == 1


def test_subprocess_entry_point():
    r = subprocess.run(
        [sys.executable, "-m", "trogkit", "encounter", "battle", "TK+Y1a", "Y10a+Y1b", "--json"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert r.returncode == 0 and json.loads(r.stdout)["decided_by"] == "effects"
    r = subprocess.run(
        [sys.executable, "-m", "trogkit", "encounter", "battle", "TK"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


def test_odds_seen_cards_leave_the_pool(capsys):
    code, out, _ = run(
        ["encounter", "odds", "Y9a+Y8a", "--k", "1", "--seen", "Y10a,Y10b", "--json"], capsys
    )
    d = json.loads(out)
    assert code == 0 and d["cases"] == 43 - 2 - 5  # 43 others, 2 seen, 5 lone greens illegal
