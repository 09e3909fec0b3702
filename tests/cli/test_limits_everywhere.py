"""Every limit everywhere (issue 36): a sweep cut by its clock keeps every finished game, seeds
are checked with the offsets they will reach, a bad --dask host is one line."""

from __future__ import annotations

import time

from solvers.play.executors import TimeUp, run_local
from trogkit.cli import main


def slow_chunk(setup, seeds):
    """A chunk of games of 0.2 s each (picklable by name for the worker processes)."""
    out = []
    for seed in seeds:
        time.sleep(0.2)
        out.append(seed)
    return out


def test_a_local_sweep_cut_by_its_clock_keeps_the_finished_games_of_unfinished_chunks():
    """200 games on workers, --timeout 30: "0 of 200 games", because a chunk (25 games) is
    handed in whole or not at all. Here chunks of 5 games of 0.2 s, cut at 0.7 s."""
    start = time.monotonic()
    try:
        run_local(None, list(range(40)), 2, lambda n: None, slow_chunk, time.monotonic() + 0.7)
    except TimeUp as e:
        finished = sorted(e.records)
    else:
        raise AssertionError("the clock did not cut the sweep")
    assert time.monotonic() - start < 5
    assert len(finished) >= 4 and len(set(finished)) == len(finished)
    assert set(finished) <= set(range(40))


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


MAX = str(2**63 - 1)


def test_seeds_are_checked_with_the_offsets_they_will_reach(capsys):
    for argv in (["trogdor", "sweep", "--games", "5", "--seed", MAX, "--no-progress"],
                 ["trogdor", "witness", "T-MOVE", "--seed", MAX],
                 ["trogdor", "differ", "TR-PASS-AP", "--seed", MAX],
                 ["trogdor", "check", "--claim", "x.py:f", "--games", "3", "--seed", MAX]):  # fmt: skip
        start = time.monotonic()
        code, out, err = run(argv, capsys)
        assert code == 2 and out == "" and "past 2**63-1" in err, argv
        assert len(err.strip().splitlines()) == 1 and time.monotonic() - start < 5
    code, out, _ = run(["trogdor", "sweep", "--games", "1", "--seed", MAX, "--no-progress",
                        "--json"], capsys)  # fmt: skip
    assert code == 0 and '"games": 1' in out


def test_a_300_character_dask_host_is_one_clear_line(capsys):
    host = "a" * 300 + ":8786"
    for argv in (["trogdor", "sweep", "--games", "1", "--dask", host],
                 ["trogdor", "check", "--claim", "x.py:f", "--games", "1", "--dask", host]):  # fmt: skip
        code, out, err = run(argv, capsys)
        assert code == 2 and out == "" and "--dask" in err and "UnicodeError" not in err
