"""Stored verification data written safely and loaded with its shape checked (issue 36):
--write goes where the user says (default: the current directory), is checked before the
search, never replaces a larger store without --force; one bad trace is reported and skipped."""

from __future__ import annotations

import json
import time

import pytest

from solvers.verify import store
from trogkit.cli import main

GAME = "encounter-solo"  # the fastest witness search


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_write_defaults_to_the_current_directory_never_the_package(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = "trollland"
    stored = store.path_of(game).read_bytes()
    code, _, err = run([game, "witness", "--all", "--write", "--budget", "1", "--force"], capsys)
    assert code == 0 and f"written to {game}.verify.json" in err
    assert store.load(game, tmp_path / f"{game}.verify.json")["witnesses"]
    assert store.path_of(game).read_bytes() == stored
    assert [p.name for p in tmp_path.iterdir()] == [f"{game}.verify.json"]  # no temporary left


def test_a_smaller_search_never_replaces_a_store_without_force(tmp_path, capsys):
    """`trollland witness --all --write --budget 1` replaced 34 witnesses by 30."""
    target = tmp_path / "trollland.verify.json"
    target.write_bytes(store.path_of("trollland").read_bytes())
    before = target.read_bytes()
    start = time.monotonic()
    code, out, err = run(["trollland", "witness", "--all", "--write", str(target), "--budget",
                          "1"], capsys)  # fmt: skip
    playouts = store.load("trollland")["stats"]["playouts"]
    assert code == 2 and out == "" and "--force" in err and f"{playouts} playouts" in err
    assert time.monotonic() - start < 5 and target.read_bytes() == before  # refused up front
    code, _, _ = run(["trollland", "witness", "--all", "--write", str(target), "--budget", "1",
                      "--force"], capsys)  # fmt: skip
    assert code == 0 and target.read_bytes() != before


def test_fewer_witnesses_are_refused_after_the_search(tmp_path, capsys):
    target = tmp_path / "s.json"
    target.write_bytes(store.path_of(GAME).read_bytes())
    data = json.loads(target.read_text())
    data["stats"]["playouts"] = 1  # the budget check passes; the witness count does not
    target.write_text(json.dumps(data))
    before = target.read_bytes()
    code, out, err = run([GAME, "witness", "--all", "--write", str(target), "--budget", "1"],
                         capsys)  # fmt: skip
    assert code == 2 and "witnesses" in err and "nothing written" in err
    assert target.read_bytes() == before


def test_a_folder_that_takes_no_file_is_refused_before_the_search(capsys):
    """(/proc takes no new file, for root too: a chmod'ed folder would not stop root.)"""
    start = time.monotonic()
    code, out, err = run([GAME, "witness", "--all", "--write", "/proc/x.verify.json"], capsys)
    assert code == 2 and out == "" and "cannot write in /proc" in err
    assert time.monotonic() - start < 5


def test_targets_that_cannot_be_written_are_refused_before_the_search(tmp_path, capsys):
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text('{"witnesses": ')
    for target, said in ((tmp_path / "nofolder" / "x.json", "does not exist"),
                         (tmp_path, "not a regular file"),
                         (corrupt, "not a readable verify store")):  # fmt: skip
        start = time.monotonic()
        code, out, err = run([GAME, "witness", "--all", "--write", str(target), "--budget",
                              "100000"], capsys)  # fmt: skip
        assert code == 2 and out == "" and said in err and str(target) in err
        assert "Traceback" not in err and time.monotonic() - start < 5


def test_write_without_all_is_refused_not_ignored(capsys):
    code, out, err = run([GAME, "witness", "RE-SOLO-RIDE", "--write", "--budget", "2"], capsys)
    assert code == 2 and out == "" and "--all" in err


def test_the_clock_covers_the_ruling_difference_search(monkeypatch):
    """`witness --all --write --timeout 5` ran the difference search without a clock (19.7 s)."""
    from solvers.verify.clock import Clock
    from solvers.verify.differ import differ_all

    monkeypatch.setattr("solvers.verify.differ.parting", lambda game, a, b: "")  # never part
    start = time.monotonic()
    clock = Clock(1.0)
    assert differ_all("encounter", budget=100_000, clock=clock) == {}
    assert clock.ran_out and time.monotonic() - start < 6


# ---- loading: the shape checked, the file, trace and field named, one bad entry skipped -------


def stored_copy(tmp_path, change):
    data = json.loads(store.path_of(GAME).read_text())
    change(data)
    p = tmp_path / "store.json"
    p.write_text(json.dumps(data))
    return p


def first(data, part="witnesses"):
    return data[part][sorted(data[part])[0]]


BAD_ENTRIES = {
    "actions not a list": (lambda d: first(d).update(actions="ride"), "field 'actions'"),
    "start not a table": (lambda d: first(d).update(start=[1]), "field 'start'"),
    "seed as text": (lambda d: first(d)["start"].update(seed="x"), "start: field 'seed'"),
    "rulings as text": (lambda d: first(d)["start"].update(rulings="x"), "field 'rulings'"),
    "unknown ruling": (lambda d: first(d)["start"].update(rulings={"NOPE": "x"}), "NOPE=x"),
    "missing rule": (lambda d: first(d).pop("rule"), "field 'rule' is missing"),
    "a trace as a list": (lambda d: d["witnesses"].update({"RE-X": []}), "'RE-X'"),
    "another game": (lambda d: first(d).update(game="trogdor"), "field 'game'"),
    "bad difference": (lambda d: first(d, "differences").update(versus="x"), "field 'versus'"),
}


@pytest.mark.parametrize("how", BAD_ENTRIES)
def test_one_bad_trace_is_reported_and_skipped(how, tmp_path):
    change, said = BAD_ENTRIES[how]
    p = stored_copy(tmp_path, change)
    good = store.load(GAME)
    with pytest.warns(UserWarning, match="skipped"):
        data = store.load(GAME, p)
    (why,) = data["skipped"].values()
    assert str(p) in why and said in why
    kept = len(data["witnesses"]) + len(data["differences"])
    assert kept in (len(good["witnesses"]) + len(good["differences"]) - 1,
                    len(good["witnesses"]) + len(good["differences"]))  # fmt: skip


@pytest.mark.parametrize(
    "text, said",
    [('{"witnesses": ', "not a readable verify store"),
     ("[1, 2]", "is a JSON object, not a list"),
     ('{"witnesses": []}', "field 'witnesses' is a table"),
     ('{"stats": "x"}', "field 'stats' is a table"),
     (b"\xff\xfe", "not a readable verify store")],
)  # fmt: skip
def test_a_file_that_is_not_a_store_names_the_file_and_field(text, said, tmp_path):
    p = tmp_path / "store.json"
    p.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(store.StoreError, match=said) as e:
        store.load(GAME, p)
    assert str(p) in str(e.value)


def test_the_stored_files_load_with_nothing_skipped():
    import rulebook

    for game in rulebook.games():
        assert store.load(game)["skipped"] == {}, game


def test_a_trace_field_the_dataclass_gains_later_still_loads(tmp_path, monkeypatch):
    """Compatible with a store written by a newer Trace: a field of the dataclass not checked
    here loads (only names no Trace has are refused)."""
    from solvers.verify.trace import TRACE_FIELDS

    monkeypatch.delitem(TRACE_FIELDS, "cost")
    p = stored_copy(tmp_path, lambda d: None)
    assert store.load(GAME, p)["skipped"] == {}
