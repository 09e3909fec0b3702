"""Issue 23, classes 1-3 and 9: every search and sweep a user can start ends within its limits,
a broken or closed stdout/stderr ends a command quietly, ``--option`` and ``--dask`` values are
checked, and error messages name the option with the range the help gives.

Each test runs the real CLI in a subprocess with short limits (and a subprocess timeout that
fails the test when a search does not end)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

import rulebook

ROOT = Path(__file__).resolve().parents[2]
HAND14 = "Y1a,Y1b,Y1c,Y2a,Y2b,Y2c,Y3a,Y3b,Y3c,Y4a,Y4b,Y4c,Y5a,Y5b"
VS5 = "Y10a/Y10b/Y10c/Y9a+Y9b/Y9c+Y8a"


def cli(*args: str, timeout: float = 60, shell_redirect: str = "") -> subprocess.CompletedProcess:
    """``python -m trogkit ARGS`` (through bash when a redirection is given); the environment,
    PYTHONPATH included, is this process's."""
    cmd = [sys.executable, "-m", "trogkit", *args]
    if shell_redirect:
        quoted = " ".join(f"'{a}'" for a in cmd)
        cmd = ["bash", "-c", f"{quoted} {shell_redirect}"]
    return subprocess.run(
        cmd, capture_output=True, text=True, cwd=ROOT, timeout=timeout, env=dict(os.environ)
    )


def one_line_error(r: subprocess.CompletedProcess, code: int = 2) -> str:
    assert r.returncode == code, (r.returncode, r.stderr[-800:])
    assert "Traceback" not in r.stderr, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    return lines[0]


@pytest.fixture(scope="module")
def trollland_choose_5p() -> str:
    """A 5-player Trollland choose step where four players have revealed their pairs (the kind
    of position on which best-pair used 930 MB at --budget 300000)."""
    g = rulebook.game("trollland")
    rng = random.Random(2)
    s = g.new_game(2, players=5)
    while not (s.phase == "choose" and sum(bool(c) for c in s.chosen) == 4):
        s = g.apply(s, rng.choice(g.legal_actions(s)))
    return str(s)


# ---- class 1: searches with no bound ---------------------------------------------------------


def test_encounter_build_of_14_cards_ends_within_timeout_with_the_best_plan():
    start = time.monotonic()
    r = cli("encounter", "build", "--hand", HAND14, "--vs", VS5, "--timeout", "2", timeout=40)
    elapsed = time.monotonic() - start
    assert r.returncode == 3, r.stderr
    assert "--timeout" in r.stderr and "Traceback" not in r.stderr
    assert "matching:" in r.stdout and "z3:" in r.stdout  # the best plans so far
    assert elapsed < 30


def test_build_matching_stops_at_its_time_with_a_plan_not_proven_best():
    from rulebook.encounter import default_cards
    from solvers.encounter.builder import build_matching

    plan = build_matching(HAND14.split(","), [e.split("+") for e in VS5.split("/")],
                          default_cards(), seconds=0.3)  # fmt: skip
    assert plan.optimal is False
    assert plan.stats["partitions"] < 1_000_000  # S(14,5) = 10.5 million were all listed


def test_encounter_odds_for_a_large_k_answers_quickly():
    r = cli("encounter", "odds", "Y3a+Y6a", "--k", "38", "--json", timeout=40)
    assert r.returncode == 0, r.stderr
    assert '"method": "exact"' in r.stdout


def test_encounter_odds_past_its_time_gives_the_odds_sampled_so_far():
    from rulebook.encounter import default_cards
    from solvers.encounter.odds import win_probability
    from solvers.limits import LimitReached

    cards = default_cards()
    pool = [c for c in cards.ids("encounter") if c not in ("Y3a", "Y6a")]
    start = time.monotonic()
    with pytest.raises(LimitReached) as e:
        win_probability(["Y3a", "Y6a"], 30, pool, cards, seconds=0.6)
    assert time.monotonic() - start < 5
    assert e.value.best is None or e.value.best.method == "sampled"


def test_best_pair_keeps_its_clock_when_a_budget_is_given(trollland_choose_5p):
    r = cli("trollland", "best-pair", "--position", trollland_choose_5p,
            "--budget", "280000", "--timeout", "1", timeout=40)  # fmt: skip
    assert r.returncode == 3, r.stderr
    assert "--timeout" in r.stderr and "Traceback" not in r.stderr


def test_best_pair_refuses_a_budget_its_memory_cannot_hold(trollland_choose_5p):
    r = cli("trollland", "best-pair", "--position", trollland_choose_5p,
            "--budget", "2000000", timeout=40)  # fmt: skip
    line = one_line_error(r)
    assert "--budget" in line and "280,000" in line
    help_text = cli("trollland", "best-pair", "--help").stdout
    assert "at most 280,000" in " ".join(help_text.split())


def test_best_pair_memory_per_step_is_what_the_budget_is_sized_by(trollland_choose_5p, tmp_path):
    """ru_maxrss growth over 15,000 engine steps, in a subprocess, stays within the bytes per
    step that size the largest --budget (so 280,000 steps stay under 1 GB)."""
    from solvers.limits import NODE_BYTES, max_nodes

    per_step = NODE_BYTES["trollland best-pair"]
    assert max_nodes(per_step) * per_step < 1_000_000_000
    (tmp_path / "pos.txt").write_text(trollland_choose_5p)
    code = (
        "import resource, sys\n"
        "from rulebook.trollland import State\n"
        "from solvers.trollland.bestpair import best_pairs\n"
        "from solvers.limits import Budget, LimitReached\n"
        f"s = State.parse(open({str(tmp_path / 'pos.txt')!r}).read())\n"
        "others = {p: list(c) for p, c in enumerate(s.chosen) if p != s.to_move}\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "b = Budget(nodes=15_000)\n"
        "try:\n    best_pairs(s, s.to_move, others, b)\nexcept LimitReached:\n    pass\n"
        "after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print((after - before) * 1024 / b.used, b.used)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                       timeout=120, env=dict(os.environ))  # fmt: skip
    assert r.returncode == 0, r.stderr
    measured, used = r.stdout.split()
    assert int(used) > 10_000 and float(measured) <= per_step


def test_win_now_has_a_clock_and_its_own_ranges():
    from solvers.limits import MAX_NODES

    layout = "C...C/.T.../..L../...T./C.M.."
    line = one_line_error(cli("trogdor", "win-now", "--layout", layout, "--ap", "1000"))
    assert "--ap" in line and "--layout" not in line and "999" in line
    line = one_line_error(
        cli("trogdor", "win-now", "--layout", layout, "--ap", "3", "--budget", "2000000")
    )
    most = f"{MAX_NODES['win-now']:,}"  # from the measured bytes per position
    assert "--budget" in line and most in line
    help_text = " ".join(cli("trogdor", "win-now", "--help").stdout.split())
    assert f"at most {most}" in help_text and "--timeout" in help_text


def test_sweep_has_a_timeout_that_stops_a_long_game():
    start = time.monotonic()
    r = cli("trogdor", "sweep", "--agent", "search", "--budget", "1000000", "--games", "1",
            "--workers", "1", "--timeout", "2", "--no-progress", timeout=60)  # fmt: skip
    assert r.returncode == 3, r.stderr
    assert "--timeout" in r.stderr and "Traceback" not in r.stderr
    assert time.monotonic() - start < 45


def test_sweep_workers_are_capped_by_the_games_and_the_cores(monkeypatch):
    from solvers.play import executors, sweep

    cores = executors.default_workers()
    assert executors.capped_workers(1024, 3) == min(cores, 3)
    assert executors.capped_workers(None, 10_000) == cores
    seen = []

    def fake_run_local(setup, seeds, workers, tick, **kw):
        seen.append(workers)
        return executors._run_here(setup, seeds, tick, executors.play_chunk, None)

    monkeypatch.setattr(sweep, "run_local", fake_run_local)
    sweep.run("trogdor", games=1, workers=1024, progress=False)
    assert seen == [1]


# ---- class 2: broken output streams ----------------------------------------------------------


STDOUT_ARGV = [["trogdor", "new"], ["--version"], ["trollland", "new", "--json"]]


@pytest.mark.parametrize("argv", STDOUT_ARGV)
@pytest.mark.parametrize("redirect", ["> /dev/full", ">&-"])
def test_a_full_or_closed_stdout_ends_quietly_with_exit_74(argv, redirect):
    r = cli(*argv, shell_redirect=redirect, timeout=30)
    assert r.returncode == 74, (r.returncode, r.stderr)
    assert r.stderr == "", r.stderr


@pytest.mark.parametrize("argv", [["trogdor", "new"], ["--version"]])
def test_a_closed_stderr_ends_quietly_with_exit_74(argv):
    r = cli(*argv, shell_redirect="2>&-", timeout=30)
    assert r.returncode == 74, r.returncode
    assert r.stdout.startswith("trog") and "Traceback" not in r.stdout  # the answer, nothing else


def test_bad_input_with_stderr_closed_keeps_exit_2_and_says_nothing_on_stdout():
    r = cli("trogdor", "nosuch", shell_redirect="2>&-", timeout=30)
    assert r.returncode == 2 and r.stdout == ""


def test_a_full_stderr_on_bad_input_is_quiet_with_exit_74():
    r = cli("trogdor", "new", "--players", "9", shell_redirect="2>/dev/full", timeout=30)
    assert r.returncode == 74 and r.stdout == ""


# ---- class 3: --option and --dask ------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(rulebook.REGISTRY))
@pytest.mark.parametrize("text", ["seed=3", "players=2", "rulings=x", "nosuchkey=1"])
def test_sweep_option_errors_are_one_line_naming_the_option(game, text):
    line = one_line_error(cli(game, "sweep", "--option", text, "--games", "1", "--workers", "1"))
    assert "--option" in line and text.split("=")[0] in line


@pytest.mark.parametrize(
    "game, file",
    [
        ("trogdor", "rulebook/trogdor/data/actions.toml"),
        ("trollland", "rulebook/trollland/data/people.toml"),
        ("encounter", "rulebook/encounter/data/plains.toml"),
        ("encounter-solo", "rulebook/encounter/data/plains.toml"),
    ],
)
def test_sweep_option_cards_reads_the_file(game, file):
    assert (ROOT / file).is_file(), file
    r = cli(game, "sweep", "--option", f"cards={file}", "--games", "1", "--workers", "1",
            "--no-progress", "--json", timeout=120)  # fmt: skip
    assert r.returncode == 0, r.stderr
    bad = cli(game, "sweep", "--option", "cards=no/such/file.toml", "--games", "1")
    line = one_line_error(bad)
    assert "--option cards=" in line and "not found" in line


def test_sweep_option_variants_is_a_list_of_keys():
    r = cli("encounter", "sweep", "--option", "variants=keys", "--games", "1", "--workers", "1",
            "--no-progress", "--json", timeout=120)  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert '"RE-VAR-KEYS": 0' not in r.stdout  # the Keys game was played
    line = one_line_error(cli("encounter", "sweep", "--option", "variants=nope", "--games", "1"))
    assert "--option" in line and "nope" in line


def test_sweep_option_with_a_bad_value_names_the_option_not_a_missing_one():
    line = one_line_error(cli("trogdor", "sweep", "--option", "knights=1", "--games", "1"))
    assert "--option" in line and "knights" in line and "has no new-game option" not in line


def test_dask_address_that_is_not_one_is_one_line():
    line = one_line_error(cli("trogdor", "sweep", "--dask", "notanaddress", "--games", "1"))
    assert "--dask" in line


def test_dask_address_where_nothing_answers_fails_within_seconds():
    start = time.monotonic()
    line = one_line_error(cli("trogdor", "sweep", "--dask", "127.0.0.1:1", "--games", "1"))
    assert "--dask" in line and time.monotonic() - start < 20


def test_dask_local_without_distributed_plays_here_and_names_the_extra():
    """Without the distributed package (the browser's Pyodide, a plain install) ``--dask local``
    plays the same seeded games on this process and says so, naming the extra that brings Dask."""
    code = (
        "import sys; sys.modules['distributed'] = None\n"
        "from trogkit.cli import main\n"
        "sys.exit(main(['trogdor', 'sweep', '--dask', 'local', '--games', '1']))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                       timeout=60, env=dict(os.environ))  # fmt: skip
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr[-800:]
    assert "games: 1" in r.stdout
    note = next(line for line in r.stdout.splitlines() if line.startswith("executor:"))
    assert "played here, not on Dask" in note and "pip install 'trogkit[scale]'" in note


def test_a_search_without_a_clock_of_its_own_is_stopped_by_the_wall_clock():
    """``encounter solo`` counts states only; the CLI runs it under ``wall_clock``."""
    from solvers.limits import LimitReached, wall_clock

    start = time.monotonic()
    with pytest.raises(LimitReached, match="--timeout"), wall_clock(0.2, "stop (--timeout)"):
        while True:
            pass
    assert time.monotonic() - start < 3
    help_text = " ".join(cli("encounter", "solo", "--help").stdout.split())
    assert "--timeout SECONDS" in help_text


def test_cli_budget_ranges_are_the_solvers_own():
    """The CLI states each solver's node maximum without importing it (start-up time)."""
    from solvers.trogdor import countryside, search, win_now
    from trogkit.commands.trogdor import MAX_NODES

    assert MAX_NODES == {"min-ap": search.MAX_NODES, "countryside": countryside.MAX_NODES,
                         "win-now": win_now.MAX_POSITIONS}  # fmt: skip
    for command, most in MAX_NODES.items():
        help_text = " ".join(cli("trogdor", command, "--help").stdout.split())
        assert f"at most {most:,}" in help_text, command


def test_encounter_counts_beyond_the_cards_name_their_option():
    line = one_line_error(cli("encounter", "odds", "Y3a+Y6a", "--k", "50"))
    assert "--k" in line and "1..43" in line
    line = one_line_error(cli("encounter", "build", "--hand", "Y1a,Y1b", "--vs", "Y2a", "--n", "3"))
    assert "--n" in line and "1..2" in line


def test_sampled_odds_draw_only_legal_encounters_and_agree_with_the_exact_count():
    """At k=34 almost every k-card set of the pool mixes Red with Blue: the sampler draws from
    the legal sides only, so 1,500 samples come fast and agree with the exact odds."""
    from rulebook.encounter import default_cards
    from solvers.encounter.odds import win_probability

    cards = default_cards()
    pool = [c for c in cards.ids("encounter") if c not in ("Y9a", "Y8a")]
    exact = win_probability(["Y9a", "Y8a"], 34, pool, cards)
    start = time.monotonic()
    sampled = win_probability(["Y9a", "Y8a"], 34, pool, cards, exact_limit=0, samples=1500,
                              seed=1, seconds=None)  # fmt: skip
    assert time.monotonic() - start < 20
    assert exact.method == "exact" and sampled.method == "sampled" and sampled.cases == 1500
    assert abs(float(sampled.win) - float(exact.win)) < 0.05


def test_sweep_budget_range_fits_the_search_agents_memory():
    from solvers.limits import NODE_BYTES, max_nodes
    from trogkit.commands.sweep import MAX_SIMULATIONS

    assert MAX_SIMULATIONS <= max_nodes(NODE_BYTES["sweep search agent"])
    line = one_line_error(cli("trogdor", "sweep", "--budget", "1000001", "--games", "1"))
    assert "--budget" in line and "1,000,000" in line
