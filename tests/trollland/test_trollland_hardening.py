"""Issue 10 items for Trollland: sorted legal actions with one spelling per action, bounded and
linear input checks, every solver search within its budget, a generator that always ends."""

from __future__ import annotations

import json
import signal
import time

import pytest

from rulebook.common.game import random_game
from rulebook.trollland import puzzle
from rulebook.trollland.game import GAME
from solvers.limits import Budget, LimitReached
from solvers.trollland import LoadInputError, from_dict, load_file, replay, search, to_dict, z3load
from solvers.trollland.generate import random_problem


def test_legal_actions_are_sorted_by_text_in_every_step():
    for seed in range(4):
        s = GAME.new_game(seed, players=2 + seed)
        for a in random_game(GAME, seed, players=2 + seed).actions[:60]:
            legal = GAME.legal_actions(s)
            assert [str(x) for x in legal] == sorted(str(x) for x in legal)
            s = GAME.apply(s, a)


def test_a_pair_has_one_canonical_spelling():
    # TL-CHOOSE-TWO
    s = puzzle(2, phase="choose", hands=[["Zo3", "Bi1", "Go2"], ["Bi2", "Bi3"]])
    listed = {str(a) for a in GAME.legal_actions(s)}
    assert "choose Bi1 Zo3" in listed and "choose Zo3 Bi1" not in listed
    assert GAME.parse_action("choose Zo3 Bi1") == GAME.parse_action("choose Bi1 Zo3")
    assert GAME.refusal(s, "choose Zo3 Bi1") is None  # listed and accepted alike
    assert str(GAME.apply(s, "choose Zo3 Bi1")) == str(GAME.apply(s, "choose Bi1 Zo3"))


def test_generator_ends_when_the_pool_runs_out_of_cards():
    signal.signal(signal.SIGALRM, lambda *_: pytest.fail("random_problem did not end"))
    signal.alarm(10)
    try:
        pb = random_problem(70004, max_cards=20)  # one people: at most 16 cards of it
        big = [random_problem(seed, vehicles=14, max_cards=80) for seed in range(20)]
    finally:
        signal.alarm(0)
    assert len({c.people for c in pb.cards}) == 1 and 10 <= len(pb.cards) <= 16
    for p in big:
        keys = [(c.people, c.number) for c in (*p.cards, *p.dock)]
        assert len(keys) == len(set(keys))


def _question(cards: int = 4, vehicles: int = 2) -> dict:
    return {
        "vehicles": [{"id": f"V{i}", "cages": [{"capacity": 2}]} for i in range(vehicles)],
        "cards": [{"people": "Bi", "number": n} for n in range(cards)],
    }


def test_big_input_is_refused_quickly_and_briefly(tmp_path):
    data = _question(2)
    data["dock"] = [{"people": "Zo", "number": 1, "id": f"X{i}"} for i in range(8000)]
    f = tmp_path / "big.json"
    f.write_text(json.dumps(data))
    assert f.stat().st_size > 160_000
    t0 = time.perf_counter()
    with pytest.raises(LoadInputError) as e:
        load_file(f)
    assert time.perf_counter() - t0 < 1.0
    assert "at most 80" in str(e.value) and len(str(e.value)) < 300


def test_duplicates_are_found_in_linear_time():
    data = _question(0)
    data["dock"] = [{"people": p, "number": n} for p in ("Bi", "Zo", "Ze", "Ni", "Go")
                    for n in range(16)][:79] + [{"people": "Bi", "number": 0}]  # fmt: skip
    with pytest.raises(LoadInputError, match="Bi0 appears twice"):
        from_dict(data)


@pytest.mark.parametrize(
    "change, where",
    [
        (lambda d: d.update(vehicles=d["vehicles"] * 8), "at most 14"),
        (lambda d: d["cards"][0].update(id="a,b"), "cards\\[0\\].id"),
        (lambda d: d["cards"][0].update(id=""), "cards\\[0\\].id"),
        (lambda d: d["cards"][0].update(people=["Bi"]), "cards\\[0\\].people"),
        (lambda d: d["vehicles"][0].update(wheels=4), "unknown field"),
        (lambda d: d.update(rulings={"TLR-GAT-CHOICE": "voluntary"}), "rulings"),
        (lambda d: d.update(rulings={"TLR-QUESTION-DOCK": "sometimes"}), "TLR-QUESTION-DOCK"),
    ],
)
def test_input_beyond_the_game_is_a_clear_error(change, where):
    data = _question()
    change(data)
    with pytest.raises(LoadInputError, match=where):
        from_dict(data)


@pytest.mark.parametrize("make", ["dir", "not-utf8", "deep", "huge-int", "missing"])
def test_unreadable_files_are_load_input_errors(tmp_path, make):
    f = tmp_path / "q.json"
    if make == "dir":
        f.mkdir()
    elif make == "not-utf8":
        f.write_bytes(b'{"vehicles": "\xff"}')
    elif make == "deep":
        f.write_text("[" * 5000 + "]" * 5000)
    elif make == "huge-int":
        f.write_text('{"vehicles": [], "cards": [{"people": "Bi", "number": ' + "9" * 5000 + "}]}")
    with pytest.raises(LoadInputError, match="q.json"):
        load_file(f)


def _big_problem(seed: int):
    """14 vehicles and about 80 cards: beyond what either method proves in a second."""
    d = to_dict(random_problem(seed, vehicles=14, max_cards=32))
    used = {(c["people"], c["number"]) for c in d["cards"] + d["dock"]}
    used |= {(c["extra"]["people"], c["extra"]["number"]) for c in d["cards"] if "extra" in c}
    for p in ("Bi", "Zo", "Ze", "Ni", "Go"):
        for n in range(16):
            if (p, n) not in used and len(used) < 78:
                d["cards"].append({"people": p, "number": n, "player": "A"})
                used.add((p, n))
    return from_dict(d)


@pytest.mark.parametrize("method", [search.solve, z3load.solve])
def test_every_search_ends_within_its_budget_with_the_best_so_far(method):
    pb = _big_problem(1)
    t0 = time.perf_counter()
    with pytest.raises(LimitReached) as e:
        method(pb, budget=Budget(seconds=1.0))
    assert time.perf_counter() - t0 < 3.0
    best = e.value.best
    assert best is not None and best.refugees > 0
    # the best answer so far is a legal loading: it replays under the rules
    assert replay(pb, _choices(pb, best), "check").refugees == best.refugees


@pytest.mark.parametrize("method", [search.feasible, z3load.feasible])
def test_feasibility_is_bounded_too(method):
    for seed in (1, 2, 3):
        pb = _big_problem(seed)
        t0 = time.perf_counter()
        try:
            method(pb, Budget(seconds=1.0))
        except LimitReached as e:
            assert e.best is None
        assert time.perf_counter() - t0 < 3.0


def _choices(pb, result):
    from solvers.trollland.search import Model, steps

    m = Model(pb)
    labels = {m.label(c): c for c in range(len(m.cages))}
    items = {cid: j for j, (cid, _) in enumerate(m.items)}
    placed = iter(result.placements)
    out, prev = [], False
    for st in steps(pb):
        if st.extra and not prev:
            out.append("skip")
            continue
        p = next(placed)
        out.append(None if p.dest == "Trollgat" else (items.get(p.via), labels[p.dest]))
        prev = p.dest != "Trollgat" and p.via is None and st.card.symbol == "arrow"
    return out


def test_schema_carries_the_ruling_and_the_bounds():
    from pathlib import Path

    import jsonschema

    schema = json.loads(
        (Path(__file__).parents[2] / "solvers" / "trollland" / "load_schema.json").read_text()
    )
    data = _question()
    data["rulings"] = {"TLR-QUESTION-DOCK": "not-this-turn"}
    pb = from_dict(data)
    jsonschema.validate(to_dict(pb), schema)
    assert to_dict(pb)["rulings"] == {"TLR-QUESTION-DOCK": "not-this-turn"}
    too_many = _question(vehicles=15)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(too_many, schema)
    with pytest.raises(LoadInputError, match="at most 14"):
        from_dict(too_many)


def test_budget_answer_is_the_best_loading_found_so_far():
    pb = random_problem(5, vehicles=10, max_cards=40)
    greedy = search.greedy(pb)
    with pytest.raises(LimitReached) as e:  # a node budget: the same answer on every machine
        search.solve(pb, Budget(nodes=5000))
    better = e.value.best
    assert better.refugees < greedy.refugees and "not proven" in better.method
    assert replay(pb, _choices(pb, better), "check").refugees == better.refugees


def test_a_reversed_pair_built_as_an_action_is_the_listed_one():
    # TL-CHOOSE-TWO
    from rulebook.common.actions import Action

    s = puzzle(2, phase="choose", hands=[["Zo3", "Bi1"], ["Bi2", "Bi3"]])
    reversed_pair = Action("choose", ("Zo3", "Bi1"))
    assert GAME.action(reversed_pair) in GAME.legal_actions(s)
    assert GAME.refusal(s, reversed_pair) is None
    assert GAME.apply(s, reversed_pair) == GAME.apply(s, "choose Bi1 Zo3")


def test_shared_card_data_is_read_only():
    # TL-COMP-PEOPLE
    from rulebook.trollland import default_cards

    cards = default_cards()
    with pytest.raises(TypeError):
        cards.people["Zo1"] = cards.people["Zo2"]
    with pytest.raises(TypeError):
        del cards.vehicles["V01"]
    assert default_cards().people["Zo1"].number == 1


def test_positions_pickle_and_deepcopy():
    import copy
    import pickle

    s = GAME.new_game(1, players=3)
    assert pickle.loads(pickle.dumps(s)) == s and str(copy.deepcopy(s)) == str(s)
