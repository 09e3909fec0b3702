"""What the browser tests do on a page: run a notebook in JupyterLab, find a live board, click one
of its action buttons and wait until the drawn position changes.

Boards mark their parts with CSS classes (``trogkit-board``, ``trogkit-picture``,
``trogkit-actions``) so the tests never depend on widget layout details.
"""

from __future__ import annotations

BOARD = ".trogkit-board"
PICTURE = ".trogkit-picture"
ACTIONS = ".trogkit-actions button"
MESSAGE = ".trogkit-message"


def run_in_lab(page, server, notebook: str) -> None:
    """Open ``notebook`` (path relative to the repo) in Lab and run all its cells."""
    page.goto(f"{server.url}lab/tree/{notebook}?reset&token={server.token}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
    # wait for the kernel to be ready before running (the toolbar shows its status)
    page.wait_for_function(
        """() => {
            const w = window.jupyterapp.shell.currentWidget;
            const s = w && w.sessionContext;
            return !!(s && s.session && s.session.kernel && s.session.kernel.status === 'idle');
        }""",
        timeout=60_000,
    )
    # clear the saved outputs first, so every board and execution count seen later is live
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


def click_and_see_change(page, label: str) -> tuple[str, str]:
    """Click the action button ``label`` of the first board and wait for its picture to change.
    Returns (picture before, picture after)."""
    board = page.locator(BOARD).first
    board.wait_for(state="attached")
    picture = board.locator(PICTURE).first
    picture.wait_for(state="attached")
    before = picture.inner_html()
    button = board.locator(ACTIONS, has_text=label).first
    button.wait_for(state="attached")
    button.scroll_into_view_if_needed()
    button.click()
    handle = picture.element_handle()
    page.wait_for_function("([el, old]) => el.innerHTML !== old", arg=[handle, before])
    return before, picture.inner_html()


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
