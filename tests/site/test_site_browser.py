"""The lessons in the browser: `make site` builds the static JupyterLite site (downloads cached in
~/.cache/trogkit-site), it is served on 127.0.0.1 by a plain static file server, and Chromium
(Debian's, through Playwright, at 1024x768) opens one lesson of every game and the instructor app
with every other host blocked (aborted and recorded). Each runs all its cells in the Pyodide
kernel with no error; a board's drawing is clicked and Python's answer drawn; an exercise is
answered (wrong, then right) and its feedback read. `make test-site` runs this (.ci/run calls it);
`make site-survey` runs every notebook of the site and prints what passed.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scripts import site
from scripts.site_survey import (
    CHROMIUM,
    CHROMIUM_ARGS,
    Run,
    block_other_hosts,
    open_document,
    open_lesson,
    run_all,
    serve,
)

pytestmark = pytest.mark.timeout(2400)

SHOTS = Path(__file__).resolve().parents[1] / "browser" / "screenshots" / "site"
# one lesson of every game (each with a live board and a legal-or-not exercise) and the app
LESSONS = [
    "trogdor_01_countryside_and_setup.ipynb",
    "trollland_01_components_and_turn.ipynb",
    "encounter_03_solo_adventure.ipynb",
]
SOLVER_LESSON = "trollland_04_loading_solver.ipynb"  # z3 and the example files, in the browser
APP = "instructor.ipynb"


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no chromium at {CHROMIUM}: apt-get install chromium (.ci/run does)")
    out = tmp_path_factory.mktemp("lite") / "site"
    site.build(out)
    with serve(out) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def lesson(browser):
    """A page whose requests to any host but 127.0.0.1 are aborted and listed in run.outside."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    pages = []

    def open_page(name: str):
        run = Run(name)
        block_other_hosts(context, run.outside)
        page = context.new_page()
        page.set_default_timeout(120_000)
        pages.append(page)
        return page, run

    yield open_page
    SHOTS.mkdir(parents=True, exist_ok=True)
    for i, page in enumerate(pages):
        page.screenshot(path=str(SHOTS / f"test_{i}_{os.getpid()}.png"))
    context.close()


def run_lesson(lesson, site_url: str, name: str, path: str | None = None):
    page, run = lesson(name)
    t0 = open_lesson(page, site_url, name, run) if path is None else open_app(page, site_url, run)
    run_all(page, run, t0)
    assert not run.errors, f"{name}: cells failed in the browser: {run.errors}"
    assert run.passed == run.cells > 0, f"{name}: {run.passed} of {run.cells} cells ran"
    assert run.board_s is not None, f"{name}: no live board was drawn"
    page.screenshot(path=str(SHOTS / f"{Path(name).stem}.png"))
    return page, run


def open_app(page, site_url: str, run: Run) -> float:
    """The instructor app as a single document (the Notebook interface, code hidden)."""
    return open_document(page, f"{site_url}notebooks/index.html?path={APP}", run)


CLICK_LEGAL = """async (drawing) => {
    // click the first target the board rings as legal; resolve once Python's redraw arrives
    const view = drawing.closest('.trogkit-view') || drawing.closest('.trogkit-board')
        .querySelector('.trogkit-view');
    const before = view.dataset.version;
    const node = drawing.querySelector('[data-target].tk-legal');
    if (!node) return 'no legal target';
    const r = node.getBoundingClientRect();
    node.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: r.x + r.width / 2,
                                                clientY: r.y + r.height / 2}));
    for (let i = 0; i < 600; i++) {
        if (view.dataset.version !== before) return 'redrawn';
        await new Promise(ok => setTimeout(ok, 100));
    }
    return 'no answer from the kernel';
}"""


def click_a_board(page) -> None:
    drawing = page.locator(".trogkit-drawing:has(.tk-legal)").first
    drawing.scroll_into_view_if_needed()
    assert page.evaluate(CLICK_LEGAL, drawing.element_handle()) == "redrawn"


def answer_an_exercise(page) -> list[str]:
    """Answer the first legal-or-not exercise one way, then the other; both feedbacks."""
    box = page.locator(".trogkit-exercise:has(.trogkit-legal-buttons)").first
    box.scroll_into_view_if_needed()
    feedback = box.locator(".trogkit-feedback").first
    seen = []
    for choice in (0, 1):
        box.locator(".trogkit-legal-buttons button").nth(choice).click()
        page.wait_for_timeout(200)  # the choice reaches the kernel before Check
        box.locator(".trogkit-check").first.click()
        page.wait_for_function(
            "([el, old]) => el.innerText.trim() && el.innerText !== old",
            arg=[feedback.element_handle(), seen[-1] if seen else ""],
            timeout=60_000,
        )
        seen.append(feedback.inner_text())
    return seen


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_of_every_game_runs_in_the_browser_offline(lesson, site_url, name):
    page, run = run_lesson(lesson, site_url, name)
    click_a_board(page)
    verdicts = answer_an_exercise(page)
    assert sum(v.startswith("Right!") for v in verdicts) == 1, verdicts
    assert sum(v.startswith("Not quite.") for v in verdicts) == 1, verdicts
    assert not run.outside, f"requests left 127.0.0.1: {run.outside[:5]}"


def test_the_solver_lesson_runs_z3_in_the_browser_offline(lesson, site_url):
    page, run = run_lesson(lesson, site_url, SOLVER_LESSON)
    verdicts = answer_an_exercise(page)
    assert sorted(v.split()[0] for v in verdicts) == ["Not", "Right!"], verdicts
    assert not run.outside, f"requests left 127.0.0.1: {run.outside[:5]}"


def test_the_instructor_app_runs_in_the_browser_offline(lesson, site_url):
    page, run = run_lesson(lesson, site_url, APP, path="app")
    click_a_board(page)
    shown = page.locator(".jp-CodeCell .jp-InputArea-editor:visible").count()
    assert shown == 0, f"{shown} code cells shown in the app view"
    assert not run.outside, f"requests left 127.0.0.1: {run.outside[:5]}"
