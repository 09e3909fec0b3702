"""Exercises answered from code, as a hidden checked notebook cell does: once wrongly, once rightly,
asserting the feedback (rule IDs of refusals, rules fired, the engine's numbers)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import drawings
import rulebook
from boards import exercises as ex
from drawings.words import change_words
from rulebook.common.errors import TrogkitInputError
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
    # the first try was wrong: it stays wrong in the score, the exercise counts as solved
    assert str(tally) == "0 of 1 right at the first try, 1 solved" and tally.attempts == 2


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
    assert ["cage:V10.1", "right"] in e.view.marks and fb.judged
    assert ["cage:V04.1", "missed"] not in e.view.marks  # missed ones are left to find
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
    fb = e.answer(["Z9"])  # not a target: said so, never raised, not counted
    assert not fb.judged and "not a target of this exercise: Z9" in e.feedback.value
    assert tally.attempts == 1


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
    assert e.solution() == "nothing changes: the rules refuse it"
    wrong = e.answer(next(c for c in e.choices if c != e.solution()))
    assert not wrong.correct and "T-LONG-RANGE" in wrong.text and "here:" in wrong.text
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
    assert "C3 burns" in fb.text  # what it does, in the board's words


# ---- number -------------------------------------------------------------------------------------
def test_trogdor_number_fewest_ap_from_the_solver(tally):
    from solvers.trogdor import min_ap_cottage

    s = trogdor_puzzle("normal", trogdor="C3", ap=20)
    e = ex.fewest_ap_to_burn(s, "A1", score=tally)
    want = min_ap_cottage(s, "A1").ap
    assert want is not None and e.solution() == want
    assert "too high" in e.answer(want + 1).text and "count the moves to reach A1" in e.last.text
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
def test_drill_gives_fresh_positions_a_learner_can_answer(tally, game, rule):
    d = ex.drill(game, rule, score=tally)
    g = rulebook.game(game)
    seen = []
    for _ in range(4):
        e = d.new()
        seen.append((str(e.state), e.action))
        # the question is about the board, never "does <rule> act"
        assert rule not in e.question and "act" not in e.question.split()
        err = g.refusal(e.state, g.action(e.action))
        if err is not None:  # refused: "is it legal?", answered by the refusal
            assert isinstance(e, ex.LegalExercise) and e.solution() is False
        else:  # legal: "what happens?", answered by playing it
            assert isinstance(e, ex.PredictExercise)
            assert e.solution() == change_words(e.state, g.apply(e.state, e.action))
        assert not e.answer(e.wrong_answer()).correct and e.answer(e.solution()).correct
        # the drill's board shows the new position
        assert _board_of(d.widget).svg == drawings.svg(e.state)
        assert rule in e.hint()
    assert len(set(seen)) == len(seen)
    assert d.answer(d.current.solution()).correct
    assert tally.answered == 4  # one entry per position


def test_capacity_drill_never_marks_wrong_an_empty_cage_placement(tally):
    # the case: a placement into an empty cage is asked as "what happens", so a learner
    # who knows the text (capacity is not involved) is never asked whether TL-LOAD-CAPACITY acts
    d = ex.drill("trollland", "TL-LOAD-CAPACITY", score=tally)
    for _ in range(6):
        e = d.new()
        if isinstance(e, ex.PredictExercise):
            assert "into" in e.solution() or e.solution().startswith("nothing changes")


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
    d.new_button.click()  # the button: said on the drill, not raised
    assert d.current is None and "no position found for T-SETUP-DECKS" in d.note.value


# ---- score, hint, solution, static rendering ----------------------------------------------------
def test_score_counts_first_tries(tally):
    a = ex.legal(trogdor_state(), "burn tile", score=tally)
    b = ex.legal(trogdor_state(), "burn tile at A1", score=tally)
    a.answer(False)
    b.answer(False)
    assert str(tally) == "1 of 2 right at the first try, 1 solved"
    a.answer(True)  # a retry solves it, but the first try stays wrong
    assert str(tally) == "1 of 2 right at the first try, 2 solved"
    assert "1 of 2 right at the first try, 2 solved" in a.score_line.value


def test_score_survives_a_kernel_restart(tmp_path):
    path = tmp_path / "trogkit-score.json"
    e = ex.legal(trogdor_state(), "burn tile", score=ex.Score(path))
    e.answer(True)
    again = ex.legal(trogdor_state(), "burn tile at A1", score=ex.Score(path))  # a new kernel
    again.answer(True)
    assert str(again.score) == "1 of 2 right at the first try, 1 solved"
    assert set(json.loads(path.read_text())["first"]) == {e.key, again.key}


def test_the_default_score_lives_beside_the_notebook(tmp_path, monkeypatch):
    from boards.exercises.core import SCORE_FILE, Score

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TROGKIT_SCORE", raising=False)
    score = Score(lambda: Path.cwd() / SCORE_FILE)  # what SCORE is
    ex.legal(trogdor_state(), "burn tile", score=score).answer(True)
    assert json.loads((tmp_path / SCORE_FILE).read_text())["solved"]


def test_a_file_that_is_not_a_score_is_never_overwritten(tmp_path):
    path = tmp_path / "trogkit-score.json"
    path.write_text("my notes", encoding="utf-8")
    score = ex.Score(path)
    ex.legal(trogdor_state(), "burn tile", score=score).answer(True)
    assert (
        path.read_text() == "my notes"
        and score.right == 1
        and "not a trogkit score" in (score.problem)
    )


def test_show_solution_counts_as_a_missed_first_try(tally):
    e = ex.burninate_squares(trogdor_state(), score=tally)
    assert e.show_solution() == "C3" and "C3" in e.solution_box.value
    assert e.view.marks == [["C3", "solution"]]
    e.answer(["C3"])
    assert str(tally) == "0 of 1 right at the first try, 1 solved"


def test_hint_and_static_rendering_keep_the_answer_collapsed(tally):
    e = ex.burninate_squares(trogdor_state(burnt=["C3"]), score=tally)
    assert "AP" in e.show_hint() and "hint" in e.hint_box.value
    bundle = e.widget._repr_mimebundle_()
    assert bundle["image/svg+xml"].startswith("<svg")
    html = bundle["text/html"]
    before, answer = html.split("<details>")
    assert "none is possible" in answer and "none is possible" not in before
    assert "data:image/svg+xml;base64," in html and e.question in html


# ---- every kind shows its position ---------------------------------------------------------
def _board_of(widget):
    """The live board (BoardView) inside an exercise's widget tree."""
    from boards.view import BoardView

    todo = [widget]
    while todo:
        w = todo.pop(0)
        if isinstance(w, BoardView):
            return w
        todo.extend(getattr(w, "children", ()))
    raise AssertionError("no live board in the exercise")


def test_every_kind_shows_its_live_board_beside_the_question(tally):
    for e in _every_kind(tally):
        view = _board_of(e.widget)
        assert view.svg == drawings.svg(e.state), e.question
        assert html.escape(e.question) in e.title.value
        assert int(view.layout.max_width.removesuffix("px")) <= 900  # at most ~300 px tall


# ---- answers that cannot be judged ----------------------------------------------------------
def test_bad_answers_are_told_what_to_enter_and_not_counted(tally):
    for e in _every_kind(tally):
        for bad in (None, object(), -1, 1.5, "no such thing", ["Z9"]):
            fb = e.answer(bad)
            assert not fb.correct and not fb.judged, (e.question, bad, fb.text)
            assert fb.text and "Not quite" not in e.feedback.value
        fb = e.check()  # Check with nothing chosen
        assert not fb.judged and "first" in fb.text
    assert tally.answered == 0 and tally.attempts == 0


def test_legal_and_predict_refuse_indexes_and_numbers(tally):
    legal = ex.legal(trogdor_state(), "burn tile", score=tally)
    assert not legal.answer(1).judged and not legal.answer(0).judged
    predict = ex.predict(trogdor_state(), "move S", score=tally)
    assert not predict.answer(-1).judged and not predict.answer(len(predict.choices)).judged
    assert predict.answer(predict.choices.index(predict.solution())).correct


def test_number_entry_is_read_from_the_text_box(tally):
    e = ex.battle_level(encounter_state(), 0, 2, score=tally)
    for text, judged in (("", False), ("abc", False), ("-3", False), (" 10 ", True)):
        e.entry.value = text
        assert e.check().judged is judged, text
    assert e.last.correct


def test_out_of_range_players_and_slots_are_refused_when_built():
    final = random_game(rulebook.game("trollland"), 3).final
    with pytest.raises(TrogkitInputError, match="player -1 is not one of 0..2"):
        ex.points(final, -1)  # not the last player as "P0"
    with pytest.raises(TrogkitInputError, match="player 3"):
        ex.vehicle_points(final, 3)
    with pytest.raises(TrogkitInputError, match="slot 0 is not one of 1..5"):
        ex.battle_level(encounter_state(), 0, 0)
    with pytest.raises(TrogkitInputError, match="player 5"):
        ex.battle_level(encounter_state(), 5, 1)


def test_impossible_is_an_answer_when_the_engine_finds_none(tally):
    e = ex.number(trogdor_state(), "Fewest AP?", lambda s: (None, "no plan exists"),
                  impossible=True, score=tally)  # fmt: skip
    assert e.solution() == "impossible" and "impossible: no plan exists" in e.solution_text()
    assert not e.answer(3).correct
    e.impossible.value = True
    assert e.check().correct
    points = ex.battle_level(encounter_state(), 0, 2, score=tally)  # always has an answer
    assert points.impossible.layout.display == "none" and not points.answer("impossible").judged


# ---- choices and feedback in the rule's words -----------------------------------------------
RULE_ID = re.compile(r"\b[A-Z]{1,2}-[A-Z]+")


def test_predict_choices_are_short_plain_sentences(tally):
    for e in _every_kind(tally):
        if not isinstance(e, ex.PredictExercise):
            continue
        assert len(set(e.choices)) == len(e.choices) >= 3
        for c in e.choices:
            assert "=" not in c and not RULE_ID.search(c) and "fires" not in c, c
            assert len(c) <= 160, c


def test_flaming_peasant_choices_do_not_name_the_rule(tally):
    torch = trogdor_puzzle("C.M.C/.T.../...L./...T./C.M..", trogdor="B3", peasants=["B3"], ap=2,
                           movement=["0N-SSE"])  # fmt: skip
    e = ex.predict(torch, "burn peasant", score=tally)
    want = e.solution()
    assert want.startswith("B3, B4, B5, C5 burn") and "the peasant on B3 leaves the board" in want
    assert "Void" in want and all("PEASANT" not in c for c in e.choices)
    partial = next(c for c in e.choices if c != want and set(c.split("; ")) < set(want.split("; ")))
    assert "only part" in e.answer(partial).text


def test_clicking_the_cottage_names_the_condition_that_failed(tally):
    # trogdor_03: one tile (C4) short of burning the centre cottage; C3's tile already burnt
    centre = trogdor_puzzle("C.M../.T.../..C../...T./C.M..", trogdor="C3",
                            burnt=["C3", "B2", "C2", "D2", "B3", "D3", "B4", "D4"], ap=4)  # fmt: skip
    e = ex.burninate_squares(centre, score=tally)
    assert e.solution() == ()
    fb = e.answer(["C3"])
    assert fb.refusals["C3"].rule_id == "T-BURN-COTTAGE"
    first = e.feedback.value.split("<li>")[-1]
    assert "T-BURN-COTTAGE" in first and "every tile around it" in first
    assert "none is possible here" in e.feedback.value
    assert e.answer([]).correct and "none is possible" in e.solution_text()


def test_hints_name_the_rule_that_decides_this_position(tally):
    e = ex.legal(trogdor_state(), "burn tile at A1", score=tally)
    assert "T-LONG-RANGE" in e.hint()
    e = ex.predict(trogdor_state(), "move S", score=tally)
    assert "T-MOVE" in e.hint()
    centre = trogdor_puzzle("C.M../.T.../..C../...T./C.M..", trogdor="C3",
                            burnt=["C3", "B2", "C2", "D2", "B3", "D3", "B4", "D4"], ap=4)  # fmt: skip
    assert "T-BURN-COTTAGE" in ex.burninate_squares(centre, score=tally).hint()
    assert "Y5a, Y5b" in ex.battle_level(encounter_state(), 0, 2, score=tally).hint()


def test_a_wrong_prediction_names_the_deciding_rule_and_its_condition(tally):
    torch = trogdor_puzzle("C.M.C/.T.../...L./...T./C.M..", trogdor="B3", peasants=["B3"], ap=2,
                           movement=["0N-SSE"])  # fmt: skip
    e = ex.predict(torch, "burn peasant", score=tally)
    for c in e.choices:
        if c != e.solution():
            text = e.answer(c).text
            assert "T-BURN-PEASANT" in text and "ends in the Void" in text, text


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


def test_self_check_prints_nothing_and_leaves_the_learner_alone(tally, capsys):
    for e in _every_kind(tally):
        e.feedback.value = "learner's feedback"
        assert e.self_check() is True
        assert e.feedback.value == "learner's feedback" and e.last is None
        assert not e.view.marks  # nothing marked either
    assert tally.answered == 0 and tally.attempts == 0
    assert capsys.readouterr().out == ""


def test_self_check_fails_when_the_engine_disagrees(tally):
    e = ex.legal(trogdor_state(), "burn tile", score=tally)
    e.right_answer = lambda: False  # a stale, typed-in answer
    with pytest.raises(AssertionError, match="refused"):
        e.self_check()


# ---- saved notebooks ----------------------------------------------------------------------------
NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_saved_notebooks_show_an_answer_only_collapsed(path):
    import nbformat

    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        outputs = cell.get("outputs", [])
        if "self_check()" in cell.source:  # the hidden check: nothing a learner can read
            assert not outputs, cell.source
        for out in outputs:
            text = str(out.get("text", "")) + str(out.get("data", {}).get("text/plain", ""))
            assert "right answer accepted" not in text and "wrong answer refused" not in text
            html = str(out.get("data", {}).get("text/html", ""))
            if "trogkit-exercise-static" in html:  # the answer only inside <details>
                before, _, rest = html.partition("<details><summary>answer</summary>")
                assert rest and "</details>" in rest and "solution" not in before
