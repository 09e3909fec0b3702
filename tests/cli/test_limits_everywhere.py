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


def test_show_svg_refuses_what_is_not_a_regular_file(tmp_path, capsys):
    """A FIFO with no reader hung `show --svg`."""
    import os

    fifo = tmp_path / "picture.svg"
    os.mkfifo(fifo)
    code, position, _ = run(["trogdor", "new"], capsys)
    for target in (fifo, tmp_path):
        start = time.monotonic()
        code, out, err = run(["trogdor", "show", "--position", position.strip(), "--svg",
                              str(target)], capsys)  # fmt: skip
        assert code == 2 and out == "" and "not a regular file" in err
        assert time.monotonic() - start < 5
    code, _, _ = run(["trogdor", "show", "--position", position.strip(), "--svg",
                      str(tmp_path / "new.svg")], capsys)  # fmt: skip
    assert code == 0 and (tmp_path / "new.svg").read_text().startswith("<svg")


def test_option_cards_refuses_a_directory_in_every_game(tmp_path, capsys):
    """`sweep --option cards=DIR` loaded a 35 MB directory past the 1 MB file limit."""
    import shutil

    from rulebook.trogdor.cards import DATA_DIR

    shutil.copy(DATA_DIR / "actions.toml", tmp_path / "actions.toml")
    for game in ("trogdor", "trollland", "encounter", "encounter-solo"):
        code, out, err = run([game, "sweep", "--games", "1", "--no-progress", "--option",
                              f"cards={tmp_path}"], capsys)  # fmt: skip
        assert code == 2 and out == "" and "is a directory, not a card file" in err, game


def test_trogdor_refuses_an_empty_card_file_like_the_other_games(tmp_path, capsys):
    for name, text in (("empty.toml", ""), ("empty.json", "{}")):
        f = tmp_path / name
        f.write_text(text)
        for game in ("trogdor", "trollland", "encounter"):
            code, out, err = run([game, "new", "--cards", str(f)], capsys)
            assert code == 2 and out == "" and str(f) in err, (game, name)
        assert "no section" in err or "no [[card]]" in err


def test_a_rule_of_the_other_game_is_refused_up_front(capsys):
    """`encounter witness RE-SOLO-WIN` was searched to exit 3; `encounter-solo witness
    RE-ROUND-CAP` raised AttributeError (SoloState has no round)."""
    for game, rule, owner in (("encounter", "RE-SOLO-WIN", "encounter-solo"),
                              ("encounter-solo", "RE-ROUND-CAP", "encounter")):  # fmt: skip
        start = time.monotonic()
        code, out, err = run([game, "witness", rule, "--budget", "100000"], capsys)
        assert code == 2 and out == "" and f"{rule} is a rule of {owner}" in err
        assert time.monotonic() - start < 5


def test_chunks_grow_to_about_half_a_second_of_play_and_no_further():
    from solvers.play.executors import CHUNK_SECONDS, ChunkPlan

    def after(games, seconds):
        plan = ChunkPlan(list(range(10_000)), workers=2)
        plan.measured(games, seconds)
        return len(plan.next())

    plan = ChunkPlan(list(range(10_000)), workers=2)
    assert [len(plan.next()) for _ in range(3)] == [1, 1, 1]  # nothing measured yet
    assert after(10, 0.1) == int(CHUNK_SECONDS / 0.01)  # 10 ms a game
    assert after(10, 1e-6) == 10_000 // 8  # fast games: at most a quarter of a worker's share
    assert after(1, 600.0) == 1  # long games: one at a time
