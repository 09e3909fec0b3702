"""Exercises answered from code, as a hidden checked notebook cell does: once wrongly, once rightly,
asserting the feedback (rule IDs of refusals, rules fired, the engine's numbers)."""

from __future__ import annotations

import pytest

import rulebook
from boards import exercises as ex
from rulebook.common.game import random_game
from rulebook.encounter.setup import battle_position
from rulebook.trogdor import puzzle as trogdor_puzzle
from rulebook.trollland import puzzle as trollland_puzzle
from rulebook.trollland.scoring import score


@pytest.fixture
def tally():
    return ex.Score()


def trogdor_state(**kw):
    return trogdor_puzzle("normal", **{"trogdor": "C3", "knights": ["B2"], "peasants": ["C4"],
                                       "ap": 4, **kw})  # fmt: skip


def trollland_state():
    return trollland_puzzle(2, row={"V10": [[], ["Bi8", "Bi9"]], "V04": [], "V01": []},
                            chosen=[["Zo6"], ["Ni3"]], hands=[["T1a"], ["T2a"]])  # fmt: skip


def encounter_state():
    return battle_position([[["Y3a"], ["Y5a", "Y5b"]], [["Y1a"], [], ["Y9a", "G1"]]], to_move=1)


# ---- click --------------------------------------------------------------------------------------
def test_trogdor_click_burninate_wrong_then_right(tally):
    e = ex.burninate_squares(trogdor_state(), score=tally)
    assert e.solution() == ("C3",)  # only his own unburnt tile: no long-range card in force
    fb = e.answer(["C3", "A1"])
    assert not fb.correct and fb.right == ("C3",) and fb.wrong == ("A1",)
    assert fb.refusals["A1"].rule_id == "T-LONG-RANGE"
    assert "T-LONG-RANGE" in e.feedback.value and "Long-range burnination" in e.feedback.value
    assert sorted(e.view.marks) == [["A1", "wrong"], ["C3", "right"]]  # marked on the drawing
    assert e.answer(["C3"]).correct
    assert str(tally) == "1 of 1 right" and tally.attempts == 2


def test_trogdor_click_burnt_tile_is_refused_with_its_rule(tally):
    e = ex.burninate_squares(trogdor_state(burnt=["C3"]), score=tally)
    assert "C3" not in e.solution()
    fb = e.answer(["C3"])
    assert fb.refusals["C3"].rule_id.startswith("T-BURN")


def test_trollland_click_cages_wrong_then_right(tally):
    e = ex.cages_click(trollland_state(), "Zo6", score=tally)
    assert set(e.solution()) == {"cage:V10.1", "cage:V04.1", "cage:V01.1"}
    fb = e.answer(["cage:V10.2", "cage:V10.1"])
    assert not fb.correct and set(fb.missed) == {"cage:V04.1", "cage:V01.1"}
    assert ["cage:V04.1", "missed"] in e.view.marks
    assert fb.refusals["cage:V10.2"].rule_id == "TL-LOAD-CAGE-PEOPLE"
    assert e.answer(["cage:V10.1", "cage:V04.1", "cage:V01.1"]).correct


def test_encounter_click_attack_wrong_then_right(tally):
    e = ex.attack_click(encounter_state(), mine=1, score=tally)
    assert "P2" in e.question
    assert set(e.solution()) == {"encounter:P1.E1", "encounter:P1.E2"}
    fb = e.answer(["encounter:P1.E3"])
    assert fb.refusals["encounter:P1.E3"].rule_id == "RE-BATTLE-TARGET"
    assert e.answer(["encounter:P1.E1", "encounter:P1.E2"]).correct


def test_click_by_the_drawing_and_check_button(tally):
    e = ex.burninate_squares(trogdor_state(), score=tally)
    e.toggle("A1")
    e.toggle("C3")
    e.toggle("A1")  # a second click un-chooses
    assert e.view.selected == ["C3"]
    e.check_button.click()
    assert e.last.correct and "Right!" in e.feedback.value
    with pytest.raises(ValueError, match="not a target"):
        e.answer(["Z9"])


# ---- predict ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "state, action, rule",
    [(trogdor_state(), "move S", "T-MOVE"), (trollland_state(), "place Zo6 V04.1", None),
     (encounter_state(), "battle 3 P1:2", "RE-RESOLVE-LEVELS")],
)  # fmt: skip
def test_predict_every_game(tally, state, action, rule):
    e = ex.predict(state, action, score=tally)
    g = rulebook.game_of(state)
    after, ids = g.apply_traced(state, action)
    want = e.solution()
    assert want in e.choices and len(e.choices) >= 2
    wrong = next(c for c in e.choices if c != want)
    assert not e.answer(wrong).correct
    fb = e.answer(want)
    assert fb.correct and fb.after == after and fb.fired == tuple(dict.fromkeys(ids))
    if rule:
        assert rule in fb.fired
    assert "<img" in e.feedback.value  # the resulting board


def test_predict_a_refused_action_names_the_rule(tally):
    e = ex.predict(trogdor_state(), "burn tile at A1", score=tally)
    assert e.solution() == "refused by T-LONG-RANGE"
    assert e.answer(e.solution()).correct and "T-LONG-RANGE" in e.feedback.value


# ---- legal or not -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "state, action, rule",
    [(trogdor_state(), "burn tile at A1", "T-LONG-RANGE"),
     (trollland_state(), "place Zo6 V10.2", "TL-LOAD-CAGE-PEOPLE"),
     (encounter_state(), "battle 1 P1:3", "RE-BATTLE-TARGET")],
)  # fmt: skip
def test_legal_or_not_refused(tally, state, action, rule):
    e = ex.legal(state, action, score=tally)
    fb = e.answer(True)
    assert not fb.correct and fb.refusals[action].rule_id == rule and rule in fb.text
    assert e.answer(False).correct


def test_legal_or_not_legal_lists_the_rules_fired(tally):
    e = ex.legal(trogdor_state(), "burn tile", score=tally)
    assert not e.answer(False).correct
    fb = e.answer(True)
    assert fb.correct and "T-BURN-TILE" in fb.fired and fb.after.burnt != trogdor_state().burnt
    with pytest.raises(ValueError):
        e.answer("yes")


# ---- number -------------------------------------------------------------------------------------
def test_trogdor_number_fewest_ap_from_the_solver(tally):
    from solvers.trogdor import min_ap_cottage

    s = trogdor_puzzle("normal", trogdor="C3", ap=20)
    e = ex.fewest_ap_to_burn(s, "A1", score=tally)
    want = min_ap_cottage(s, "A1").ap
    assert want is not None and e.solution() == want
    assert "too high" in e.answer(want + 1).text
    fb = e.answer(want)
    assert fb.correct and "burn cottage" in fb.text  # the plan is shown
    board = rulebook.game("trogdor")
    played = s
    for a in min_ap_cottage(s, "A1").actions:  # the plan in the feedback really burns it
        played = board.apply(played, a)
    assert {str(k): v for k, v in played.cottages.items()}["A1"] is True


def test_trollland_number_points_from_scoring(tally):
    final = random_game(rulebook.game("trollland"), 3).final
    e = ex.points(final, 0, score=tally)
    want = score(final, 0).total
    assert e.solution() == want
    assert not e.answer(want - 1).correct and e.answer(want).correct
    assert "total:" in e.last.text


def test_trollland_number_vehicle_points(tally):
    final = next(
        p.final
        for seed in range(20)
        if (p := random_game(rulebook.game("trollland"), seed)).final.vehicles_won[0]
        and score(p.final, 0).vehicle_medals
    )
    e = ex.vehicle_points(final, 0, score=tally)
    want = sum(final.cards.vehicles[v].medals for v in final.vehicles_won[0])
    assert e.solution() == want == score(final, 0).vehicle_medals > 0
    assert not e.answer(0).correct and e.answer(want).correct
    assert final.vehicles_won[0][0] in e.last.text


def test_encounter_number_battle_level(tally):
    e = ex.battle_level(encounter_state(), 0, 2, score=tally)
    assert e.solution() == 10
    assert "too low" in e.answer(9).text
    assert e.answer(10).correct and "Y5a (5) + Y5b (5)" in e.last.text


# ---- drill --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "game, rule", [("trogdor", "T-BURN-TILE"), ("trollland", "TL-LOAD-CAPACITY"),
                   ("encounter", "RE-STAR-GREEN")],
)  # fmt: skip
def test_drill_gives_fresh_positions_checked_by_the_engine(tally, game, rule):
    d = ex.drill(game, rule, score=tally)
    first = d.new()
    second = d.new()
    assert (first.state, first.action) != (second.state, second.action)
    for e in (first, second):
        want = e.solution()
        g = rulebook.game(game)
        err = g.refusal(e.state, g.action(e.action))
        acts = err.rule_id == rule if err else rule in g.apply_traced(e.state, e.action)[1]
        assert want == acts
        assert not e.answer(not want).correct and e.answer(want).correct
    assert d.answer(second.solution()).correct
    assert tally.answered == 1  # one drill: one entry, its latest answer


def test_drill_refuses_an_unknown_rule():
    with pytest.raises(KeyError, match="not a rule"):
        ex.drill("trogdor", "T-NO-SUCH")


def test_drill_search_ends_within_its_budget():
    import time

    d = ex.drill("trogdor", "T-SETUP-DECKS")  # a set-up rule: no action ever makes it act
    t0 = time.monotonic()
    with pytest.raises(LookupError, match="no position"):
        d.new(tries=50, seconds=0.5)
    assert time.monotonic() - t0 < 3 and "no position" in d.note.value


# ---- score, hint, static rendering --------------------------------------------------------------
def test_score_counts_latest_answer_per_exercise(tally):
    a = ex.legal(trogdor_state(), "burn tile", score=tally)
    b = ex.legal(trogdor_state(), "burn tile at A1", score=tally)
    a.answer(False)
    b.answer(False)
    assert str(tally) == "1 of 2 right"
    a.answer(True)
    assert (
        str(tally) == "2 of 2 right" and "2 of 2 right" in b.score_line.value + a.score_line.value
    )


def test_hint_and_static_rendering(tally):
    e = ex.burninate_squares(trogdor_state(), score=tally)
    assert "AP" in e.show_hint() and "hint" in e.hint_box.value
    bundle = e.widget._repr_mimebundle_()
    assert bundle["image/svg+xml"].startswith("<svg")
    html = bundle["text/html"]
    assert "<details>" in html and "C3" in html.split("<details>")[1]
    assert "data:image/svg+xml;base64," in html and e.question in html


# ---- the hidden checked cell's self-check -------------------------------------------------------
def _every_kind(tally):
    yield ex.burninate_squares(trogdor_state(), score=tally)
    yield ex.cages_click(trollland_state(), "Zo6", score=tally)
    yield ex.attack_click(encounter_state(), mine=1, score=tally)
    yield ex.predict(trogdor_state(), "move S", score=tally)
    yield ex.predict(trollland_state(), "place Zo6 V04.1", score=tally)
    yield ex.predict(encounter_state(), "battle 3 P1:2", score=tally)
    yield ex.legal(trogdor_state(), "burn tile at A1", score=tally)
    yield ex.legal(trollland_state(), "place Zo6 V10.1", score=tally)
    yield ex.legal(encounter_state(), "battle 1 P1:3", score=tally)
    yield ex.fewest_ap_to_burn(trogdor_puzzle("normal", trogdor="C3", ap=20), "A1", score=tally)
    yield ex.points(random_game(rulebook.game("trollland"), 3).final, 1, score=tally)
    yield ex.battle_level(encounter_state(), 1, 3, score=tally)
    yield ex.drill("encounter", "RE-RESOLVE-LEVELS", score=tally).new()


def test_self_check_answers_wrongly_then_rightly_and_leaves_the_learner_alone(tally):
    for e in _every_kind(tally):
        e.feedback.value = "learner's feedback"
        line = e.self_check()
        assert line.startswith("wrong answer refused:") and "right answer accepted:" in line
        assert e.feedback.value == "learner's feedback" and e.last is None
        assert not getattr(getattr(e, "view", None), "marks", [])  # nothing marked either
    assert tally.answered == 0 and tally.attempts == 0


def test_self_check_fails_when_the_engine_disagrees(tally):
    e = ex.legal(trogdor_state(), "burn tile", score=tally)
    e.right_answer = lambda: False  # a stale, typed-in answer
    with pytest.raises(AssertionError, match="refused"):
        e.self_check()
