"""What the browser tests do on a page: run a notebook in JupyterLab, find a board, click elements
of its drawing by their ``data-target`` and wait until the drawing changes, read the refusal, and
save screenshots (tests/browser/screenshots/, ignored by git) for review.

Boards mark their parts with CSS classes (``trogkit-board``, ``trogkit-picture`` -- the drawing
you click --, ``trogkit-actions``, ``trogkit-message``) so the tests never depend on widget layout.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

BOARD = ".trogkit-board"
PICTURE = ".trogkit-picture"
DRAWING = ".trogkit-drawing"
ACTIONS = ".trogkit-actions button"
MESSAGE = ".trogkit-message"
SHOTS = Path(__file__).resolve().parent / "screenshots"
REDRAW_LOG = SHOTS / "redraw_ms.txt"


def run_in_lab(page, server, notebook: str) -> None:
    """Open ``notebook`` (path relative to the repo) in Lab and run all its cells."""
    page.goto(f"{server.url}lab/tree/{notebook}?reset&token={server.token}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
    page.wait_for_function(
        """() => {
            const w = window.jupyterapp.shell.currentWidget;
            const s = w && w.sessionContext;
            return !!(s && s.session && s.session.kernel && s.session.kernel.status === 'idle');
        }""",
        timeout=60_000,
    )
    # clear the saved outputs (board pictures) first, so every board seen later is live
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.wait_for_function(
        "() => document.querySelectorAll('.jp-OutputArea-output').length === 0", timeout=30_000
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


def wait_idle_lab(page, timeout: int = 60_000) -> None:
    """Wait until the notebook has no queued or running cells."""
    page.wait_for_function(
        """() => {
            const w = window.jupyterapp.shell.currentWidget;
            const k = w && w.sessionContext.session && w.sessionContext.session.kernel;
            const prompts = [...document.querySelectorAll('.jp-InputArea-prompt')];
            return k && k.status === 'idle' && prompts.length > 0 &&
                   prompts.every(p => !p.textContent.includes('*'));
        }""",
        timeout=timeout,
    )


def drawing_of(board):
    d = board.locator(f"{PICTURE} {DRAWING}").first
    d.wait_for(state="attached")
    return d


def click_target(page, board, target: str, *, changes: bool = True) -> str:
    """Click the drawn element ``data-target=target`` of ``board``; with ``changes`` wait until
    the drawing is redrawn with a different picture, else until any redraw it causes (a
    selection ring) is done. Returns the drawing's HTML afterwards."""
    drawing = drawing_of(board)
    view = board.locator(".trogkit-view").first
    before, version = drawing.inner_html(), view.get_attribute("data-version")
    node = drawing.locator(f'[data-target="{target}"]').first
    node.wait_for(state="attached")
    node.click()
    if changes:
        page.wait_for_function(
            "([el, old]) => el.innerHTML !== old", arg=[drawing.element_handle(), before]
        )
    else:
        try:
            page.wait_for_function(
                "([el, v]) => el.dataset.version !== v",
                arg=[view.element_handle(), version],
                timeout=1500,
            )
        except PlaywrightTimeout:  # the click changed no drawn value (e.g. only the message)
            pass
    return drawing.inner_html()


def click_menu(page, board, label: str) -> None:
    item = board.locator(f'.trogkit-menu button[data-menu="{label}"]').first
    item.wait_for(state="visible")
    item.click()


def wait_message(board, text: str) -> str:
    msg = board.locator(MESSAGE).first
    msg.filter(has_text=text).wait_for()
    return msg.inner_text()


def redraw_ms(board) -> float:
    """The browser's click -> redraw time of the board's last click (board.js records it)."""
    value = board.locator(".trogkit-view").first.get_attribute("data-redraw-ms")
    return float(value)


def record_redraw(name: str, values: list[float]) -> None:
    SHOTS.mkdir(exist_ok=True)
    values = sorted(values)
    line = (
        f"{name}: {len(values)} clicks, median {values[len(values) // 2]:.1f} ms, "
        f"max {values[-1]:.1f} ms\n"
    )
    with REDRAW_LOG.open("a") as f:
        f.write(line)


def screenshot(page, name: str) -> Path:
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def cut_labels(page, scope: str = "body") -> list[str]:
    """Visible buttons whose label does not fit (text cut by an ellipsis)."""
    return page.evaluate(
        """(scope) => [...document.querySelectorAll(scope + ' button')]
            .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
            .map(b => b.textContent.trim())""",
        scope,
    )


def overflowing(page, selector: str) -> list[str]:
    """Elements matching ``selector`` whose right edge is past the window's width."""
    return page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)]
            .filter(e => e.offsetParent !== null &&
                         e.getBoundingClientRect().right > window.innerWidth + 1)
            .map(e => (e.textContent || e.className).trim().slice(0, 40))""",
        selector,
    )


def assert_no_widget_trouble(page) -> None:
    """No widget left in "Loading widget..." and no widget error box."""
    text = page.locator("body").inner_text()
    assert "Loading widget" not in text, "a widget never rendered"
    assert "Error displaying widget" not in text, "a widget failed to render"
    assert not page.locator(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
    ).count(), "a cell wrote to stderr"


def assert_all_cells_ran(page) -> None:
    """Every code cell shows an execution count ("[12]:"), none is pending or unrun."""
    prompts = page.locator(".jp-CodeCell .jp-InputArea-prompt").all_inner_texts()
    assert prompts, "no code cells found"
    unrun = [p for p in prompts if not any(ch.isdigit() for ch in p)]
    assert not unrun, f"{len(unrun)} of {len(prompts)} code cells did not run: {unrun}"
