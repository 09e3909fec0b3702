"""``trogkit <game> witness|differ|check`` (issue 22): JSON that replays, exit codes 0/1/2/3."""

from __future__ import annotations

import json
from pathlib import Path

from solvers.verify.trace import Trace, shows
from trogkit.cli import main

CLAIMS = Path(__file__).parents[1] / "verify" / "claims_planted.py"


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_witness_json_replays_and_names_the_rules_fired(capsys):
    code, out, _ = run(["trogdor", "witness", "T-BURN-TILE", "--budget", "3", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["rule"] == "T-BURN-TILE" and "T-BURN-TILE" in data["fired"]
    assert data["length"] == len(data["actions"]) and "seed" in data["start"]
    assert shows(Trace.from_json(data))


def test_witness_text_lists_the_actions(capsys):
    code, out, _ = run(["encounter-solo", "witness", "RE-SOLO-RIDE", "--budget", "3"], capsys)
    assert code == 0 and "RE-SOLO-RIDE" in out and "  1. ride" in out


def test_witness_budget_ends_with_exit_3_and_the_attempt(capsys):
    argv = ["encounter-solo", "witness", "RE-SOLO-WIN", "--budget", "2", "--json"]
    code, out, err = run(argv, capsys)
    assert code == 3 and "limit reached" in err
    assert json.loads(out) == {"game": "encounter-solo", "rule": "RE-SOLO-WIN", "witness": None,
                               "budget": 2, "why": "no playout reached it"}  # fmt: skip


def test_witness_bad_input_is_exit_2(capsys):
    code, _, err = run(["trogdor", "witness", "T-NOPE", "--budget", "1"], capsys)
    assert code == 2 and "T-NOPE" in err
    code, _, err = run(["trogdor", "witness"], capsys)
    assert code == 2 and "--all" in err


def test_witness_all_lists_every_rule(capsys):
    code, out, _ = run(["encounter-solo", "witness", "--all", "--budget", "3", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["game"] == "encounter-solo"
    assert set(data["witnesses"]) | set(data["missed"]) >= {"RE-SOLO-RIDE", "RE-SOLO-WIN"}


def test_differ_prints_both_options(capsys):
    code, out, _ = run(["trogdor", "differ", "TR-PASS-AP", "--budget", "3", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["versus"] == {"TR-PASS-AP": "keep"} and data["note"]


def test_check_false_claim_is_exit_1_with_a_counterexample(capsys):
    argv = ["trollland", "check", "--claim", f"{CLAIMS}:trollland_first_hand_kept",
            "--games", "3", "--json"]  # fmt: skip
    code, out, _ = run(argv, capsys)
    data = json.loads(out)
    assert code == 1 and not data["holds"]
    assert len(data["counterexample"]["actions"]) <= 2


def test_check_true_claim_and_statistical_claim(capsys):
    argv = ["trogdor", "check", "--claim", f"{CLAIMS}:trogdor_health_at_most_four", "--games", "3"]
    code, out, _ = run(argv, capsys)
    assert code == 0 and "no counterexample" in out
    argv = ["trogdor", "check", "--claim", f"{CLAIMS}:trogdor_lost", "--games", "30"]
    code, out, _ = run(argv, capsys)
    assert code == 0 and "supported" in out


def test_check_bad_claim_is_exit_2(capsys):
    code, _, err = run(["trogdor", "check", "--claim", "nope.py:x"], capsys)
    assert code == 2 and "FILE.py:NAME" in err
