"""Exercises as a learner uses them, in a real headless chromium at 1024x768: one exercise of every
kind (click, predict, legal or not, number, drill) in every game, in JupyterLab with its default
settings and in Voila. For each: the question, the live board and the Check button are on screen
together; choices do not overlap; no answer text shows before Check; a wrong answer then a right
one give the right feedback and score (first tries counted). The click -> feedback time of each
kind is measured in the page and written to screenshots/feedback_ms.txt."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from browser_helpers import (
    SHOTS,
    WAIT_MS,
    click_target,
    outside_requests,
    run_in_lab,
    screenshot,
    wait_idle_lab,
)

from boards import exercises as ex

pytestmark = pytest.mark.timeout(900)

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = "tests/browser/screenshots/exercises_browser.ipynb"  # written here, removed after
SCORE_FILE = ROOT / "tests/browser/screenshots/trogkit-score.json"  # the kernel's cwd
FEEDBACK_LOG = SHOTS / "feedback_ms.txt"
SETUP = """\
from boards import exercises as ex
from rulebook.encounter.setup import battle_position
from rulebook.trogdor import puzzle as trogdor_puzzle
from rulebook.trollland import puzzle as trollland_puzzle

TROGDOR = trogdor_puzzle("normal", trogdor="C3", knights=["B2"], peasants=["C4"], ap=4)
TORCH = trogdor_puzzle("C.M.C/.T.../...L./...T./C.M..", trogdor="B3", peasants=["B3"], ap=2,
                       movement=["0N-SSE"])
TROLLLAND = trollland_puzzle(2, row={"V10": [[], ["Bi8", "Bi9"]], "V04": [], "V01": []},
                             chosen=[["Zo6"], ["Ni3"]], hands=[["T1a"], ["T2a"]])
ENCOUNTER = battle_position([[["Y3a"], ["Y5a", "Y5b"]], [["Y1a"], [], ["Y9a", "G1"]]], to_move=1)
FINAL = trollland_puzzle(2, phase='over', trollgat=[['Bi1', 'Bi2', 'Go3'], []],
                         prison=[['T4a', 'T5a'], []], vehicles_won=[['V14', 'V03'], []],
                         won=[['Zo0', 'Zo5', 'Ze6', 'Ni9', 'Go7'], ['Ze1']],
                         bonus=['Bonus-Zo', 'Bonus-Bi'])
"""
CELLS = [  # (kind, cell)
    ("click", "ex.burninate_squares(TROGDOR)"),
    ("click", 'ex.cages_click(TROLLLAND, "Zo6")'),
    ("click", "ex.attack_click(ENCOUNTER, mine=1)"),
    ("predict", 'ex.predict(TORCH, "burn peasant")'),
    ("predict", 'ex.predict(TROLLLAND, "place Zo6 V04.1")'),
    ("predict", 'ex.predict(ENCOUNTER, "battle 3 P1:2")'),
    ("legal", 'ex.legal(TROGDOR, "burn tile at A1")'),
    ("legal", 'ex.legal(TROLLLAND, "place Zo6 V10.2")'),
    ("legal", 'ex.legal(ENCOUNTER, "battle 1 P1:3")'),
    ("number", 'ex.fewest_ap_to_burn(trogdor_puzzle("normal", trogdor="C3", ap=20), "A1")'),
    ("number", "ex.points(FINAL, 0)"),
    ("number", "ex.battle_level(ENCOUNTER, 0, 2)"),
    ("drill", 'ex.drill("trogdor", "T-BURN-TILE")'),
    ("drill", 'ex.drill("trollland", "TL-LOAD-CAPACITY")'),
    ("drill", 'ex.drill("encounter", "RE-COMPOSE-GREEN")'),
]
HIDDEN = "assert _.self_check() if hasattr(_, 'self_check') else _.current.self_check()"


def exercises() -> list:
    """The same exercises in Python (a drill: its first position, as the notebook shows it)."""
    scope: dict = {}
    exec(SETUP, scope)  # noqa: S102 - the notebook's own set-up cell
    out = []
    for _kind, cell in CELLS:
        e = eval(cell, scope)  # noqa: S307
        out.append(e.new() if isinstance(e, ex.Drill) else e)
    return out


def write_notebook() -> None:
    cells = [SETUP]
    for _kind, cell in CELLS:  # each exercise, then its hidden check (must print nothing)
        cells += [cell, HIDDEN]
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
    SCORE_FILE.unlink(missing_ok=True)


TIMED_CLICK = """([button, feedback]) => new Promise((done) => {
    // click Check and time it until the feedback shows a verdict (or a request to choose)
    const old = feedback.innerText, t0 = performance.now();
    const seen = () => feedback.innerText !== old && feedback.innerText.trim() !== '';
    const obs = new MutationObserver(() => { if (seen()) { obs.disconnect();
        done(performance.now() - t0); } });
    obs.observe(feedback, {subtree: true, childList: true, characterData: true});
    button.click();
})"""


NEW_POSITION = """(drill) => new Promise((done) => {
    // click "new position"; the time until the drill shows another board, and its question
    const board = () => drill.querySelector('.trogkit-drawing');
    const old = board(), t0 = performance.now();
    const seen = () => board() && board() !== old && board().querySelector('svg');
    const obs = new MutationObserver(() => { if (seen()) { obs.disconnect();
        done([performance.now() - t0, drill.querySelector('.trogkit-question').innerText]); } });
    obs.observe(drill, {subtree: true, childList: true});
    drill.querySelector('.trogkit-new-position').click();
})"""


def box_question(e) -> str:
    return f"{e.kind}: {e.question}"


def check(page, box) -> tuple[str, float]:
    """Press Check; the feedback text and the click -> feedback time in ms."""
    feedback = box.locator(".trogkit-feedback").first
    button = box.locator(".trogkit-check").first
    ms = page.evaluate(TIMED_CLICK, [button.element_handle(), feedback.element_handle()])
    return feedback.inner_text(), ms


def visible_together(page, box) -> dict:
    """Scroll the question to the top; where the question, the board and Check then are."""
    return box.evaluate(
        """(el) => {
            const q = el.querySelector('.trogkit-question');
            q.scrollIntoView({block: 'start'});
            const r = (sel) => el.querySelector(sel).getBoundingClientRect();
            const status = document.querySelector('#jp-main-statusbar');
            const bottom = status ? status.getBoundingClientRect().top : window.innerHeight;
            return {question: r('.trogkit-question').top, board: r('.trogkit-picture').bottom,
                    boardHeight: r('.trogkit-picture').height, check: r('.trogkit-check').bottom,
                    bottom: bottom};
        }"""
    )


def overlaps(box, selector: str) -> list:
    return box.evaluate(
        """(el, sel) => {
            const rs = [...el.querySelectorAll(sel)].map(b => b.getBoundingClientRect());
            const out = [];
            for (let i = 0; i < rs.length; i++) for (let j = i + 1; j < rs.length; j++) {
                const a = rs[i], b = rs[j];
                if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 &&
                    b.top < a.bottom - 1) out.push([i, j]);
            }
            return out;
        }""",
        selector,
    )


def choose(page, box, e, answer) -> None:
    """Enter ``answer`` on the exercise's own controls, as a learner does."""
    if isinstance(e, ex.ClickExercise):
        chosen = list(e.current_answer() or [])  # what Python already holds (none at first)
        want = list(answer)
        for t in [*[t for t in chosen if t not in want], *[t for t in want if t not in chosen]]:
            chosen = [c for c in chosen if c != t] if t in chosen else [*chosen, t]
            click_target(page, box, t, selected=chosen, center=True)
            e.toggle(t)  # keep the Python copy in step (same rules as the kernel's)
    elif isinstance(e, ex.PredictExercise):
        i = e.choices.index(answer)
        box.locator(".trogkit-choice").nth(i).click()
    elif isinstance(e, ex.LegalExercise):
        box.locator(".trogkit-legal-buttons button").nth(0 if answer else 1).click()
    else:
        box.locator(".trogkit-number input").fill(str(answer))
        box.locator(".trogkit-number input").press("Tab")
    page.wait_for_timeout(150)  # the widget's value reaches the kernel before Check


def answer_wrong_then_right(page, box, e, i: int, where: str, times: dict) -> None:
    """The checks of one exercise (``i``-th on the page)."""
    name = f"{where}_{CELLS[i][0]}_{e.game.name}"
    geo = visible_together(page, box)
    assert geo["question"] > -2 and geo["board"] <= geo["bottom"], (name, geo)
    assert geo["check"] <= geo["bottom"] and geo["boardHeight"] > 100, (name, geo)
    screenshot(page, f"{name}_question")
    text = box.inner_text()  # a predict's choices include its answer: only among the others
    if not isinstance(e, ex.PredictExercise):
        assert e.solution_text() not in text, (name, text)
    for part in (".trogkit-feedback", ".trogkit-solution", ".trogkit-hint"):
        assert not box.locator(part).first.inner_text().strip(), (name, part)
    assert "right answer accepted" not in text, (name, text)
    assert not overlaps(box, ".trogkit-choice, .trogkit-legal-buttons button"), name
    empty, _ms = check(page, box)  # Check with nothing chosen: told what to do, not scored
    assert "first" in empty and "Not quite" not in empty, (name, empty)
    choose(page, box, e, e.wrong_answer())
    wrong, ms_wrong = check(page, box)
    assert "Not quite" in wrong, (name, wrong)
    if isinstance(e, ex.ClickExercise) or e.solution() is False:  # a refusal: rule and reason
        assert "refused by" in wrong and "here" in wrong, (name, wrong)
    screenshot(page, f"{name}_wrong")
    choose(page, box, e, e.right_answer())
    right, ms_right = check(page, box)
    assert "Right!" in right, (name, right)
    want = f"0 of {i + 1} right at the first try, {i + 1} solved"  # first tries were wrong
    box.locator(".trogkit-score").first.filter(has_text=want).wait_for(timeout=WAIT_MS)
    screenshot(page, f"{name}_right")
    times.setdefault(CELLS[i][0], []).extend([ms_wrong, ms_right])
    if CELLS[i][0] == "drill":  # a new position is drawn in place of the last one
        drill = box.locator("xpath=ancestor::div[contains(@class, 'trogkit-drill')]").first
        ms, question = drill.evaluate(NEW_POSITION)
        assert question != box_question(e), (name, question)
        screenshot(page, f"{name}_new_position")
        times.setdefault("drill: new position", []).append(ms)


def record(where: str, times: dict) -> None:
    SHOTS.mkdir(exist_ok=True)
    with FEEDBACK_LOG.open("a") as f:
        for kind, values in times.items():
            v = sorted(values)
            f.write(f"{where} {kind}: {len(v)} checks, median {v[len(v) // 2]:.0f} ms, "
                    f"max {v[-1]:.0f} ms\n")  # fmt: skip


def lab_exercise(page, i: int):
    """The ``i``-th exercise's box in Lab (windowing on: scroll its cell into the DOM first)."""
    cell = 1 + 2 * i
    page.evaluate(
        """(i) => { const nb = window.jupyterapp.shell.currentWidget.content;
                    nb.activeCellIndex = i; nb.scrollToItem(i, 'start'); }""",
        cell,
    )
    page.wait_for_function(
        """(i) => { const c = window.jupyterapp.shell.currentWidget.content.widgets[i];
                    return c && c.node.isConnected && c.node.querySelector('.trogkit-check'); }""",
        arg=cell,
        timeout=WAIT_MS,
    )
    page.evaluate(
        """(i) => { document.querySelectorAll('[data-test-exercise]').forEach(
                        n => n.removeAttribute('data-test-exercise'));
                    window.jupyterapp.shell.currentWidget.content.widgets[i].node
                        .setAttribute('data-test-exercise', 'yes'); }""",
        cell,
    )
    return page.locator("[data-test-exercise='yes'] .trogkit-exercise").first


def test_every_kind_in_every_game_in_lab(page, jupyter_lab):
    page.set_viewport_size({"width": 1024, "height": 768})
    write_notebook()
    times: dict = {}
    try:
        run_in_lab(page, jupyter_lab, NOTEBOOK)
        wait_idle_lab(page, timeout=180_000)
        hidden_outputs = page.evaluate(
            """() => Array.from(window.jupyterapp.shell.currentWidget.content.model.cells)
                .filter((c, i) => i > 0 && i % 2 === 0).map(c => c.outputs.length)"""
        )
        assert hidden_outputs == [0] * len(CELLS)  # the hidden checks print nothing
        for i, e in enumerate(exercises()):
            box = lab_exercise(page, i)
            answer_wrong_then_right(page, box, e, i, "lab", times)
        assert not page.errors, page.errors
        assert not outside_requests(page)
    finally:
        (ROOT / NOTEBOOK).unlink(missing_ok=True)
        SCORE_FILE.unlink(missing_ok=True)
    record("lab", times)


def browser_conftest(config):
    """tests/browser/conftest.py as pytest loaded it (``import conftest`` may find another
    directory's conftest when the whole suite runs)."""
    want = Path(__file__).with_name("conftest.py")
    return next(m for m in config.pluginmanager.get_plugins()
                if Path(getattr(m, "__file__", None) or "/") == want)  # fmt: skip


@pytest.fixture
def voila_exercises(browser, tmp_path, request):
    """Voila serving the exercise notebook (written first), with the kit's template."""
    c = browser_conftest(request.config)
    write_notebook()
    port = c.free_port()
    proc, log = c._start(
        [str(c.BIN / "voila"), str(ROOT / NOTEBOOK), *c.VOILA_TEMPLATE, "--no-browser",
         f"--port={port}", "--Voila.ip=127.0.0.1", "--show_tracebacks=True"],
        tmp_path,
        "voila",
    )  # fmt: skip
    server = c.Server(f"http://127.0.0.1:{port}/", "", proc, log)
    try:
        c._wait_ready(server, "voila/static/voila.js")
        yield server
    finally:
        c._stop(proc)
        (ROOT / NOTEBOOK).unlink(missing_ok=True)
        SCORE_FILE.unlink(missing_ok=True)


def test_every_kind_in_every_game_in_voila(page, voila_exercises):
    page.set_viewport_size({"width": 1024, "height": 768})
    t0 = time.monotonic()
    page.goto(voila_exercises.url, timeout=300_000)
    boxes = page.locator(".trogkit-exercise")
    boxes.nth(len(CELLS) - 1).wait_for(timeout=300_000)
    page.wait_for_timeout(500)
    body = page.locator("body").inner_text()
    assert "right answer accepted" not in body and "Traceback" not in body
    times: dict = {}
    for i, e in enumerate(exercises()):
        answer_wrong_then_right(page, boxes.nth(i), e, i, "voila", times)
    assert not page.errors, page.errors
    assert not outside_requests(page)  # the kit's Voila template serves its fonts itself
    assert time.monotonic() - t0 < 600
    record("voila", times)


def test_the_python_side_agrees_with_what_the_browser_test_answers():
    # without a browser: the same answers give the same verdicts (so a browser failure is a
    # front-end problem, not an exercise one)
    tally = ex.Score()
    for e in exercises():
        e.score = tally
        assert not e.answer(e.wrong_answer()).correct and e.answer(e.right_answer()).correct
    assert [type(e).__name__ for e in exercises()][:12] == (
        ["ClickExercise"] * 3 + ["PredictExercise"] * 3 + ["LegalExercise"] * 3
        + ["NumberExercise"] * 3
    )  # fmt: skip
