"""Executors: a warm Dask cluster reused across sweeps gives the same record as this process and
is started once; ``dask="local"`` starts one cluster per call (a ``compare`` shares it); the
progress bar counts every game on every executor; an error in a game or a Ctrl-C cancels the
sweep's tasks and closes what the sweep started (a warm cluster stays up, with nothing left on
it); a bad new-game option is one clear error before any worker starts."""

import pytest
import tqdm.auto

from rulebook.common.errors import TrogkitInputError
from solvers.play import executors, sweep
from solvers.play.play import Setup

CHEAP = dict(game="trollland", games=12, agent="random", seed=3)
FAILING = Setup("trogdor", options=(("preset", "nope"),))  # every game's set-up raises


@pytest.fixture(scope="module")
def warm():
    with executors.dask_cluster(2) as client:
        yield client


@pytest.fixture
def started(monkeypatch):
    """Every LocalCluster the sweep starts, in order."""
    clusters = []
    start = executors.start_local_cluster

    def spy(*args, **kwargs):
        cluster, client = start(*args, **kwargs)
        clusters.append(cluster)
        return cluster, client

    monkeypatch.setattr(executors, "start_local_cluster", spy)
    return clusters


def _tasks_on(client) -> int:
    return client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))


def _until_no_tasks(client, tries: int = 200) -> int:
    """Tasks left on the scheduler once cancellation has gone through (bounded: ``tries`` polls)."""
    import time

    for _ in range(tries):
        if not _tasks_on(client):
            return 0
        time.sleep(0.05)
    return _tasks_on(client)


def test_a_warm_cluster_is_reused_and_gives_the_same_records(warm, started):
    one = sweep.run(**CHEAP, workers=1, progress=False)
    assert sweep.run(**CHEAP, dask=warm, progress=False) == one
    other = dict(CHEAP, game="trogdor", seed=40)
    assert sweep.run(**other, dask=warm, progress=False) == sweep.run(
        **other, workers=1, progress=False
    )
    assert started == []  # the warm cluster served both sweeps
    assert warm.status == "running"


def test_dask_local_starts_one_cluster_for_a_compare_and_closes_it(started):
    kwargs = dict(game="trogdor", games=6, seed=2, compare="TR-PASS-AP", progress=False)
    assert sweep.run(**kwargs, dask="local", workers=2) == sweep.run(**kwargs, workers=1)
    (cluster,) = started
    assert cluster.status.name == "closed"


@pytest.mark.parametrize("where", ["in-process", "local processes", "warm cluster"])
def test_the_progress_bar_counts_every_game_on_every_executor(where, warm, capsys):
    how = {"in-process": {"workers": 1}, "local processes": {"workers": 2}}.get(where)
    sweep.run(**CHEAP, progress=True, **(how or {"dask": warm}))
    err = capsys.readouterr().err
    assert "12/12" in err and "13/12" not in err


def test_a_failing_game_on_a_warm_cluster_cancels_the_sweep_and_leaves_the_cluster_usable(warm):
    ticks = []
    with pytest.raises(TrogkitInputError, match="preset 'nope'"):
        executors.run_on_client(warm, FAILING, list(range(40)), ticks.append)
    assert ticks == []
    assert _until_no_tasks(warm) == 0
    assert sweep.run(**CHEAP, dask=warm, progress=False) == sweep.run(
        **CHEAP, workers=1, progress=False
    )


def test_ctrl_c_on_a_warm_cluster_cancels_the_tasks_not_yet_done(warm):
    def interrupt(n):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        executors.run_on_client(warm, Setup("trogdor"), list(range(200)), interrupt)
    assert _until_no_tasks(warm) == 0


class _InterruptedBar(tqdm.auto.tqdm):
    """A progress bar whose first update is a Ctrl-C (as if the user pressed it mid-sweep)."""

    def update(self, n=1):
        raise KeyboardInterrupt


def test_ctrl_c_during_a_dask_local_sweep_closes_its_cluster(started, monkeypatch):
    monkeypatch.setattr(tqdm.auto, "tqdm", _InterruptedBar)
    with pytest.raises(KeyboardInterrupt):
        sweep.run(**CHEAP, dask="local", workers=2, progress=True)
    (cluster,) = started
    assert cluster.status.name == "closed"


def test_a_failing_game_in_local_processes_reaches_the_caller():
    ticks = []
    with pytest.raises(TrogkitInputError, match="preset 'nope'"):
        executors.run_local(FAILING, list(range(40)), 2, ticks.append)
    assert ticks == []


def test_ctrl_c_during_a_local_process_sweep_reaches_the_caller(monkeypatch):
    monkeypatch.setattr(tqdm.auto, "tqdm", _InterruptedBar)
    with pytest.raises(KeyboardInterrupt):
        sweep.run(**CHEAP, workers=2, progress=True)


@pytest.mark.parametrize(
    "options,message",
    [({"preset": "nope"}, "preset 'nope'"), ({"nonsense": 3}, "no new-game option nonsense")],
)
def test_a_bad_new_game_option_is_one_clear_error_before_any_cluster_starts(
    options, message, started
):
    with pytest.raises(TrogkitInputError, match=message):
        sweep.run("trogdor", games=4, options=options, dask="local", progress=False)
    assert started == []


def test_dask_must_be_an_address_local_or_a_client():
    with pytest.raises(TrogkitInputError, match="dask is"):
        sweep.run("trogdor", games=2, dask=3, progress=False)


def test_a_chunk_running_past_the_deadline_on_a_warm_cluster_stops_itself(warm, tmp_path):
    import time

    log = tmp_path / "played"

    def slow_chunk(setup, seeds):  # 0.05 s per seed, one line per seed played
        for seed in seeds:
            time.sleep(0.05)
            with open(log, "a") as f:
                f.write(f"{seed}\n")
        return [None] * len(seeds)

    def played() -> int:
        return len(log.read_text().split()) if log.exists() else 0

    start = time.monotonic()
    with pytest.raises(executors.TimeUp):  # two chunks of 100 seeds: 5 s each if never stopped
        executors.run_on_client(
            warm, Setup("trogdor"), list(range(200)), lambda n: None, start + 0.3, slow_chunk
        )
    time.sleep(0.6)  # the game under way when the deadline passed ends (under load too)
    after = played()
    time.sleep(0.5)
    assert played() == after < 40  # no game starts on a worker after the deadline
    assert _until_no_tasks(warm) == 0


def test_chunk_until_plays_seed_by_seed_and_stops_at_the_wall_clock():
    import time

    played = []

    def record(setup, seeds):
        played.extend(seeds)
        return list(seeds)

    assert executors.chunk_until(record, None, [1, 2, 3], time.time() + 60) == [1, 2, 3]
    assert executors.chunk_until(record, None, [4, 5], time.time() - 1) == []
    assert played == [1, 2, 3]
