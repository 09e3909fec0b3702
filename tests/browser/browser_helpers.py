"""What the browser tests do on a page: run a notebook in JupyterLab, find a board, click elements
of its drawing by their ``data-target`` and wait until the drawing changes, read the refusal, and
save screenshots (tests/browser/screenshots/, ignored by git) for review.

Boards mark their parts with CSS classes (``trogkit-board``, ``trogkit-picture`` -- the drawing
you click --, ``trogkit-actions``, ``trogkit-message``) so the tests never depend on widget layout.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

APP_PAGE = "voila/render/instructor.ipynb"  # the instructor app, as `make app` serves it
PRESENTER_PAGE = "voila/render/presenter.ipynb"
BOARD = ".trogkit-board"
PICTURE = ".trogkit-picture"
DRAWING = ".trogkit-drawing"
ACTIONS = ".trogkit-actions button"
MESSAGE = ".trogkit-message"
SHOTS = Path(__file__).resolve().parent / "screenshots"
REDRAW_LOG = SHOTS / "redraw_ms.txt"
WAIT_MS = 60_000  # a loaded 2-core CI machine: generous, and every wait is on a condition


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


def selected_targets(board) -> list[str]:
    """The targets the board's drawing shows as chosen (ringed), in drawing order."""
    return drawing_of(board).evaluate(
        "(el) => [...el.querySelectorAll('.tk-selected')].map(n => n.getAttribute('data-target'))"
    )


def _wait_redrawn(page, view, version: str | None, selected) -> None:
    """Wait until ``view`` drew again after ``version`` and shows exactly ``selected`` chosen.

    The version alone could be an earlier update arriving late; together with the selection the
    click expects, the condition holds only once Python has handled this click."""
    page.wait_for_function(
        """([el, v, want]) => {
            if (el.dataset.version === v) return false;
            const got = [...el.querySelectorAll('.trogkit-drawing .tk-selected')]
                .map(n => n.getAttribute('data-target')).sort();
            return JSON.stringify(got) === JSON.stringify(want);
        }""",
        arg=[view.element_handle(), version, sorted(selected)],
        timeout=WAIT_MS,
    )


OWN_POINT = """(node) => {
    // a point of the node (in the window) where no other target is drawn over it
    const r = node.getBoundingClientRect();
    for (let fy = 0.1; fy < 1; fy += 0.1) for (let fx = 0.1; fx < 1; fx += 0.1) {
        const x = r.left + fx * r.width, y = r.top + fy * r.height;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest('[data-target]') === node) return {x, y};
    }
    return null;
}"""


def click_target(
    page,
    board,
    target: str,
    *,
    selected=(),
    redraws: bool = True,
    center: bool = False,
    changes: bool | None = None,
) -> str:
    """Click the drawn element ``data-target=target`` of ``board``. With ``redraws`` (every click
    that plays, selects, un-selects or opens a menu) wait until the view has drawn Python's
    answer to it, with ``selected`` the targets then chosen; without (a refusal with no selection
    to clear changes only the message), the caller waits on the message. Returns the drawing's
    HTML afterwards. The click lands on a part of the element no other target covers (a slot,
    not a card drawn in it), or with ``center`` on its centre whatever is drawn there. (``changes``
    is the older spelling of ``redraws``, kept for test_voila.)"""
    redraws = redraws if changes is None else changes
    drawing = drawing_of(board)
    view = board.locator(".trogkit-view").first
    version = view.get_attribute("data-version")
    node = drawing.locator(f'[data-target="{target}"]').first
    node.wait_for(state="attached")
    node.scroll_into_view_if_needed()
    point = None if center else node.evaluate(OWN_POINT)
    if point:  # where the page itself says the node is hit (not relative to an SVG box)
        page.mouse.click(point["x"], point["y"])
    else:
        node.click()
    if redraws:
        _wait_redrawn(page, view, version, selected)
    return drawing.inner_html()


def click_menu(page, board, label: str) -> None:
    """Pick ``label`` in the board's open menu and wait until the view has drawn the result."""
    view = board.locator(".trogkit-view").first
    item = board.locator(f'.trogkit-menu button[data-menu="{label}"]').first
    item.wait_for(state="visible")
    version = view.get_attribute("data-version")
    item.click()
    _wait_redrawn(page, view, version, ())


def wait_message(board, text: str) -> str:
    msg = board.locator(MESSAGE).first
    msg.filter(has_text=text).wait_for(timeout=WAIT_MS)
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


def screenshot(page, name: str, element=None) -> Path:
    """The page, or only ``element`` (whole, even where Lab's notebook panel scrolls it out of
    the window: the page's own screenshot would cut it)."""
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    if element is not None:
        element.screenshot(path=str(path))
    else:
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
    """Every code cell has an execution count (read from the notebook's model: with windowing,
    cells out of view are not in the page)."""
    counts = page.evaluate(
        """() => window.jupyterapp.shell.currentWidget.content.widgets
            .filter(c => c.model.type === 'code').map(c => c.model.executionCount)"""
    )
    assert counts, "no code cells found"
    unrun = [i for i, n in enumerate(counts) if n is None]
    assert not unrun, f"{len(unrun)} of {len(counts)} code cells did not run: {unrun}"


def cell_with(page, code: str):
    """The notebook cell whose source contains ``code``, scrolled into view. With Lab's default
    windowing a cell out of view is not in the page at all, so boards are found by their cell,
    never by their rank among the boards the page holds at the moment."""
    index = page.evaluate(
        """async (code) => {
            const nb = window.jupyterapp.shell.currentWidget.content;
            const i = nb.widgets.findIndex(c => c.model.sharedModel.getSource().includes(code));
            if (i < 0) return -1;
            nb.widgets[i].node.dataset.trogkitCell = String(i);
            await nb.scrollToItem(i, "start");
            return i;
        }""",
        code,
    )
    assert index >= 0, f"no cell with {code!r}"
    cell = page.locator(f'[data-trogkit-cell="{index}"]')
    cell.wait_for(state="attached")
    return cell


def board_in_cell(page, code: str):
    """The (first) board shown by the cell whose source contains ``code``, in view."""
    board = cell_with(page, code).locator(BOARD).first
    board.wait_for(state="visible", timeout=WAIT_MS)
    board.scroll_into_view_if_needed()
    return board


def ring_boxes(board) -> list[dict]:
    """The on-screen boxes of the board's green "legal now" rings, and how many of its drawn
    targets are legal (each should have a ring)."""
    return drawing_of(board).evaluate(
        """(el) => ({
            legal: el.querySelectorAll('.tk-legal').length,
            rings: [...el.querySelectorAll('.tk-ring-legal')].map(r => {
                const b = r.getBoundingClientRect();
                return {width: b.width, height: b.height};
            }),
        })"""
    )


def assert_rings_drawn(board) -> None:
    """Every legal target of the board is ringed, and every ring has a size a learner sees."""
    got = ring_boxes(board)
    assert got["legal"] > 0, "no legal target on this board"
    assert len(got["rings"]) == got["legal"], got
    small = [
        r for r in got["rings"] if r["width"] < 5 or r["height"] < 5
    ]  # an unmeasured ring: 3 x 3
    assert not small, f"{len(small)} of {len(got['rings'])} rings have no size: {small[:3]}"


def card_label_px(board) -> list[float]:
    """The on-screen font size (px) of every text drawn on a card of the board's drawing."""
    return drawing_of(board).evaluate(
        """(el) => {
            const svg = el.querySelector('svg');
            const scale = svg.getScreenCTM().a;
            return [...svg.querySelectorAll('[data-target^="card:"] text')].map(t =>
                parseFloat(getComputedStyle(t).fontSize) * scale);
        }"""
    )


def outside_requests(page) -> list[str]:
    """Requests the page made to any host but 127.0.0.1 (a CDN, fonts, news)."""
    return [u for u in page.requests
            if urlsplit(u).scheme in ("http", "https", "ws", "wss")
            and urlsplit(u).hostname != "127.0.0.1"]  # fmt: skip
