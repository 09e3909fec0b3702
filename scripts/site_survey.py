"""Run notebooks in the built static site, in Chromium, with every other host blocked.

python -m scripts.site_survey [--site site] [NOTEBOOK ...]   # make site-survey: every notebook

Prints, per notebook, the code cells run and passed, the first failing cell and its error, the
time to the kernel being ready and to the first board, and any request that tried to leave
127.0.0.1 (aborted and recorded). tests/site/ drives the same functions (`open_lesson`,
`run_all`, `serve`) in the browser test.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL = ("http://127.0.0.1:", "data:", "blob:")

STATE = """() => {
    const w = window.jupyterapp.shell.currentWidget;
    const k = w.sessionContext.session && w.sessionContext.session.kernel;
    const cells = w.content.model.cells;
    let n = 0, done = 0;
    const errors = [];
    for (let i = 0; i < cells.length; i++) {
        const c = cells.get(i);
        if (c.type !== 'code') continue;
        n++;
        if (c.executionCount) done++;
        for (let j = 0; j < c.outputs.length; j++) {
            const o = c.outputs.get(j).toJSON();
            if (o.output_type === 'error') errors.push([i, o.ename + ': ' + o.evalue]);
        }
    }
    const running = [...document.querySelectorAll('.jp-InputArea-prompt')]
        .some(p => p.textContent.includes('*'));
    return {n, done, errors, status: k ? k.status : 'none', running};
}"""


@dataclass
class Run:
    notebook: str
    kernel_s: float = 0.0  # page opened -> kernel idle
    board_s: float | None = None  # page opened -> first live board drawn
    total_s: float = 0.0
    cells: int = 0
    passed: int = 0
    errors: list = field(default_factory=list)  # [cell index, "Error: message"]
    outside: list = field(default_factory=list)  # requests that tried to leave 127.0.0.1

    def line(self) -> str:
        first = f"cell {self.errors[0][0]}: {self.errors[0][1][:140]}" if self.errors else ""
        board = f"{self.board_s:.1f}" if self.board_s is not None else "-"
        return (
            f"{self.notebook:45} {self.passed:3}/{self.cells:<3} kernel {self.kernel_s:5.1f}s"
            f"  board {board:>5}s  total {self.total_s:6.1f}s  {first}"
        )


def block_other_hosts(context, outside: list) -> None:
    """Every request not to 127.0.0.1 is aborted and recorded."""

    def route(r):
        if r.request.url.startswith(LOCAL):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)


def open_lesson(page, url: str, notebook: str, run: Run) -> float:
    """Open `notebook` in the site's Lab and wait for its kernel; returns the start time."""
    return open_document(page, f"{url}lab/index.html?path={notebook}", run)


def open_document(page, address: str, run: Run) -> float:
    """Open a notebook's page (Lab, or the single-document Notebook view) and wait for its
    kernel to be idle; records the time in ``run.kernel_s`` and returns the start time."""
    t0 = time.monotonic()
    page.goto(address)
    page.wait_for_function(
        """() => { const a = window.jupyterapp, w = a && a.shell.currentWidget;
                   const s = w && w.sessionContext && w.sessionContext.session;
                   return !!(s && s.kernel && s.kernel.status === 'idle'); }""",
        timeout=180_000,
    )
    run.kernel_s = time.monotonic() - t0
    return t0


def run_all(page, run: Run, t0: float, limit_s: float = 600) -> None:
    """Run every cell; wait until the kernel is idle with nothing queued (run-all stops at the
    first error, as in Lab); record cells run, errors and the time to the first board."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    deadline = time.monotonic() + limit_s
    quiet = 0
    while time.monotonic() < deadline:
        if run.board_s is None and page.locator(".trogkit-drawing svg").count():
            run.board_s = time.monotonic() - t0
        state = page.evaluate(STATE)
        run.cells, run.errors = state["n"], state["errors"]
        run.passed = state["done"] - len({i for i, _ in run.errors})
        idle = state["status"] == "idle" and not state["running"]
        quiet = quiet + 1 if idle else 0
        if quiet >= 3 and (state["done"] == state["n"] or run.errors):
            break
        time.sleep(0.4)
    else:
        run.errors.append([-1, f"not finished after {limit_s:.0f} s"])
    run.total_s = time.monotonic() - t0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve(site: Path):
    """The site on a free 127.0.0.1 port (python -m http.server); yields its base URL."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(site)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}/"
        for _ in range(100):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


def survey(site: Path, notebooks: list[str], shots: Path | None = None) -> list[Run]:
    from playwright.sync_api import sync_playwright

    runs = []
    with serve(site) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for nb in notebooks:
            run = Run(nb)
            context = browser.new_context(viewport={"width": 1024, "height": 768})
            block_other_hosts(context, run.outside)
            page = context.new_page()
            try:
                run_all(page, run, open_lesson(page, url, nb, run))
            except Exception as e:  # a page that never got a kernel: say so, go on
                run.errors.append([-1, f"{type(e).__name__}: {str(e).splitlines()[0]}"])
            if shots:
                shots.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(shots / f"{Path(nb).stem}.png"))
            context.close()
            print(run.line(), flush=True)
            if run.outside:
                print("   left 127.0.0.1:", run.outside[:3], flush=True)
            runs.append(run)
        browser.close()
    return runs


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m scripts.site_survey", description=__doc__)
    ap.add_argument("notebooks", nargs="*")
    ap.add_argument("--site", type=Path, default=ROOT / "site")
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    args = ap.parse_args(argv)
    names = args.notebooks or sorted(p.name for p in (args.site / "files").glob("*.ipynb"))
    runs = survey(args.site, names, ROOT / "tests" / "browser" / "screenshots" / "site")
    ok = sum(not r.errors and not r.outside for r in runs)
    print(f"{ok} of {len(runs)} notebooks ran every cell with no error and no outside request")
    if args.json:
        args.json.write_text(json.dumps([r.__dict__ for r in runs], indent=1))
    return 0 if ok == len(runs) else 1


if __name__ == "__main__":
    sys.exit(main())
