"""Every search a user can start ends within its memory budget (solvers/limits.py): each
largest budget comes from the measured bytes per node and stays under the cap, every command
states and enforces that range; and ``encounter solo`` cut by its clock or budget answers with
the furthest line it played, marked partial, exit 3."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import rulebook
from rulebook.common.errors import TrogkitInputError
from rulebook.encounter.solo import new_adventure
from solvers.encounter.adventure import progress, replay, solve_adventure
from solvers.limits import MAX_NODES, MEMORY_CAP, NODE_BYTES, Budget

ROOT = Path(__file__).resolve().parent.parent
HARD_SEED = 14  # a deal the search does not settle in 20,000 states (benchmarks/node_bytes.py)
SOLO = rulebook.game("encounter-solo")


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "trogkit", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env=dict(os.environ),
    )


@pytest.mark.parametrize("search", sorted(MAX_NODES))
def test_each_largest_budget_holds_under_the_memory_cap_by_its_measured_bytes(search):
    most = MAX_NODES[search]
    assert most * NODE_BYTES[search] <= MEMORY_CAP
    assert (most + 10_000) * NODE_BYTES[search] > MEMORY_CAP // (
        2 if search == "countryside" else 1
    )


@pytest.mark.parametrize(
    "argv,search",
    [
        (("trollland", "load", "--input", "solvers/trollland/examples/zoms.json"), "trollland load"),
        (("encounter", "solo", "--seed", "1"), "encounter solo"),
        (("trogdor", "win-now", "--layout", "C...C/.T.../..L../...T./C.M..", "--ap", "3"),
         "win-now"),
    ],
)  # fmt: skip
def test_the_cli_states_and_enforces_the_measured_range(argv, search):
    most = MAX_NODES[search]
    help_text = " ".join(cli(*argv[:2], "--help").stdout.split())
    assert f"at most {most:,}" in help_text
    over = cli(*argv, "--budget", str(most + 1))
    assert over.returncode == 2 and "--budget" in over.stderr and f"{most:,}" in over.stderr


def test_the_loading_search_refuses_a_budget_past_its_memory_and_bounds_an_open_one():
    from solvers.trollland.generate import random_problem
    from solvers.trollland.search import MAX_NODES as LOAD_NODES
    from solvers.trollland.search import solve

    pb = random_problem(1)
    with pytest.raises(TrogkitInputError, match="nodes"):
        solve(pb, Budget(nodes=LOAD_NODES + 1))
    open_ended = Budget(seconds=30)
    solve(pb, open_ended)
    assert open_ended.nodes == LOAD_NODES


def _check_partial(res, st, stopped):
    assert res.winnable is None and res.stopped == stopped and res.plan == []
    assert res.furthest, "a cut search names the furthest line it played"
    line = replay(st, res.furthest)  # every step legal
    keys, cleared, pos = progress(line[-1])
    assert res.reached == {"keys": keys, "cleared": cleared, "space": pos + 1}
    assert progress(line[-1]) > progress(st) and line[-1].outcome != "win"


def test_solo_search_cut_by_its_budget_gives_the_furthest_line_marked_partial():
    st = new_adventure(HARD_SEED)
    res = solve_adventure(st, max_states=3_000)
    assert res.states == 3_000
    _check_partial(res, st, "budget")
    assert res.as_dict()["partial"] is True and res.as_dict()["furthest"] == res.furthest


def test_solo_search_cut_by_its_clock_gives_the_furthest_line_in_time():
    st = new_adventure(HARD_SEED)
    start = time.monotonic()
    res = solve_adventure(st, max_states=1_000_000, seconds=1.0)
    assert time.monotonic() - start < 3
    _check_partial(res, st, "time")
    decided = solve_adventure(new_adventure(1), seconds=30)  # a quick deal: no partial answer
    assert decided.winnable is True and not decided.stopped and "partial" not in decided.as_dict()


def test_encounter_solo_cli_prints_the_partial_line_and_exits_3_on_its_clock():
    r = cli("encounter", "solo", "--seed", str(HARD_SEED), "--timeout", "1", "--json")
    assert r.returncode == 3, r.stderr
    assert "Traceback" not in r.stderr and "--timeout" in r.stderr and "partial" in r.stderr
    data = json.loads(r.stdout)
    assert data["partial"] is True and data["stopped"] == "time" and data["winnable"] is None
    replay(new_adventure(HARD_SEED), data["furthest"])
    text = cli("encounter", "solo", "--seed", str(HARD_SEED), "--budget", "2000")
    assert text.returncode == 3 and "--budget" in text.stderr
    assert "partial: furthest line so far" in text.stdout and "not a win" in text.stdout
