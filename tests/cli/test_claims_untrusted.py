"""Claims run like untrusted code (issue 36): loaded and called in a child process with the
check's clock and a memory limit. Whatever a claim does (loop, catch everything, exit, print,
allocate, loop at import), ``--timeout`` holds, its output never mixes with ``--json``, and its
own failure is exit 2 naming its file and line; every answer says what was searched."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from trogkit.cli import main

HERE = Path(__file__).parents[1] / "verify"
UNTRUSTED = HERE / "claims_untrusted.py"
PLANTED = HERE / "claims_planted.py"


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def check(claim, *extra, game="trogdor", file=UNTRUSTED):
    return [game, "check", "--claim", f"{file}:{claim}", *extra]


# ---- every answer says what was searched -------------------------------------------------------


def test_an_exhaustive_search_stopped_by_its_bound_is_undecided_not_no_counterexample(
    tmp_path, capsys
):
    """The reproducer: `state.turn < 3` with --games 0 --depth 50 printed "no counterexample in
    20000 positions", exit 0; one random game refutes it."""
    claims = tmp_path / "claims.py"
    claims.write_text("def early_turns(state):\n    return state.turn < 3\n")
    argv = ["trogdor", "check", "--claim", f"{claims}:early_turns", "--games", "0",
            "--depth", "50", "--budget", "300"]  # fmt: skip
    code, out, err = run(argv, capsys)
    assert code == 3 and "limit reached" in err
    assert "undecided: no counterexample in the 300 positions searched of at least" in out
    assert "reachable to depth 50" in out and "bound of 300 positions" in out
    code, out, _ = run([*argv, "--json"], capsys)
    data = json.loads(out)
    assert code == 3 and data["verdict"] == "undecided" and not data["exhaustive"]["complete"]
    assert data["exhaustive"]["searched"] == 300 < data["exhaustive"]["reached_at_least"]
    code, out, _ = run(["trogdor", "check", "--claim", f"{claims}:early_turns", "--games", "1",
                        "--json"], capsys)  # fmt: skip
    assert code == 1 and json.loads(out)["verdict"] == "refuted"


def test_a_complete_exhaustive_search_holds_exhaustively_and_random_games_prove_nothing(capsys):
    argv = check("trogdor_health_never_negative", "--games", "2", "--depth", "2", file=PLANTED)
    code, out, _ = run([*argv, "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "holds exhaustively" and data["exhaustive"]["complete"]
    code, out, _ = run(argv, capsys)
    assert code == 0 and "holds exhaustively to depth 2" in out
    code, out, _ = run(check("trogdor_health_never_negative", "--games", "2", file=PLANTED),
                       capsys)  # fmt: skip
    assert code == 0 and "no counterexample in 2 games" in out and "no proof" in out


# ---- the clock holds whatever the claim does ---------------------------------------------------

HANGS = {
    "loops": ("loops", "trogdor"),
    "loops in the depth phase": ("loops", "trogdor"),
    "catches everything": ("swallows_everything", "trogdor"),
    "loops at import": ("f", "trogdor"),
    "more_often_than loops": ("rate_loops", "trogdor"),
}


@pytest.mark.parametrize("how", HANGS)
def test_timeout_holds_whatever_the_claim_does(how, tmp_path, capsys):
    name, game = HANGS[how]
    file = UNTRUSTED
    if how == "loops at import":
        file = tmp_path / "loops_at_import.py"
        file.write_text("while True:\n    pass\n\ndef f(s):\n    return True\n")
    games = ["--games", "0", "--depth", "3"] if "depth" in how else ["--games", "50"]
    start = time.monotonic()
    code, out, err = run(check(name, *games, "--timeout", "1", "--json", game=game, file=file),
                         capsys)  # fmt: skip
    assert time.monotonic() - start < 6
    assert code == 3 and "the clock ran out" in err
    data = json.loads(out)
    assert data["timed_out"] and data["verdict"] == "undecided"


def test_the_depth_phase_is_under_the_clock_too(capsys):
    start = time.monotonic()
    code, out, _ = run(check("trogdor_health_never_negative", "--games", "0", "--depth", "50",
                             "--budget", "50000", "--timeout", "1", "--json", file=PLANTED),
                       capsys)  # fmt: skip
    assert time.monotonic() - start < 6
    data = json.loads(out)
    assert code == 3 and data["timed_out"] and data["exhaustive"]["searched"] > 0


def test_a_claim_hanging_on_one_worker_ends_exit_3_with_the_games_played(capsys):
    """It ended "exit 2 claim loop raised TimeUp"."""
    code, out, err = run(check("hangs_after_a_few_games", "--games", "1000", "--workers", "1",
                               "--timeout", "2", "--json"), capsys)  # fmt: skip
    data = json.loads(out)
    assert code == 3 and "TimeUp" not in err and "the clock ran out" in err
    assert 0 < data["games"] < 1000 and data["positions"] >= 300


def test_check_workers_are_capped_at_the_cores(capsys, monkeypatch):
    from solvers.verify import claims

    monkeypatch.setattr("solvers.play.executors.default_workers", lambda: 2)
    assert claims._workers(10_000, None, games=100) == 2 and claims._workers(1, None, 100) == 1
    assert claims._workers(48, None, games=1) == 1  # 48 processes were started for one game


# ---- the claim's own failure: exit 2, its file, line and message -------------------------------


def test_exiting_claims_are_the_claims_failure_not_an_answer(capsys):
    lines = UNTRUSTED.read_text().splitlines()
    for name in ("exits_0", "exits_1"):
        code, out, err = run(check(name, "--games", "2"), capsys)
        lineno = lines.index(f"def {name}(s):") + 2
        assert code == 2 and out == ""
        assert f"{UNTRUSTED}:{lineno}: claim {name} called sys.exit(" in err


@pytest.mark.parametrize(
    "name, said",
    [("raises", "raised ZeroDivisionError: division by zero"),
     ("allocates", "ran out of memory"),
     ("rate_raises", "raised KeyError: 'no such thing'"),
     ("rate_text", "more_often_than takes a share from 0 to 1, not 'half'"),
     ("rate_nan", "more_often_than takes a share from 0 to 1, not nan")],
)  # fmt: skip
def test_a_claim_that_fails_is_exit_2_naming_it(name, said, capsys):
    code, out, err = run(check(name, "--games", "2", "--timeout", "20"), capsys)
    assert code == 2 and out == "" and said in err and name in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_claim_file_that_does_not_load_is_exit_2_with_its_line(tmp_path, capsys):
    syntax = tmp_path / "syntax.py"
    syntax.write_text("def f(s:\n    return True\n")
    raising = tmp_path / "raising.py"
    raising.write_text("x = 1\nraise RuntimeError('at import')\n")
    text = tmp_path / "claim.txt"
    text.write_text("def f(s):\n    return True\n")
    for file, said in ((syntax, f"{syntax}:1: loading the claim: SyntaxError"),
                       (raising, f"{raising}:2: loading the claim raised RuntimeError: at import"),
                       (text, "a claim is FILE.py:NAME (a Python file)")):  # fmt: skip
        code, out, err = run(["trogdor", "check", "--claim", f"{file}:f", "--games", "1"], capsys)
        assert code == 2 and out == "" and said in err, err


def test_a_claim_that_prints_never_mixes_with_json():
    cmd = [sys.executable, "-m", "trogkit", *check("prints", "--games", "3", "--json")]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["verdict"] == "no counterexample"
    assert "by the claim" not in done.stdout + done.stderr


def test_a_nondeterministic_claim_is_reported_as_such(tmp_path, capsys, monkeypatch):
    """A claim false in a game but true when that game is replayed (shrink raised ValueError)."""
    monkeypatch.setenv("TROGKIT_TEST_MARKER", str(tmp_path / "seen"))
    code, out, err = run(check("false_once", "--games", "5"), capsys)
    assert code == 2 and out == "" and "ValueError" not in err
    assert "false_once is not deterministic" in err


def test_a_claim_of_another_arity_or_a_missing_name_is_exit_2(capsys):
    code, _, err = run(check("nothing_here", "--games", "1"), capsys)
    assert code == 2 and "no function 'nothing_here'" in err


def test_without_child_processes_a_check_fails_clearly(monkeypatch):
    """Pyodide (the JupyterLite site) has no processes: the check says so instead of running
    the claim unguarded."""
    import multiprocessing

    from solvers.verify.claims import check
    from solvers.verify.sandbox import NoChildProcess

    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: [])
    with pytest.raises(NoChildProcess, match="child process"):
        check("trogdor", f"{PLANTED}:trogdor_health_never_negative", games=1)


def test_a_counterexample_found_on_two_workers_is_the_same_as_on_one():
    from solvers.verify.claims import check

    spec = f"{PLANTED}:trogdor_health_never_drops"
    one = check("trogdor", spec, games=6)
    two = check("trogdor", spec, games=6, workers=2)
    assert one.verdict == two.verdict == "refuted" and one.counterexample == two.counterexample


def test_the_clis_bounds_are_the_checks_own():
    from solvers.verify import claims
    from trogkit.commands import verify

    assert (verify.MAX_STATES, verify.MAX_BOUND) == (claims.MAX_STATES, claims.MAX_BOUND)


def test_an_exhaustive_search_out_of_memory_is_undecided_with_what_it_searched(monkeypatch):
    """The child's memory limit stops the search, not the check: the verdict says so."""
    from solvers.verify import claims

    def out_of_memory(game, claim, starts, depth, max_states, clock, send, done):
        done.visited, done.reached = 7, 9
        raise MemoryError

    monkeypatch.setattr(claims, "_breadth_first", out_of_memory)  # the forked child has it too
    r = claims.check("trogdor", f"{PLANTED}:trogdor_health_never_negative", games=0, depth=3)
    assert r.verdict == "undecided" and "ran out of memory" in r.why_undecided()
    assert (r.searched.visited, r.searched.reached) == (7, 9)


def test_in_the_browser_a_check_runs_here_and_says_it_was_not_isolated(monkeypatch):
    """Pyodide starts no process: the claim runs in this process under the search's budget, the
    verdict is real and the answer says the claim was not isolated and what bounded it."""
    from solvers.verify import sandbox
    from solvers.verify.claims import check, check_rate

    def no_child(*args, **kwargs):
        raise AssertionError("no child process may start here")

    monkeypatch.setattr("solvers.play.executors.processes_available", lambda: False)
    monkeypatch.setattr(sandbox, "_context", no_child)
    holds = check("trogdor", f"{PLANTED}:trogdor_health_never_negative", games=2, depth=1)
    drops = check("trogdor", f"{PLANTED}:trogdor_health_never_drops", games=6)
    assert holds.verdict == "holds exhaustively" and drops.verdict == "refuted"
    assert drops.counterexample.length >= 1
    said = holds.what_was_searched()
    assert "not isolated" in said and "2 games and at most" in said and "depth 1" in said
    assert drops.to_json()["isolation"].startswith("not isolated")
    rate = check_rate("trogdor", f"{PLANTED}:trogdor_lost", games=20)
    assert rate["verdict"] in ("supported", "refuted", "undecided")
    assert "not isolated" in rate["isolation"]
