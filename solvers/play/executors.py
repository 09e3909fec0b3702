"""Where a sweep's games run: in this process, in local worker processes
(``concurrent.futures.ProcessPoolExecutor``), or on Dask (a running scheduler at an address, a
``LocalCluster`` started for the sweep, or a warm cluster from ``dask_cluster()`` reused across
sweeps). Each task plays a chunk of seeds and returns records; the records are put back in seed
order, so every executor gives the same result.

An error in a game, or Ctrl-C, cancels the tasks not yet done and closes what the sweep started
(a pool or a LocalCluster); a warm cluster is left running, with no task of the sweep left on it.
Past a deadline, local processes are killed; a chunk already running on Dask (which cannot be
interrupted) stops itself before its next game (``chunk_until``).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager

from .play import GameRecord, Setup, play_chunk


def default_workers() -> int:
    """This machine's cores (those this process may run on): the default and the most workers
    a sweep starts (``--workers 1024`` started about 880 processes, 13.9 GB)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def capped_workers(workers: int | None, games: int) -> int:
    """Workers a sweep starts: as asked (default: the cores), at most the cores and the games;
    one (this process) where no process can be started (the browser: Pyodide)."""
    if not processes_available():
        return 1
    return max(1, min(workers or default_workers(), default_workers(), games))


def processes_available() -> bool:
    return sys.platform != "emscripten"


class TimeUp(Exception):
    """The sweep's deadline passed; ``records`` are the games finished before it."""

    def __init__(self, records: list):
        super().__init__("deadline passed")
        self.records = records


def chunks(seeds: list[int], workers: int) -> list[list[int]]:
    """About four chunks per worker: enough to balance uneven game lengths, few round trips."""
    size = max(1, len(seeds) // (4 * max(1, workers)))
    return [seeds[i : i + size] for i in range(0, len(seeds), size)]


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.0, deadline - time.monotonic())


@contextmanager
def _alarm(deadline: float | None):
    """SIGALRM at ``deadline`` raises TimeUp in this (the main) thread, also inside a long game:
    a game in this process has no other way to stop. Without SIGALRM (or off the main thread)
    the deadline is checked between games only."""
    usable = (
        deadline is not None
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    def ring(signum, frame):
        raise TimeUp([])

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, max(0.001, _left(deadline)))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _run_here(setup, seeds, tick, task, deadline):
    """Every game in this process, one seed per task call (a deadline loses at most one game)."""
    out: list = []
    try:
        with _alarm(deadline):
            for seed in seeds:
                if deadline is not None and _left(deadline) <= 0:
                    raise TimeUp([])
                out += task(setup, [seed])
                tick(1)
    except TimeUp:
        raise TimeUp(out) from None
    return out


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Queued chunks dropped and running games killed (a game can run long past a deadline)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        if p.is_alive():
            p.kill()


CHUNK_SECONDS = 0.5  # play one chunk of games should take (after the first, one-game chunks)


def run_local(
    setup: Setup,
    seeds: list[int],
    workers: int,
    tick: Callable[[int], None],
    task: Callable = play_chunk,
    deadline: float | None = None,
):
    """``task(setup, chunk of seeds)`` over the seeds on ``workers`` local processes, the lists
    it returns joined (in the order the chunks finish). ``task`` must be picklable by name.
    Chunks are sized as the games go (``ChunkPlan``): a deadline finds each worker at most
    CHUNK_SECONDS into a chunk (or in one long game), so past ``deadline``
    (``time.monotonic()``) TimeUp carries every game finished before it (a sweep of long games
    handed in none: its chunks of 25 games were all unfinished)."""
    if workers <= 1:
        return _run_here(setup, seeds, tick, task, deadline)
    out: list[GameRecord] = []
    plan, running = ChunkPlan(seeds, workers), {}
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        while plan.left or running:
            while plan.left and len(running) < 2 * workers:
                part = plan.next()
                running[pool.submit(_timed, task, setup, part)] = len(part)
            done, _ = wait(running, timeout=_left(deadline), return_when=FIRST_COMPLETED)
            if not done:
                raise TimeUp([])
            for f in done:
                records, seconds = f.result()
                plan.measured(running.pop(f), seconds)
                out += records
                tick(len(records))
    except TimeUp:
        out += _late(running)
        _stop_pool(pool)
        raise TimeUp(out) from None
    except BaseException:
        _stop_pool(pool)  # a failure or Ctrl-C: queued chunks dropped
        raise
    pool.shutdown()
    return out


def _timed(task, setup, part) -> tuple[list, float]:
    """``task(setup, part)`` and the seconds it took (a worker's task: sizes the next chunks)."""
    start = time.perf_counter()
    return task(setup, part), time.perf_counter() - start


class ChunkPlan:
    """The seeds, handed out in chunks: one game each at first, then as many as the games
    measured so far play in CHUNK_SECONDS, never more than ``chunks`` would give."""

    def __init__(self, seeds: list[int], workers: int):
        self.seeds, self.at = seeds, 0
        self.most = max(1, len(seeds) // (4 * max(1, workers)))
        self.games, self.seconds = 0, 0.0

    @property
    def left(self) -> bool:
        return self.at < len(self.seeds)

    def next(self) -> list[int]:
        size = 1
        if self.games:
            per_game = max(self.seconds / self.games, 1e-6)
            size = max(1, min(self.most, int(CHUNK_SECONDS / per_game)))
        part = self.seeds[self.at : self.at + size]
        self.at += len(part)
        return part

    def measured(self, games: int, seconds: float) -> None:
        self.games, self.seconds = self.games + games, self.seconds + seconds


def _late(running) -> list:
    """The games of the running chunks that finish within CHUNK_SECONDS of the deadline."""
    for f in running:
        f.cancel()  # only those not started yet
    done, _ = wait([f for f in running if not f.cancelled()], timeout=CHUNK_SECONDS)
    return [r for f in done if f.exception() is None for r in f.result()[0]]


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
    import sys

    if isinstance(dask, str) or "distributed" not in sys.modules:
        return False  # a Client exists only once distributed is imported (a slow import)
    from distributed import Client

    return isinstance(dask, Client)


def run_on_client(
    client,
    setup: Setup,
    seeds: list[int],
    tick: Callable[[int], None],
    deadline=None,
    task: Callable = play_chunk,
):
    """``task(setup, chunk of seeds)`` on ``client``'s workers (playing ``seeds`` by default);
    on any error or Ctrl-C the tasks are cancelled; past ``deadline``, TimeUp with the records
    finished."""
    from dask.distributed import as_completed as dask_completed

    workers = max(1, len(client.scheduler_info().get("workers", {}))) if seeds else 1
    parts = chunks(seeds, workers)
    if deadline is None:
        futures = client.map(task, [setup] * len(parts), parts, pure=False)
    else:  # the workers' clocks are not this process's monotonic one: the wall clock
        stop_at, k = time.time() + _left(deadline), len(parts)
        futures = client.map(chunk_until, [task] * k, [setup] * k, parts, [stop_at] * k, pure=False)
    sizes = {f.key: len(p) for f, p in zip(futures, parts, strict=True)}
    out: list[GameRecord] = []
    try:
        for f in dask_completed(futures, timeout=_left(deadline)):
            out += f.result()
            tick(sizes[f.key])
    except TimeoutError:
        client.cancel(futures)
        raise TimeUp(out) from None
    except BaseException:
        client.cancel(futures)
        raise
    return out


def chunk_until(task: Callable, setup, seeds: list[int], stop_at: float) -> list:
    """``task(setup, [seed])`` seed by seed until the wall clock (``time.time()``) reaches
    ``stop_at``: Dask cannot interrupt a task once it runs, so a chunk cancelled at the sweep's
    deadline stops itself within one game instead of playing all its seeds on the worker."""
    out: list = []
    for seed in seeds:
        if time.time() >= stop_at:
            break
        out += task(setup, [seed])
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
        with _connect(dask) as client:
            yield client


CONNECT_SECONDS = 5  # how long a scheduler address has to answer
_ADDRESS = re.compile(r"(?:(tcp|tls|ws|wss|ucx)://)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})")


def check_address(address: str) -> None:
    """``[tcp://]host:port`` (or tls, ws, wss, ucx; or inproc://), a port 1..65535: TrogkitInputError naming
    ``--dask`` otherwise (Dask's own ValueError was a traceback)."""
    from rulebook.common.errors import TrogkitInputError

    if address.startswith("inproc://") and len(address) > len("inproc://"):
        return  # a scheduler in this process (tests, notebooks)
    m = _ADDRESS.fullmatch(address)
    if m is None or not 1 <= int(m.group(3)) <= 65535 or not _host_name(m.group(2)):
        raise TrogkitInputError(
            f"--dask {address[:60]!r}: not a scheduler address; give HOST:PORT "
            "(e.g. tcp://127.0.0.1:8786) or 'local'"
        )


def _host_name(host: str) -> bool:
    """A host a resolver takes: an IP in brackets, or at most 253 characters in dot-separated
    labels of 1..63 (a 300-character label raised UnicodeError in the name lookup)."""
    if host.startswith("["):
        return True
    labels = host.rstrip(".").split(".")
    return len(host) <= 253 and all(0 < len(label) <= 63 for label in labels)


def distributed_available() -> bool:
    """The ``distributed`` package (the ``scale`` extra) can be imported here."""
    from importlib.util import find_spec

    try:
        return find_spec("distributed") is not None
    except (ImportError, ValueError):  # blocked (sys.modules entry None) or broken
        return False


def check_distributed() -> None:
    """The ``distributed`` package is there (the ``scale`` extra), or one line saying so."""
    from rulebook.common.errors import TrogkitInputError

    if not distributed_available():
        raise TrogkitInputError(
            "--dask needs the distributed package: pip install 'trogkit[scale]'"
        )


def _knock(address: str) -> None:
    """A plain TCP connection first (tcp:// or no scheme): a closed port or an unknown host is
    known at once, before Dask is imported and retries for CONNECT_SECONDS."""
    import socket

    from rulebook.common.errors import TrogkitInputError

    m = _ADDRESS.fullmatch(address)
    if m is None or m.group(1) not in (None, "tcp"):
        return
    host = m.group(2).strip("[]")
    try:
        socket.create_connection((host, int(m.group(3))), timeout=CONNECT_SECONDS).close()
    except (OSError, UnicodeError) as e:
        reason = getattr(e, "strerror", None) or type(e).__name__
        raise TrogkitInputError(
            f"--dask {address[:60]}: nothing answers there ({reason})"
        ) from None


@contextmanager
def _connect(address: str) -> Iterator:
    """A Client of the scheduler at ``address``, or within CONNECT_SECONDS one line saying that
    nothing Dask answered there (a closed port hung 32 s; another service gave CommClosedError,
    struct.error or a 3 EiB allocation)."""
    from rulebook.common.errors import TrogkitInputError

    _knock(address)
    from dask.distributed import Client

    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except Exception as e:  # OSError, TimeoutError, CommClosedError, struct.error, MemoryError
        raise TrogkitInputError(
            f"--dask {address[:60]}: no Dask scheduler answered within {CONNECT_SECONDS} s "
            f"({type(e).__name__})"
        ) from None
    with client:
        yield client
