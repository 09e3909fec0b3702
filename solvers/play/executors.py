"""Where a sweep's games run: in this process, in local worker processes
(``concurrent.futures.ProcessPoolExecutor``), or on Dask (a running scheduler at an address, a
``LocalCluster`` started for the sweep, or a warm cluster from ``dask_cluster()`` reused across
sweeps). Each task plays a chunk of seeds and returns records; the records are put back in seed
order, so every executor gives the same result.

An error in a game, or Ctrl-C, cancels the tasks not yet done and closes what the sweep started
(a pool or a LocalCluster); a warm cluster is left running, with no task of the sweep left on it.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager

from .play import GameRecord, Setup, play_chunk


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def chunks(seeds: list[int], workers: int) -> list[list[int]]:
    """About four chunks per worker: enough to balance uneven game lengths, few round trips."""
    size = max(1, len(seeds) // (4 * max(1, workers)))
    return [seeds[i : i + size] for i in range(0, len(seeds), size)]


def run_local(
    setup: Setup,
    seeds: list[int],
    workers: int,
    tick: Callable[[int], None],
    task: Callable = play_chunk,
):
    """``task(setup, chunk of seeds)`` over the seeds on ``workers`` local processes, the lists
    it returns joined (in the order the chunks finish). ``task`` must be picklable by name."""
    if workers <= 1:
        out = []
        for part in chunks(seeds, 1):
            out += task(setup, part)
            tick(len(part))
        return out
    out: list[GameRecord] = []
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        futures = {pool.submit(task, setup, part): len(part) for part in chunks(seeds, workers)}
        for f in as_completed(futures):
            out += f.result()
            tick(futures[f])
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)  # a failure or Ctrl-C: queued chunks dropped
        raise
    pool.shutdown()
    return out


# ---- Dask -----------------------------------------------------------------------------------------


# Start-up of a LocalCluster (the "start-up and close alone" line of `python -m benchmarks.agents`;
# measured under load 6: 3.1-3.4 s with a fork server against 5.2-6.4 s with Dask's default).
# Spawn starts a fresh interpreter per worker that imports Dask and the rules, and takes ~0.8 s to
# close. A fork server (POSIX) pays that import once per Python session, in one single-threaded
# process, and forks each worker from it: the next cluster of the session starts in ~0.4 s, and
# closing takes ~0.1 s. Plain fork would be faster still, but it would fork a process that runs
# Dask's event-loop threads, which can deadlock the child.
PRELOAD = ["distributed", "solvers.play.play"]


def _start_method() -> str:
    """How a LocalCluster starts its worker processes: a fork server where there is one."""
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def _start_fork_server() -> None:
    """Start the fork server before this process imports Dask, so that the two imports can run
    at once on two cores, with a short preload: Dask's own also imports numpy and pandas, here and
    in the server (cold start-up 1.6-2 s longer, measured under load 7)."""
    from multiprocessing import forkserver

    multiprocessing.get_context("forkserver").set_forkserver_preload(PRELOAD)
    forkserver.ensure_running()  # returns at once; the server imports PRELOAD meanwhile
    import distributed.utils

    distributed.utils._forkserver_preload_set = True  # Dask's once-flag: keep the short preload


def start_local_cluster(workers: int | None = None, processes: bool = True):
    """A ``(cluster, client)`` pair: a LocalCluster of ``workers`` single-threaded workers (default:
    this machine's cores) on a free port, no dashboard, only errors logged. Without processes the
    cluster has one worker thread: rule tracing is per process."""
    method = _start_method()
    if method == "forkserver" and processes:
        _start_fork_server()
    import dask
    from dask.distributed import Client, LocalCluster

    k = workers or default_workers()
    with dask.config.set({"distributed.worker.multiprocessing-method": method}):
        cluster = LocalCluster(
            n_workers=k if processes else 1,
            threads_per_worker=1,
            processes=processes,
            scheduler_port=0,
            dashboard_address=None,
            # no dashboard, but the scheduler's health routes still listen: on a free port, so two
            # clusters never fight over 8787
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            silence_logs=logging.ERROR,
        )
    try:
        return cluster, Client(cluster)
    except BaseException:
        cluster.close()
        raise


@contextmanager
def dask_cluster(workers: int | None = None, processes: bool = True) -> Iterator:
    """A warm LocalCluster for several sweeps (a notebook, a study over presets): pays the start-up
    once. Yields a ``distributed.Client`` to pass as ``run(..., dask=client)``; the cluster is
    closed when the block ends, also on an error or Ctrl-C."""
    cluster, client = start_local_cluster(workers, processes)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def is_client(dask) -> bool:
    """Whether ``dask`` is a ``distributed.Client`` (a warm cluster), not an address."""
    try:
        from dask.distributed import Client
    except ImportError:  # pragma: no cover - dask is a dependency
        return False
    return isinstance(dask, Client)


def run_on_client(client, setup: Setup, seeds: list[int], tick: Callable[[int], None]):
    """Play ``seeds`` on ``client``'s workers; on any error or Ctrl-C the tasks are cancelled."""
    from dask.distributed import as_completed as dask_completed

    workers = max(1, len(client.scheduler_info().get("workers", {}))) if seeds else 1
    parts = chunks(seeds, workers)
    futures = client.map(play_chunk, [setup] * len(parts), parts, pure=False)
    sizes = {f.key: len(p) for f, p in zip(futures, parts, strict=True)}
    out: list[GameRecord] = []
    try:
        for f in dask_completed(futures):
            out += f.result()
            tick(sizes[f.key])
    except BaseException:
        client.cancel(futures)
        raise
    return out


@contextmanager
def dask_client(dask, workers: int, processes: bool = True) -> Iterator:
    """A client for ``dask``: a Client given (a warm cluster, left open), ``"local"`` (a
    LocalCluster of ``workers`` started here and closed at the end), or a scheduler address."""
    if is_client(dask):
        yield dask
    elif dask == "local":
        with dask_cluster(workers, processes) as client:
            yield client
    else:
        from dask.distributed import Client

        with Client(dask) as client:
            yield client
