"""In JupyterLab, in a real headless chromium: one click exercise per game (boards.exercises) is
answered by clicking the drawing and pressing Check, and its feedback is read back: first with a
wrong click (the refusal's rule ID shows), then rightly ("Right!" and the score)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_helpers import WAIT_MS, click_target, run_in_lab, screenshot, wait_idle_lab
from playwright.sync_api import expect

from boards import exercises as ex

pytestmark = pytest.mark.timeout(300)

ROOT = Path(__file__).resolve().parents[2]

NOTEBOOK = "tests/browser/screenshots/exercises_browser.ipynb"  # written here, removed after
SETUP = """\
from boards import exercises as ex
from rulebook.encounter.setup import battle_position
from rulebook.trogdor import puzzle as trogdor_puzzle
from rulebook.trollland import puzzle as trollland_puzzle

TROGDOR = trogdor_puzzle("normal", trogdor="C3", knights=["B2"], peasants=["C4"], ap=4)
TROLLLAND = trollland_puzzle(2, row={"V10": [[], ["Bi8", "Bi9"]], "V04": [], "V01": []},
                             chosen=[["Zo6"], ["Ni3"]], hands=[["T1a"], ["T2a"]])
ENCOUNTER = battle_position([[["Y3a"], ["Y5a", "Y5b"]], [["Y1a"], [], ["Y9a", "G1"]]], to_move=1)
"""
CELLS = [
    "ex.burninate_squares(TROGDOR)",
    'ex.cages_click(TROLLLAND, "Zo6")',
    "ex.attack_click(ENCOUNTER, mine=1)",
]


def exercises():
    """The same exercises in Python, to know the right and a wrong click of each."""
    scope: dict = {}
    exec(SETUP, scope)  # noqa: S102 - the notebook's own set-up cell
    return [eval(c, scope) for c in CELLS]  # noqa: S307


def write_notebook() -> None:
    cells = [SETUP, *CELLS]
    nb = {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                   "source": src} for src in cells],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }  # fmt: skip
    path = ROOT / NOTEBOOK
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(nb), encoding="utf-8")


def feedback_after_check(page, box) -> str:
    """Press Check and wait until the feedback shows a new verdict."""
    feedback = box.locator(".trogkit-feedback").first
    before = feedback.inner_text()
    box.locator(".trogkit-check").first.click()
    page.wait_for_function(
        "([el, old]) => el.innerText !== old && /Right!|Not quite/.test(el.innerText)",
        arg=[feedback.element_handle(), before],
        timeout=WAIT_MS,
    )
    return feedback.inner_text()


def choose(page, box, chosen: list[str], target: str) -> None:
    """Click ``target`` on the exercise's drawing: it toggles in ``chosen`` and the drawing
    rings exactly the chosen targets once the kernel has handled the click."""
    if target in chosen:
        chosen.remove(target)
    else:
        chosen.append(target)
    click_target(page, box, target, selected=chosen, center=True)  # on a card in an encounter


def test_one_click_exercise_per_game_is_answered_by_clicks(page, jupyter_lab):
    page.set_viewport_size({"width": 1024, "height": 900})
    write_notebook()
    try:
        run_in_lab(page, jupyter_lab, NOTEBOOK)
        wait_idle_lab(page)
        boxes = page.locator(".trogkit-exercise")
        boxes.nth(len(CELLS) - 1).wait_for(timeout=WAIT_MS)
        for i, e in enumerate(exercises()):
            box = boxes.nth(i)
            box.scroll_into_view_if_needed()
            right = list(e.solution())
            wrong = next(t for t in e.options() if t not in right)
            rule = e.game.refusal(e.state, e.options()[wrong][0]).rule_id
            chosen: list[str] = []
            for t in [*right, wrong]:
                choose(page, box, chosen, t)
            text = feedback_after_check(page, box)
            assert "Not quite" in text and rule in text and wrong in text, text
            assert "missed: none" in text, text  # every right click reached the kernel
            # the drawing marks each click (the marks may draw just after the feedback)
            expect(box.locator(".tk-mark")).to_have_count(len(right) + 1, timeout=WAIT_MS)
            marks = box.locator(".tk-mark").all_text_contents()  # svg: no innerText
            assert sorted(marks) == sorted(["right"] * len(right) + ["wrong"]), marks
            screenshot(page, f"exercise_{e.game.name}_wrong", box)  # the refusal, readable?
            choose(page, box, chosen, wrong)  # un-choose the wrong one
            text = feedback_after_check(page, box)
            assert "Right!" in text, text
            score = box.locator(".trogkit-score").first
            score.filter(has_text=f"score: {i + 1} of {i + 1} right").wait_for(timeout=WAIT_MS)
            screenshot(page, f"exercise_{e.game.name}", box)
        assert not page.errors, page.errors
    finally:
        (ROOT / NOTEBOOK).unlink(missing_ok=True)


def test_the_python_side_agrees_with_what_the_browser_test_clicks():
    # without a browser: the same answers give the same verdicts (so a browser failure is a
    # front-end problem, not an exercise one)
    for e in exercises():
        right = list(e.solution())
        wrong = next(t for t in e.options() if t not in right)
        assert not e.answer([*right, wrong]).correct
        assert e.answer(right).correct
    assert isinstance(exercises()[0], ex.ClickExercise)
