"""Where no process can start (the lessons in the browser: Pyodide has no processes, threads or
``resource``), sweeps play on this one process and the strength table's CPU clock still reads."""

from __future__ import annotations

import builtins
import sys

from solvers.play import executors, strength, sweep


def test_sweeps_play_on_this_process_where_processes_cannot_start(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert executors.capped_workers(2, 60) == 1
    assert executors.capped_workers(None, 60) == 1

    def no_pool(*a, **k):
        raise OSError("emscripten does not support processes")

    monkeypatch.setattr(executors, "ProcessPoolExecutor", no_pool)
    rec = sweep.run("trollland", games=4, workers=2, progress=False)
    assert rec["games"] == 4 and sum(rec["outcomes"].values()) == 4


def test_strength_cpu_clock_without_the_resource_module(monkeypatch):
    real_import = builtins.__import__

    def no_resource(name, *a, **k):
        if name == "resource":
            raise ImportError("No module named 'resource'")
        return real_import(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_resource)
    before = strength._cpu()
    sum(i * i for i in range(200_000))
    assert strength._cpu() > before


def test_wall_clock_sets_no_alarm_in_the_browser(monkeypatch):
    """Pyodide's setitimer never rings: there wall_clock leaves the search to its node budget
    instead of pretending to keep time."""
    import signal
    import time

    from solvers.limits import wall_clock

    monkeypatch.setattr(sys, "platform", "emscripten")
    before = signal.getsignal(signal.SIGALRM)
    with wall_clock(0.01, "late"):
        assert signal.getsignal(signal.SIGALRM) is before
        time.sleep(0.05)  # no LimitReached: no alarm was set


def test_a_local_dask_sweep_without_dask_plays_here_and_says_so(monkeypatch):
    """The browser has no Dask: ``dask="local"`` plays the same seeded games in this process and
    the record says where they were played; an address still needs Dask (one clear line)."""
    import pytest

    from rulebook.common.errors import TrogkitInputError

    monkeypatch.setitem(sys.modules, "distributed", None)
    here = sweep.run("trollland", games=4, workers=1, progress=False)
    instead = sweep.run("trollland", games=4, dask="local", progress=False)
    assert instead.pop("executor") == sweep.NOT_ON_DASK and "not on Dask" in sweep.NOT_ON_DASK
    assert instead == here
    with pytest.raises(TrogkitInputError, match="needs the distributed package"):
        sweep.run("trollland", games=4, dask="tcp://127.0.0.1:8786", progress=False)


def test_charts_without_matplotlib_are_the_kits_svg_with_every_bar(monkeypatch):
    from solvers.play import figures

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    rec = sweep.run("trollland", games=6, workers=1, progress=False)
    bars = figures.win_rates([rec, rec], ["first", "second"], "two bars", line=1 / 3)
    hist = figures.lengths(rec)
    chart = figures.show(bars, hist)
    svg = chart._repr_svg_()
    assert svg.startswith("<svg") and "two bars" in svg and "first" in svg
    assert svg.count("<rect") == len(bars.bars) + len(hist.bars)
    assert "stroke-dasharray" in svg  # the reference line at 1/3
