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
