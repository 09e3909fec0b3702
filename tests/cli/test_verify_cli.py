"""``trogkit <game> witness|differ|check`` (issue 22): JSON that replays, exit codes 0/1/2/3."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
    argv = [
        "trogdor",
        "check",
        "--claim",
        f"{CLAIMS}:trogdor_health_never_negative",
        "--games",
        "3",
    ]
    code, out, _ = run(argv, capsys)
    assert code == 0 and "no counterexample" in out
    argv = ["trogdor", "check", "--claim", f"{CLAIMS}:trogdor_lost", "--games", "30"]
    code, out, _ = run(argv, capsys)
    assert code == 0 and "supported" in out


def test_check_bad_claim_is_exit_2(capsys):
    code, _, err = run(["trogdor", "check", "--claim", "nope.py:x"], capsys)
    assert code == 2 and "FILE.py:NAME" in err


def test_a_witness_search_ends_on_its_clock_whatever_the_budget(capsys):
    import time

    start = time.monotonic()
    argv = ["encounter", "witness", "RE-ROUND-CAP", "--budget", "100000", "--timeout", "1",
            "--json"]  # fmt: skip
    code, out, err = run(argv, capsys)
    assert code == 3 and "limit reached" in err
    assert json.loads(out)["why"] == "the clock ran out"
    code, out, _ = run(["encounter", "witness", "--all", "--budget", "100000", "--timeout", "1",
                        "--json"], capsys)  # fmt: skip
    assert code == 0 and "the clock ended the search" in json.dumps(json.loads(out)["missed"])
    assert time.monotonic() - start < 30  # one playout may overrun the clock


def test_a_regeneration_cut_by_the_clock_writes_nothing(capsys, tmp_path, monkeypatch):
    from solvers.verify.store import path_of

    monkeypatch.chdir(tmp_path)
    stored = path_of("encounter").read_bytes()
    argv = ["encounter", "witness", "--all", "--write", "--budget", "100000", "--timeout", "0.2"]
    code, out, err = run(argv, capsys)
    assert code == 3 and "nothing written" in err
    assert path_of("encounter").read_bytes() == stored and not list(tmp_path.iterdir())
    assert "stats: " in out  # what the search found before the clock is printed


def test_the_playout_budget_range_is_the_searchs_own(capsys):
    from solvers.verify.witness import MAX_BUDGET
    from trogkit.commands.verify import MAX_PLAYOUTS

    assert MAX_PLAYOUTS == MAX_BUDGET
    code, _, err = run(["trogdor", "witness", "T-MOVE", "--budget", "100001"], capsys)
    assert code == 2 and "--budget" in err and "100,000" in err


# ---- every verification search ends on the same clock (--timeout, one shared definition) ------


def test_differ_and_check_share_the_witness_clock_option():
    """One definition: the same default, help and range in witness, differ and check."""
    from trogkit.cli import build_parser

    helps = {}
    for command in ("witness", "differ", "check"):
        sub = build_parser("trogdor")._subparsers._group_actions[0].choices["trogdor"]
        parser = sub._subparsers._group_actions[0].choices[command]
        (timeout,) = [a for a in parser._actions if "--timeout" in a.option_strings]
        helps[command] = (timeout.default, timeout.help, timeout.type)
    assert helps["witness"] == helps["differ"] == helps["check"]
    assert helps["check"][0] == 300


def test_a_differ_search_ends_on_its_clock_whatever_the_budget(capsys, monkeypatch):
    import time

    # options that never part: the search would run 100,000 Random Encounter playouts
    monkeypatch.setattr("solvers.verify.differ.parting", lambda game, a, b: "")
    start = time.monotonic()
    argv = ["encounter", "differ", "RER-STAR-EFFECTS", "--budget", "100000", "--timeout", "1",
            "--json"]  # fmt: skip
    code, out, err = run(argv, capsys)
    elapsed = time.monotonic() - start
    assert code == 3 and "limit reached" in err and "the clock ran out" in err
    assert json.loads(out)["why"] == "the clock ran out"
    assert elapsed < 10, elapsed  # the clock is checked at every step of a playout


def test_a_check_ends_on_its_clock_with_the_games_played(capsys):
    import time

    start = time.monotonic()
    argv = ["trogdor", "check", "--claim", f"{CLAIMS}:trogdor_health_never_negative",
            "--games", "10000", "--timeout", "1", "--json"]  # fmt: skip
    code, out, err = run(argv, capsys)
    elapsed = time.monotonic() - start
    data = json.loads(out)
    assert code == 3 and "limit reached" in err and "the clock ran out" in err
    assert data["holds"] and data["timed_out"] and 0 < data["games"] < 10_000
    assert elapsed < 6, elapsed
    argv = argv[:-1]  # the text says it is no proof, and how much was played
    code, out, _ = run(argv, capsys)
    assert code == 3 and "undecided: no counterexample in the " in out
    assert "random games played of the 10000 asked (the clock ran out; not a proof)" in out


# how a check is cut: (its arguments, the count it reports, that count's most, seconds at most)
TIMED_CHECKS = {
    "games on two workers": (["--games", "10000", "--workers", "2", "--timeout", "2"],
                             "games", 10_000, 10),
    "exhaustive": (["--games", "0", "--depth", "50", "--timeout", "0.5"],
                   "positions", 20_000, 5),
}  # fmt: skip


@pytest.mark.parametrize("how", TIMED_CHECKS)
def test_a_check_keeps_what_it_did_before_the_clock(capsys, how):
    import time

    extra, done, most, seconds = TIMED_CHECKS[how]
    start = time.monotonic()
    argv = ["trogdor", "check", "--claim", f"{CLAIMS}:trogdor_health_never_negative",
            *extra, "--json"]  # fmt: skip
    code, out, _ = run(argv, capsys)
    data = json.loads(out)
    assert code == 3 and data["timed_out"] and 0 < data[done] < most
    assert time.monotonic() - start < seconds


def test_a_statistical_check_ends_on_its_clock(capsys):
    import time

    start = time.monotonic()
    argv = ["trogdor", "check", "--claim", f"{CLAIMS}:trogdor_lost", "--games", "10000",
            "--timeout", "0.5", "--json"]  # fmt: skip
    code, out, err = run(argv, capsys)
    data = json.loads(out)
    assert code == 3 and "the clock ran out" in err
    assert data["timed_out"] and 0 < data["games"] < 10_000
    assert time.monotonic() - start < 5


def test_a_claim_that_raises_is_bad_input_naming_the_claim(capsys):
    argv = ["encounter", "check", "--claim", f"{CLAIMS}:trogdor_health_never_negative",
            "--games", "2"]  # fmt: skip
    code, _, err = run(argv, capsys)
    assert code == 2 and "trogdor_health_never_negative raised AttributeError" in err


def test_a_long_playout_is_cut_by_the_clock_too(capsys):
    """A steered Random Encounter playout ran 12 s past a 10 s clock: the clock is now read at
    every step, and the shrinking of what was found stops on it as well."""
    import time

    start = time.monotonic()
    argv = ["encounter", "witness", "RE-ROUND-CAP", "--budget", "100000", "--timeout", "1"]
    code, _, err = run(argv, capsys)
    assert code == 3 and "the clock ran out" in err
    assert time.monotonic() - start < 5
    start = time.monotonic()
    code, out, _ = run(["encounter", "witness", "--all", "--budget", "100000", "--timeout", "2",
                        "--json"], capsys)  # fmt: skip
    assert code == 0 and json.loads(out)["witnesses"]
    assert time.monotonic() - start < 7


def test_every_command_takes_the_shared_options_from_one_vocabulary():
    """Built by trogkit.options (``command``/``add_shared``): the same check and help shape for
    a shared option in every command of every game, sweep included (it wrote its own --seed,
    --players and --ruling)."""
    import argparse

    from trogkit import options as opt
    from trogkit.cli import build_parser

    types = {"--seed": opt.seed, "--players": opt.positive, "--ruling": opt.ruling,
             "--cards": opt.input_file, "--input": opt.input_file, "--timeout": opt.seconds,
             "--position": opt.position_text}  # fmt: skip
    parser = build_parser(every_game=True)
    games = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    seen = set()
    for game, gp in games.choices.items():
        cmds = next(a for a in gp._actions if isinstance(a, argparse._SubParsersAction))
        for name, cp in cmds.choices.items():
            for a in cp._actions:
                flag = a.option_strings[0] if a.option_strings else None
                if flag in types:
                    assert a.type is types[flag], (game, name, flag)
                elif flag == "--budget":
                    assert a.type.__name__ == "budget" and "at most" in a.help, (game, name)
                elif flag == "--json":
                    assert a.nargs == 0 and a.help == "print the answer as JSON", (game, name)
                seen.add(flag)
            assert "--json" in cp._option_string_actions, (game, name)
    assert seen >= set(types) | {"--budget", "--json"}


# ---- issue 33: a witness and a difference say what happened, in plain words ------------------


def test_witness_text_ends_with_what_the_last_step_did_and_the_final_position(capsys):
    from solvers.verify.trace import replay

    code, out, _ = run(["trogdor", "witness", "T-BURN-TILE", "--budget", "3", "--json"], capsys)
    data = json.loads(out)
    final = str(replay(Trace.from_json(data)).states[-1])
    assert data["final"] == final and data["last_step"]["action"] == data["actions"][-1]
    assert any(f.startswith("T-BURN-TILE — ") for f in data["last_step"]["fired"])
    code, out, _ = run(["trogdor", "witness", "T-BURN-TILE", "--budget", "3"], capsys)
    assert f"  final position: {final}" in out
    assert f"  last step, {data['actions'][-1]}: " in out and " burns" in out
    assert "T-BURN-TILE — " in out and "fired on the last step" in out


def test_a_refusal_witness_says_the_refused_action_and_its_reason(capsys):
    code, out, _ = run(["encounter", "witness", "RE-COMPOSE-RED-BLUE", "--budget", "5"], capsys)
    assert code == 0
    assert "is refused by RE-COMPOSE-RED-BLUE — " in out and "final position: encounter " in out


def test_differ_says_each_options_outcome_and_what_differs_in_words(capsys):
    """`differ TR-PASS-AP` printed "versus {'TR-PASS-AP': 'keep'}: position differ"."""
    code, out, _ = run(["trogdor", "differ", "TR-PASS-AP", "--budget", "3"], capsys)
    assert code == 0 and "{'" not in out and "versus" not in out
    assert "under TR-PASS-AP=forfeit (default): " in out and "under TR-PASS-AP=keep: " in out
    assert (
        "differs: banked AP: - under TR-PASS-AP=forfeit (default), 3 under TR-PASS-AP=keep" in out
    )
    code, out, _ = run(["trogdor", "differ", "TR-PASS-AP", "--budget", "3", "--json"], capsys)
    sides = json.loads(out)["outcomes"]["sides"]
    assert [s["option"] for s in sides] == ["TR-PASS-AP=forfeit (default)", "TR-PASS-AP=keep"]
    assert all(s["position"].startswith("trogdor ") and s["legal_actions"] for s in sides)
    assert " banked=3 " in sides[1]["position"] and " banked=" not in sides[0]["position"]


def test_differ_names_legal_actions_that_part_the_options(capsys):
    code, out, _ = run(["trollland", "differ", "TLR-ARROW-CHAIN", "--budget", "3"], capsys)
    assert code == 0 and "differs: legal only under TLR-ARROW-CHAIN=" in out
