"""Loading solver: z3 and search agree; answers replay legally; infeasible answers explain why."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from tl_helpers import CARDS, berth, pos

from rulebook.trollland import new_game
from solvers.limits import Budget, LimitReached
from solvers.trollland import (
    LoadInputError,
    best_pairs,
    from_dict,
    from_state,
    replay,
    solve_search,
    solve_z3,
    to_dict,
)
from solvers.trollland.generate import random_problem
from solvers.trollland.search import feasible as search_feasible
from solvers.trollland.search import steps
from solvers.trollland.z3load import feasible as z3_feasible

HERE = Path(__file__).resolve().parents[2] / "solvers" / "trollland"
SCHEMA = json.loads((HERE / "load_schema.json").read_text())


def _choices(pb, result):
    """Turn a result back into per-step choices, to replay it independently."""
    from solvers.trollland.search import Model

    m = Model(pb)
    labels = {m.label(c): c for c in range(len(m.cages))}
    dock = {cid: j for j, (cid, _) in enumerate(m.items)}  # the dock, then question cards
    placed = iter(result.placements)
    out = []
    prev_loaded = False
    for st in steps(pb):
        if st.extra and not prev_loaded:
            out.append("skip")
            continue
        p = next(placed)
        if p.dest == "Trollgat":
            out.append(None)
        else:
            out.append((dock.get(p.via) if p.via else None, labels[p.dest]))
        prev_loaded = p.dest != "Trollgat" and p.via is None and st.card.symbol == "arrow"
    return out


@pytest.mark.heavy  # starts first under xdist (conftest.py)
def test_z3_and_search_agree_on_500_generated_cases():
    # TL-LOAD-CAPACITY, TL-LOAD-CAGE-PEOPLE, TL-LOAD-VEHICLE-DISTINCT, TL-LOAD-TROLLGAT,
    # TL-SYMBOL-ARROW, TL-SYMBOL-QUESTION, TL-BANISH-ORDER: both methods, same answers
    infeasible = 0
    for seed in range(500):
        pb = random_problem(seed, vehicles=2 + seed % 4, max_cards=4 + seed % 5)
        a, b = solve_search(pb), solve_z3(pb, explain=False)
        assert a.refugees == b.refugees, f"seed {seed}: search {a.refugees}, z3 {b.refugees}"
        for r in (a, b):  # each placement replays legally with the same count
            assert replay(pb, _choices(pb, r), "check").refugees == r.refugees
        infeasible += a.refugees > 0
        assert search_feasible(pb) == a.feasible
        if seed % 10 == 0:
            assert z3_feasible(pb) == a.feasible
    assert 50 <= infeasible <= 450  # the generator really mixes both kinds


def test_z3_and_search_agree_on_cases_with_6_to_10_vehicles():
    # TL-LOAD-TROLLGAT and the rest: the forced-loading bound and the position memo (mirror
    # images, cages nobody can use any more) keep the search exact on bigger docks
    for seed in range(60):
        pb = random_problem(1000 + seed, vehicles=6 + seed % 5, max_cards=12 + seed % 6)
        a, b = solve_search(pb), solve_z3(pb, explain=False)
        assert a.refugees == b.refugees, f"seed {seed}: search {a.refugees}, z3 {b.refugees}"
        assert replay(pb, _choices(pb, a), "check").refugees == a.refugees


def test_lower_bound_holds_at_every_step_of_a_least_loading():
    # TL-LOAD-TROLLGAT: the bound may never promise fewer refugees than a loading really makes
    # (otherwise branch and bound would cut the best answer)
    from solvers.trollland.search import Model, apply_option

    checked = 0
    for seed in range(300):
        pb = random_problem(seed, vehicles=2 + seed % 9, max_cards=6 + seed % 15)
        answer = solve_search(pb)
        least = answer.refugees
        m = Model(pb)
        occ, cnt, ondock, spent, active = m.occ0, m.cnt0, m.start_dock, 0, False
        for i, choice in enumerate(_choices(pb, answer)):
            low = m.lower_bound(i, occ, cnt, ondock, active=active)
            assert low <= least - spent, f"seed {seed} step {i}"
            checked += 1
            if choice is None:
                spent += 1
            elif choice != "skip":
                occ, cnt, ondock = apply_option(m, i, occ, cnt, ondock, choice)
            # TL-SYMBOL-ARROW: the extra card comes when the arrow card itself boarded
            active = choice not in (None, "skip") and choice[0] is None
            active = active and m.steps[i].card.symbol == "arrow" and not m.steps[i].extra
        assert spent == least
    assert checked > 2000


def test_forced_loading_bound_proves_a_10_vehicle_case():
    # TL-LOAD-TROLLGAT: 14 Bimbos come before 15 Gobbos; the Bimbos must enter every vehicle
    # they can until they run out, so the Gobbos keep little room. The shared-room bound sees
    # 2 refugees; the forced-loading bound sees 6, and the search proves 7 in a few nodes
    from solvers.trollland.search import Model

    pb = random_problem(1, vehicles=10, max_cards=40)
    m = Model(pb)
    assert m.room_bound(m.need[0], m.occ0, m.cnt0) == 2
    assert m.lower_bound(0, m.occ0, m.cnt0) == 6
    assert solve_search(pb, Budget(nodes=5_000)).refugees == 7


def test_infeasible_answer_explains_with_rule_ids():
    pb = from_dict(json.loads((HERE / "examples" / "zoms.json").read_text()))
    r = solve_z3(pb)
    assert r.refugees == 2 and not r.feasible
    text = "\n".join(r.explanation)
    assert "cannot all be loaded" in text and "TL-LOAD-CAPACITY" in text
    assert "Dragon.3 TL-LOAD-VEHICLE-DISTINCT" in text and "Dragon.2 TL-LOAD-CAGE-PEOPLE" in text


def test_feasible_answer_names_departures_and_earners():
    pb = from_dict(
        {
            "vehicles": [{"id": "Cart", "cages": [{"capacity": 2, "people": "Go", "count": 1}]}],
            "cards": [{"people": "Go", "number": 9, "player": "B"}],
        }
    )
    for r in (solve_search(pb), solve_z3(pb)):
        assert r.feasible and [str(d) for d in r.departures] == [
            "Cart departs, earned by B (last card Go9)"
        ]


def test_question_mark_swap_used_when_it_saves_a_refugee():
    # TL-SYMBOL-QUESTION: the Bimbo cannot board, but swapping in the dock's Zelf can
    pb = from_dict(
        {
            "vehicles": [{"id": "V", "cages": [{"capacity": 1}, {"capacity": 1, "people": "Bi",
                                                              "count": 1}]}],
            "cards": [{"people": "Bi", "number": 6, "player": "A", "symbol": "question"},
                      {"people": "Bi", "number": 9, "player": "B"}],
            "dock": [{"people": "Ze", "number": 4}],
        }
    )  # fmt: skip
    for r in (solve_search(pb), solve_z3(pb)):
        assert r.refugees == 1 and r.placements[0].via == "Ze4"


def test_engine_position_to_problem_round_trip():
    s = pos(2, row=[berth("V07", ["Bi1"], [])], chosen=[["Zo3", "T2a"], ["Bi5"]], dock=["Ni4"])
    pb = from_state(s)
    assert [c.id for c in pb.cards] == ["Bi5", "Zo3"]  # Trolls are not loaded
    assert from_dict(to_dict(pb)) == pb
    jsonschema.validate(to_dict(pb), SCHEMA)


@pytest.mark.parametrize("name", ["zoms.json", "bimbos.json"])
def test_examples_match_the_schema(name):
    jsonschema.validate(json.loads((HERE / "examples" / name).read_text()), SCHEMA)


@pytest.mark.parametrize(
    "data, where",
    [
        ({"vehicles": []}, "vehicles"),
        ({"vehicles": [{"cages": [{"capacity": 5}]}], "cards": []}, "capacity"),
        ({"vehicles": [{"cages": [{"capacity": 1}]}], "cards": [{"people": "Xx", "number": 1}]},
         "people"),
        ({"vehicles": [{"cages": [{"capacity": 1}]}],
          "cards": [{"people": "Zo", "number": 1}, {"people": "Zo", "number": 1}]}, "twice"),
        ({"vehicles": [{"cages": [{"capacity": 1, "people": "Zo", "count": 1}]}], "cards": []},
         "already left"),
        ({"vehicles": [{"cages": [{"capacity": 1}]}],
          "cards": [{"people": "Zo", "number": 1, "extra": {"people": "Go", "number": 2}}]},
         "arrow"),
    ],
)  # fmt: skip
def test_bad_input_is_a_clear_error(data, where):
    with pytest.raises(LoadInputError, match=where):
        from_dict(data)


def test_best_pair_values_the_true_score_change():
    # TL-SCORE-SUITCASES, TL-SCORE-BONUS, TL-SCORE-MEDALS, TL-TROLL-3
    # P1 already holds a Nin pile topped by Ni9 (3 suitcases); P2 holds the Zom majority (Zo2, Zo3)
    s = pos(2, phase="choose", row=[berth("V06", ["Zo1"], ["Ni5"]), berth("V01")],
            hands=[["Ni7", "Go2", "T3a"], ["Bi1", "Bi2"]], won=[["Ni9"], ["Zo2", "Zo3"]])  # fmt: skip
    ranking = [(pv.pair, pv.value) for pv in best_pairs(s, 0, {1: []})]
    assert ranking == [
        # T3a steals Zo3, Ni7 completes V06 (medal 1) bringing Zo1: P1's Zom pile of 2 (top Zo3,
        # 1 suitcase) takes the Zom bonus (3); the Nin top stays Ni9 (+0)
        (("Ni7", "T3a"), 1 + 1 + 3),
        # V06: medal 1 + a Zom pile (Zo1: 1); the Nin pile keeps Ni9 on top; Go2 fills the cart: 1
        (("Go2", "Ni7"), 1 + 1 + 0 + 1),
        # Zo3 stolen (a 1-1 tie goes to P2's lower Zo2: no bonus) + the cart
        (("Go2", "T3a"), 1 + 1),
    ]


def test_best_pair_counts_companion_and_troll_5():
    # TL-SCORE-COMPANION, TL-TROLL-5
    # P1's Gob pile holds the companion Go0: every Gob top scores double
    s = pos(2, phase="choose", row=[berth("V04", ["Go3", "Go4"]), berth("V01")],
            hands=[["Go5", "T5a"], ["Bi1", "Bi2"]], won=[["Go0"], []])  # fmt: skip
    go5 = CARDS.people["Go5"].suitcases
    # T5a sends V04 (medal 1) with Go3, Go4; then Go5 fills the cart and tops the pile, doubled
    assert [(pv.pair, pv.value) for pv in best_pairs(s, 0, {1: []})] == [
        (("Go5", "T5a"), 1 + 2 * go5)
    ]


def test_best_pairs_is_bounded_by_a_budget():
    s = new_game(3, seed=5)
    with pytest.raises(LimitReached) as e:
        best_pairs(s, 0, {1: list(s.hands[1][:2]), 2: list(s.hands[2][:2])}, Budget(nodes=300))
    assert isinstance(e.value.best, list)  # the pairs valued before the budget ran out


def test_the_search_asks_the_loading_rule_of_the_rulebook():
    # TL-LOAD-CAPACITY, TL-LOAD-CAGE-PEOPLE, TL-LOAD-VEHICLE-DISTINCT: the search's own cage test
    # (``Model.legal``, on its flat arrays) opens exactly the cages the rulebook's one loading
    # rule (``cage_refusal``) opens, at every position of a random loading
    import random

    from rulebook.trollland import cage_refusal
    from rulebook.trollland.cards import PEOPLES
    from solvers.trollland.search import Model, apply_option

    compared = shut = 0
    for seed in range(150):
        pb = random_problem(seed, vehicles=2 + seed % 6, max_cards=4 + seed % 9)
        m, r = Model(pb), random.Random(seed)
        occ, cnt, ondock = m.occ0, m.cnt0, m.start_dock
        for i in range(len(m.steps)):
            for q, people in enumerate(PEOPLES):
                rule = []
                for c, (v, _) in enumerate(m.cages):
                    mine = [k for k in range(len(m.cages)) if m.vehicle_of[k] == v]
                    contents = [[PEOPLES[occ[k]]] * cnt[k] if occ[k] >= 0 else [] for k in mine]
                    caps = [m.cap[k] for k in mine]
                    if cage_refusal(people, caps, contents, mine.index(c)) is None:
                        rule.append(c)
                assert m.legal(q, occ, cnt) == rule, f"seed {seed} step {i} people {people}"
                compared += 1
                shut += len(m.cages) - len(rule)
            options = m.options(i, occ, cnt, ondock)
            if options:
                occ, cnt, ondock = apply_option(m, i, occ, cnt, ondock, r.choice(options))
    assert compared > 3000 and shut > 1000
