"""Where a sweep's games run: in this process, in local worker processes
(``concurrent.futures.ProcessPoolExecutor``), or on Dask (a running scheduler at an address, or a
``LocalCluster`` started for the sweep). Each task plays a chunk of seeds and returns records; the
records are put back in seed order, so every executor gives the same result."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed

from .play import GameRecord, Setup, play_chunk


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def chunks(seeds: list[int], workers: int) -> list[list[int]]:
    """About four chunks per worker: enough to balance uneven game lengths, few round trips."""
    size = max(1, len(seeds) // (4 * max(1, workers)))
    return [seeds[i : i + size] for i in range(0, len(seeds), size)]


def run_local(setup: Setup, seeds: list[int], workers: int, tick: Callable[[int], None]):
    if workers <= 1:
        out = []
        for part in chunks(seeds, 1):
            out += play_chunk(setup, part)
            tick(len(part))
        return out
    out: list[GameRecord] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {
            pool.submit(play_chunk, setup, part): len(part) for part in chunks(seeds, workers)
        }
        try:
            for f in as_completed(futures):
                out += f.result()
                tick(futures[f])
        except BaseException:
            for f in futures:
                f.cancel()
            raise
    return out


def run_dask(
    setup: Setup,
    seeds: list[int],
    address: str,
    workers: int,
    tick: Callable[[int], None],
    processes: bool = True,
):
    """``address`` is a scheduler address (``tcp://host:8786``) or ``"local"`` to start a
    LocalCluster of ``workers`` single-threaded workers for this sweep (closed afterwards).
    Without processes the cluster has one worker thread: rule tracing is per process."""
    from dask.distributed import Client, LocalCluster
    from dask.distributed import as_completed as dask_completed

    cluster = None
    if address == "local":
        cluster = LocalCluster(
            n_workers=workers if processes else 1,
            threads_per_worker=1,
            processes=processes,
            dashboard_address=None,
        )
        client = Client(cluster)
    else:
        client = Client(address)
    try:
        parts = chunks(seeds, workers)
        futures = client.map(play_chunk, [setup] * len(parts), parts, pure=False)
        sizes = {f.key: len(p) for f, p in zip(futures, parts, strict=True)}
        out: list[GameRecord] = []
        for f in dask_completed(futures):
            out += f.result()
            tick(sizes[f.key])
        return out
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
