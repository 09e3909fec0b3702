"""The solver answers the rulebook's question: on engine positions, its least number of refugees
is what an exhaustive search over the engine's own legal actions finds (TL-BANISH-ORDER,
TL-LOAD-TROLLGAT, TL-SYMBOL-QUESTION, TL-DEPART-FULL)."""

from __future__ import annotations

from functools import cache

import pytest

from rulebook.trollland import apply_action, default_cards, legal_actions, puzzle
from rulebook.trollland.game import GAME
from solvers.trollland import from_dict, from_state, solve_search, solve_z3, to_dict
from solvers.trollland.generate import Draws

CARDS = default_cards()
PESTS = sorted(c for c, card in CARDS.people.items() if not card.is_troll)


def engine_min_refugees(state) -> int:
    @cache
    def go(text: str) -> int:
        from rulebook.trollland import State

        s = State.parse(text)
        if s.phase not in ("load", "arrow"):
            return sum(len(g) for g in s.trollgat)
        return min(go(str(apply_action(s, a))) for a in legal_actions(s))

    return go(str(state))


def random_position(seed: int):
    """Two or three stand-in vehicles, partly filled, and 3-4 revealed cards of one or two
    peoples: crowded enough that refugees are common."""
    r = Draws(seed)
    peoples = r.shuffled(["Bi", "Zo", "Ze", "Ni", "Go"])
    decks = {
        p: iter(r.shuffled([c for c in PESTS if CARDS.people[c].people == p])) for p in peoples
    }
    revealed_peoples = peoples[: 1 + r.below(2)]
    row = {}
    for vid in r.shuffled(sorted(CARDS.vehicles))[: 2 + r.below(2)]:
        inside = r.shuffled(peoples)  # a different people per cage (TL-LOAD-VEHICLE-DISTINCT)
        cages = []
        for i, cap in enumerate(CARDS.vehicles[vid].cages):
            k = r.below(cap) if r.below(3) else 0  # never full
            cages.append([next(decks[inside[i]]) for _ in range(k)])
        row[vid] = cages
    cards = [next(decks[revealed_peoples[r.below(len(revealed_peoples))]]) for _ in range(4)]
    chosen = [cards[:2], cards[2 : 3 + r.below(2)]]
    dock = [next(decks[peoples[-1]]) for _ in range(r.below(3))]
    hands = [["T1a"], ["T2a"]]  # only Trolls in hand: an arrow has no effect (TL-SYMBOL-ARROW)
    return puzzle(2, row=row, chosen=chosen, dock=dock, hands=hands)


def test_solver_matches_exhaustive_engine_play():
    compared, refugees, several_questions = 0, 0, 0
    for seed in range(45):
        s = random_position(seed)
        questions = sum(CARDS.people[c].symbol == "question" for h in s.chosen for c in h)
        want = engine_min_refugees(s)
        refugees += want > 0
        pb = from_state(s)
        for got in (solve_search(pb).refugees, solve_z3(pb, explain=False).refugees):
            assert got == want, f"seed {seed}: solver {got}, engine {want}\n{s}"
        compared += 1
        several_questions += questions > 1
    assert compared == 45 and refugees >= 8  # both kinds of answers are compared
    assert several_questions >= 2


# Built to need TLR-QUESTION-DOCK: P2's Bi6 (question mark) swaps a dock card into the caterpillar,
# then P1's Ni8 or Go6 (question marks) can only be loaded by taking Bi6 back off the dock.
REUSE = dict(
    row={"V10": [[], ["Bi8", "Bi9"]]},
    chosen=[["Ni8", "Go6"], ["Bi6", "Zo10"]],
    dock=["Ni11", "Ze13"],
    hands=[["T1a"], ["T2a"]],
)


@pytest.mark.parametrize("ruling, want", [("any-present", 1), ("not-this-turn", 2)])
def test_solvers_follow_TLR_QUESTION_DOCK_like_the_engine(ruling, want):
    # TL-SYMBOL-QUESTION
    s = puzzle(2, **REUSE, rulings={"TLR-QUESTION-DOCK": ruling})
    assert engine_min_refugees(s) == want
    pb = from_state(s)
    assert pb.question_dock == ruling
    assert solve_search(pb).refugees == want
    assert solve_z3(pb, explain=False).refugees == want
    assert from_dict(to_dict(pb)).question_dock == ruling  # the JSON input carries the ruling


def test_engine_question_mark_takes_a_card_put_on_the_dock_this_turn():
    # TL-SYMBOL-QUESTION
    row = {"V04": [], "V01": []}
    for ruling in ("any-present", "not-this-turn"):
        s = puzzle(2, row=row, chosen=[["Bi6"], ["Zo4"]], dock=["Ni2"],
                   rulings={"TLR-QUESTION-DOCK": ruling})  # fmt: skip
        s = apply_action(s, "swap Bi6 Ni2 V04.1")
        assert s.dock == ("Bi6",) and s.swapped == {"Bi6"}
        err = GAME.refusal(s, "swap Zo4 Bi6 V01.1")
        if ruling == "any-present":
            assert err is None
            after = apply_action(s, "swap Zo4 Bi6 V01.1")
            assert after.dock == ("Zo4",) and after.vehicles_won[1] == ("V01",)  # V01 left with Bi6
        else:
            assert err.rule_id == "TL-SYMBOL-QUESTION" and "TLR-QUESTION-DOCK" in err.reason


@pytest.mark.heavy  # starts first under xdist (conftest.py)
def test_random_positions_under_both_question_dock_rulings():
    # TL-SYMBOL-QUESTION
    compared = 0
    for seed in range(45, 75):
        base = random_position(seed)
        for ruling in ("any-present", "not-this-turn"):
            s = GAME.parse(str(base).replace("rulings=-", f"rulings=TLR-QUESTION-DOCK={ruling}")
                           if ruling != "any-present" else str(base))  # fmt: skip
            want = engine_min_refugees(s)
            pb = from_state(s)
            assert solve_search(pb).refugees == want == solve_z3(pb, explain=False).refugees
            compared += 1
    assert compared == 60
